package dev.orchard.archetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archetype as a provider author meets it: {@code mvn archetype:generate} makes a project, {@code mvn verify}
 * builds it on its own (offline, with no Orchard parent pom), {@code java -jar orchard-tck.jar} passes it, and its
 * jar copied into a running runtime's {@code deploy/} shows ACTIVE in {@code orchard:providers}.
 */
class ProviderArchetypeIT {
    private static final String VERSION = System.getProperty("orchard.archetype.version");
    private static final Pattern SUMMARY =
            Pattern.compile("(\\d+) run, (\\d+) passed, (\\d+) skipped(?: \\(([^)]*)\\))?, (\\d+) failed");
    private static final Duration TIMEOUT = Duration.ofMinutes(5);
    private static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();
    // A row of orchard:providers: NAME KIND STATE ...
    private static final Pattern ACME_ACTIVE = Pattern.compile("(?m)^acme\\s+orchestrator\\s+ACTIVE\\s");
    // A row of orchard:deploy: FILE STATE DETAIL, the jar's bundle started.
    private static final Pattern DEPLOYED =
            Pattern.compile("(?m)^acme-provider-1\\.0\\.0\\.jar\\s+installed\\s.*active");

    @TempDir
    Path folder;

    private static Path given(String property) {
        String value = System.getProperty(property);
        assertTrue(value != null && Files.isRegularFile(Path.of(value)), property + " names no file: " + value);
        return Path.of(value);
    }

    // Maven as the author runs it, offline, against the scratch repository, on this JVM's Java.
    private static Command maven(Path in, ScratchRepository repository, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(
                Path.of(System.getProperty("orchard.maven.home"), "bin", "mvn").toString());
        command.addAll(List.of("-B", "-o", "-Dmaven.repo.local=" + repository.root()));
        command.addAll(List.of(args));
        return Command.run(in, TIMEOUT, Map.of("JAVA_HOME", System.getProperty("java.home")), command);
    }

    @Test
    void aGeneratedProviderBuildsOnItsOwnPassesTheKitAndHotDeploysIntoARunningRuntime() throws Exception {
        ScratchRepository repository = ScratchRepository.linkedTo(
                folder.resolve("repository"), Path.of(System.getProperty("orchard.local.repository")));
        repository.put("orchard-api", VERSION, "jar", given("orchard.api.jar"));
        repository.attach("orchard-api", VERSION, "tests", given("orchard.api.tests.jar"));
        repository.put("orchard-provider-archetype", VERSION, "maven-archetype", given("orchard.archetype.jar"));
        Path work = Files.createDirectories(folder.resolve("work"));

        Command generate = maven(
                work,
                repository,
                "org.apache.maven.plugins:maven-archetype-plugin:3.3.1:generate",
                "-DarchetypeGroupId=dev.orchard",
                "-DarchetypeArtifactId=orchard-provider-archetype",
                "-DarchetypeVersion=" + VERSION,
                "-DgroupId=com.example",
                "-DartifactId=acme-provider",
                "-Dversion=1.0.0",
                "-Dpackage=com.example.acme",
                "-Dkind=acme",
                "-DinteractiveMode=false");
        assertEquals(0, generate.exit(), generate.output());
        Path project = work.resolve("acme-provider");
        for (String part : List.of("ProviderComponent", "Configuration", "Orchestrator", "Storage")) {
            Path source = project.resolve("src/main/java/com/example/acme/Acme" + part + ".java");
            assertTrue(Files.isRegularFile(source), "the generated project has " + source);
        }

        Command build = maven(project, repository, "verify");
        assertEquals(0, build.exit(), build.output());
        assertTrue(
                build.output().contains("Tests run: 8, Failures: 0, Errors: 0, Skipped: 0"),
                "the generated unit tests ran: " + build.output());
        Path jar = project.resolve("target/acme-provider-1.0.0.jar");
        assertTrue(Files.isRegularFile(jar), "the build made " + jar);

        // The one command the generated README gives, as it gives it.
        String kit = "--bundle target/acme-provider-1.0.0.jar --provider acme --require storage";
        assertTrue(
                Files.readString(project.resolve("README.md")).contains("java -jar orchard-tck.jar " + kit),
                "the README gives the command this test runs");
        List<String> command = new ArrayList<>(
                List.of(JAVA, "-jar", given("orchard.tck.command.jar").toString()));
        command.addAll(List.of(kit.split(" ")));
        Command check = Command.run(project, TIMEOUT, Map.of(), command);

        assertEquals(0, check.exit(), check.output());
        Matcher summary = SUMMARY.matcher(check.output());
        assertTrue(summary.find(), "the kit prints its summary: " + check.output());
        assertTrue(Integer.parseInt(summary.group(2)) >= 1, "at least one check passed: " + summary.group());
        assertEquals("0", summary.group(5), summary.group());

        // The README's deploy step: the jar copied into a running runtime's deploy/, with no restart.
        try (RunningRuntime runtime = RunningRuntime.start(
                JAVA, given("orchard.runtime.jar"), Files.createDirectories(folder.resolve("orchard")), TIMEOUT)) {
            // Up with its own providers and without acme: what follows is a hot deploy, not a start.
            runtime.await(
                    "orchard:providers",
                    out -> out.contains("mock") && !ACME_ACTIVE.matcher(out).find(),
                    Duration.ofSeconds(30));
            Files.copy(jar, runtime.deploy().resolve(jar.getFileName()));
            // It fails the test, with the runtime's output, unless acme shows ACTIVE within a minute.
            runtime.await("orchard:providers", ACME_ACTIVE.asPredicate(), Duration.ofSeconds(60));
            runtime.await("orchard:deploy", DEPLOYED.asPredicate(), Duration.ofSeconds(10));
        }
        System.out.printf(
                "generate %d ms, build %d ms, kit %d ms%n",
                generate.took().toMillis(),
                build.took().toMillis(),
                check.took().toMillis());
    }
}
