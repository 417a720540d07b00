package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.runtime.OrchardProcess.Ended;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Random;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Feedback on {@code deploy/} through the real jar: one WARN line per file that cannot be installed or started, with
 * the file and the reason, never a stack trace on the console; {@code orchard:deploy} lists every file with its
 * state; and {@code -c} sees what {@code deploy/} held when it started.
 */
class DeployFeedbackIT {
    private static final Path EXAMPLE = Path.of(System.getProperty("orchard.example.jar"));

    @TempDir
    Path folder;

    @Test
    void eachBadFileGetsOneWarnLineWithTheReasonAndOrchardDeployListsAll() throws Exception {
        Path deploy = Files.createDirectories(folder.resolve("deploy"));
        Files.write(deploy.resolve("empty.jar"), new byte[0]);
        byte[] noise = new byte[4096];
        new Random(14).nextBytes(noise);
        Files.write(deploy.resolve("random.jar"), noise);
        jar(deploy.resolve("plain.jar"), "Created-By", "hand");
        jar(deploy.resolve("unresolvable.jar"), "Bundle-SymbolicName", "unresolvable", "Import-Package", "no.such.pkg");
        Files.writeString(deploy.resolve("typed-x.cfg"), "count = I\"12x\"\n");
        Files.writeString(deploy.resolve("dev.orchard.provider.mock~junk.cfg"), "name=junk\n\\uZZZZ=1\n");
        Files.copy(EXAMPLE, deploy.resolve("example.jar"));

        try (OrchardProcess daemon = Daemons.start(folder)) {
            Ended listed = OrchardProcess.once(folder, "-c", "orchard:deploy");
            assertEquals(0, listed.status(), listed::toString);
            List<String> rows = listed.stdout().lines().toList();
            assertEquals("FILE", rows.get(0).split("\\s+")[0]);
            assertRow(
                    rows,
                    "dev.orchard.provider.mock~junk.cfg",
                    "failed",
                    "cannot be installed: IllegalArgumentException: Malformed \\uxxxx encoding.");
            assertRow(rows, "empty.jar", "failed", "cannot be installed: the file is empty, not a bundle");
            assertRow(rows, "example.jar", "installed", "dev.orchard.provider.example/0.1.0.SNAPSHOT, active");
            assertRow(
                    rows,
                    "plain.jar",
                    "failed",
                    "cannot be installed: its manifest has no Bundle-SymbolicName, so it is not a bundle");
            assertRow(
                    rows,
                    "random.jar",
                    "failed",
                    "cannot be installed: it is not a jar (zip) file: zip END header not found");
            assertRow(
                    rows,
                    "typed-x.cfg",
                    "failed",
                    "cannot be installed: NumberFormatException: For input string: \"12x\"");
            assertRow(rows, "unresolvable.jar", "failed", "cannot be started: Unable to resolve unresolvable");
            assertTrue(rows.get(rows.size() - 1).contains("no.such.pkg"), "the missing requirement is named");
            Ended help = OrchardProcess.once(folder, "-c", "orchard:help");
            assertTrue(
                    help.stdout().lines().anyMatch(l -> l.matches("orchard:deploy\\s+lists the files in deploy/.*")),
                    help::toString);
            Ended deployHelp = OrchardProcess.once(folder, "-c", "orchard:help deploy");
            assertTrue(deployHelp.stdout().startsWith("deploy - lists the files in deploy/"), deployHelp::toString);

            // Garbage dropped while it runs: reported too, once, however many polls see it.
            Files.write(folder.resolve("late.tmp"), new byte[] {1, 2, 3});
            Files.move(folder.resolve("late.tmp"), deploy.resolve("late.jar"), StandardCopyOption.ATOMIC_MOVE);
            daemon.awaitOutput("deploy/late.jar cannot be installed", 10);
            // Fixed in place, it is installed: reporting it never kept it from FileInstall.
            Files.copy(EXAMPLE, deploy.resolve("late.tmp"));
            Files.move(
                    deploy.resolve("late.tmp"),
                    deploy.resolve("late.jar"),
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
            daemon.awaitOutput("Provider added: ORCHESTRATOR hello", 10);
            Files.delete(deploy.resolve("example.jar"));

            String console = daemon.stdout() + daemon.stderr();
            for (String file : List.of(
                    "empty.jar",
                    "random.jar",
                    "plain.jar",
                    "unresolvable.jar",
                    "typed-x.cfg",
                    "dev.orchard.provider.mock~junk.cfg",
                    "late.jar")) {
                assertEquals(
                        1,
                        console.lines()
                                .filter(l -> l.contains(" WARN ") && l.contains("deploy/" + file))
                                .count(),
                        "one WARN line for " + file + ":\n" + console);
            }
            assertFalse(console.contains("\tat ") || console.contains("Exception:\n"), "no stack trace:\n" + console);
        }
    }

    @Test
    void minusCWaitsForEveryBundleAndConfigurationAlreadyInDeploy() throws Exception {
        Path deploy = Files.createDirectories(folder.resolve("deploy"));
        Files.copy(EXAMPLE, deploy.resolve("example.jar"));
        Files.writeString(deploy.resolve("dev.orchard.provider.mock~edge.cfg"), "max.pods=5\n");
        for (int run = 1; run <= 8; run++) {
            Ended providers = OrchardProcess.once(folder, "-c", "orchard:providers");
            assertEquals(0, providers.status(), providers::toString);
            List<String> rows = providers.stdout().lines().toList();
            assertTrue(
                    rows.stream().anyMatch(l -> l.matches("hello\\s+orchestrator\\s+ACTIVE\\s.*")),
                    "run " + run + " misses the provider jar:\n" + providers);
            assertTrue(
                    rows.stream().anyMatch(l -> l.matches("edge\\s+pod\\s+ACTIVE\\s.*")),
                    "run " + run + " misses the .cfg instance:\n" + providers);
        }
    }

    private static void assertRow(List<String> rows, String file, String state, String detail) {
        assertTrue(
                rows.stream()
                        .anyMatch(r -> r.startsWith(file + " ")
                                && r.matches(".*\\s" + state + "\\s+.*")
                                && r.contains(detail)),
                file + " " + state + " " + detail + " in:\n" + String.join("\n", rows));
    }

    private static void jar(Path file, String... headers) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        for (int i = 0; i < headers.length; i += 2) {
            m.getMainAttributes().putValue(headers[i], headers[i + 1]);
        }
        try (OutputStream out = Files.newOutputStream(file);
                JarOutputStream jar = new JarOutputStream(out, m)) {
            jar.putNextEntry(new ZipEntry("readme.txt"));
            jar.write("not much".getBytes(StandardCharsets.UTF_8));
        }
    }
}
