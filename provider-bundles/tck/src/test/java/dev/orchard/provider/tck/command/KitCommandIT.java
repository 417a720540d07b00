package dev.orchard.provider.tck.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.provider.tck.command.KitCommand.Result;
import dev.orchard.provider.tck.command.outside.OutsideActivator;
import dev.orchard.provider.tck.selfcheck.BrokenProviderActivator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar orchard-tck.jar} as a provider author meets it: against an outside provider built here (a plain
 * activator, no DS), a broken one, a misspelled name, a bundle that does not resolve, a bad command line, and the
 * mock and local providers with their configuration given on the command line.
 */
class KitCommandIT {
    private static final String OUTSIDE_IMPORTS =
            "dev.orchard.api.orchestrator;version=\"[1.0,2)\"," + "org.osgi.framework;version=\"[1.10,2)\"";
    private static final Pattern SUMMARY =
            Pattern.compile("(\\d+) run, (\\d+) passed, (\\d+) skipped(?: \\(([^)]*)\\))?, (\\d+) failed");

    @TempDir
    Path folder;

    private Path outside() throws Exception {
        return TestBundle.named("com.example.outside")
                .activator(OutsideActivator.class)
                .classes(Class.forName("dev.orchard.provider.tck.command.outside.OutsideOrchestrator"))
                .imports(OUTSIDE_IMPORTS)
                .writeTo(folder.resolve("outside.jar"));
    }

    // The command against the outside provider, with more options.
    private Result runOutside(String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("--bundle", outside().toString(), "--provider", "outside"));
        args.addAll(List.of(more));
        return KitCommand.run(folder, args.toArray(new String[0]));
    }

    @Test
    void anOutsideOrchestratorPassesWithItsSkipsCountedByReason() throws Exception {
        Result run = runOutside();

        assertEquals(0, run.exit(), run.output());
        Matcher summary = summary(run);
        assertEquals("2", summary.group(2), "the identity and typed-errors checks pass: " + summary.group());
        assertEquals("0", summary.group(5), summary.group());
        assertEquals(
                Integer.parseInt(summary.group(1)) - 2, Integer.parseInt(summary.group(3)), "every other check skips");
        assertTrue(
                summary.group(4).matches("no PodProvider x\\d+, no StorageOps x5"),
                "the skips are counted by reason: " + summary.group());
        try (Stream<Path> reports = Files.list(folder.resolve("orchard-tck-report"))) {
            List<String> files =
                    reports.map(p -> p.getFileName().toString()).sorted().toList();
            assertTrue(
                    files.contains("TEST-dev.orchard.provider.tck.OrchestratorConformanceTest.xml"),
                    "JUnit XML per class of checks: " + files);
        }
        String xml = Files.readString(
                folder.resolve("orchard-tck-report/TEST-dev.orchard.provider.tck.OrchestratorConformanceTest.xml"));
        assertTrue(xml.contains("<skipped message=\"no StorageOps: provider outside has no StorageOps"), xml);
    }

    @Test
    void requiringAContractTheProviderLacksTurnsItsSkipsIntoFailures() throws Exception {
        Result run = runOutside("--require", "storage");

        assertEquals(1, run.exit(), run.output());
        assertEquals(
                "5",
                summary(run).group(5),
                "each storage check fails: " + summary(run).group());
        assertTrue(
                run.output()
                        .contains("FAILED OrchestratorConformanceTest.addReadListDelete(): no StorageOps, which the run"
                                + " requires (storage): provider outside has no StorageOps"),
                run.output());
    }

    @Test
    void aBrokenProviderFailsWithReadableMessages() throws Exception {
        Path broken = TestBundle.named("com.example.broken")
                .activator(BrokenProviderActivator.class)
                .classes(Class.forName("dev.orchard.provider.tck.selfcheck.BrokenProvider"))
                .imports("dev.orchard.api.orchestrator;version=\"[1.0,2)\",dev.orchard.api.pod;version=\"[1.1,2)\","
                        + "org.osgi.framework;version=\"[1.10,2)\"")
                .writeTo(folder.resolve("broken.jar"));

        Result run = KitCommand.run(folder, "--bundle", broken.toString(), "--provider", "broken", "--timeout", "5s");

        assertEquals(1, run.exit(), run.output());
        assertTrue(Integer.parseInt(summary(run).group(5)) >= 5, summary(run).group());
        assertTrue(
                run.output()
                        .contains(
                                "FAILED OrchestratorConformanceTest.identityMatchesTheServiceProperty(): name() equals"
                                        + " orchard.provider.name ==> expected: <broken> but was: <wrong-name>"),
                run.output());
        assertTrue(
                run.output()
                        .contains(
                                "FAILED PodProviderConformanceTest.createGetListAndDelete(): getPodStatus of a created"
                                        + " pod returned null; it must return its status"),
                run.output());
        // What the in-framework self-check (KitCatchesABrokenProviderTest) asserts, through the command too.
        assertTrue(
                run.output()
                        .contains(
                                "FAILED OrchestratorConformanceTest.addingAnExistingNameIsAlreadyExists(): Expected"
                                        + " dev.orchard.api.error.AlreadyExistsException to be thrown, but nothing was thrown."),
                run.output());
        assertTrue(
                run.output()
                        .contains("FAILED PodProviderConformanceTest.unknownPodsAreNotFound(): Expected"
                                + " dev.orchard.api.error.NotFoundException to be thrown, but nothing was thrown."),
                run.output());
        assertTrue(
                Pattern.compile("FAILED PodProviderConformanceTest.configureNodeReportsCapacityAndConditions\\(\\):"
                                + " [^\n]*capacity in cpu, memory and pods")
                        .matcher(run.output())
                        .find(),
                run.output());
        assertFalse(run.output().contains("Cannot invoke"), "no failure is a bare NullPointerException");
    }

    @Test
    void aFolderGivenAsBundleGivesEveryJarInIt() throws Exception {
        Path deploy = Files.createDirectories(folder.resolve("deploy"));
        Files.move(outside(), deploy.resolve("outside.jar"));
        Files.writeString(deploy.resolve("outside.cfg"), "not a bundle, and not installed");

        Result run = KitCommand.run(folder, "--bundle", deploy.toString(), "--provider", "outside");

        assertEquals(0, run.exit(), run.output());
        assertEquals(
                "2",
                summary(run).group(2),
                "the identity and typed-errors checks pass: " + summary(run).group());

        Path empty = Files.createDirectories(folder.resolve("empty"));
        Result none = KitCommand.run(folder, "--bundle", empty.toString(), "--provider", "outside");
        assertEquals(2, none.exit(), none.output());
        assertTrue(
                none.output().startsWith("orchard-tck: --bundle " + empty + ": the folder holds no .jar file\nusage:"),
                none.output());
    }

    @Test
    void aStatedSkipIsCountedAndReportedWithItsReason() throws Exception {
        Result run = runOutside("--skip", "onlyTypedErrorsEscape=this run says so");

        assertEquals(0, run.exit(), run.output());
        assertTrue(
                summary(run).group(4).contains("skipped as stated x1"),
                summary(run).group());
        assertEquals(
                "1",
                summary(run).group(2),
                "only the identity check passes: " + summary(run).group());
        String xml = Files.readString(
                folder.resolve("orchard-tck-report/TEST-dev.orchard.provider.tck.TypedErrorsConformanceTest.xml"));
        assertTrue(xml.contains("onlyTypedErrorsEscape skipped for provider outside: this run says so"), xml);
        assertTrue(
                run.output()
                        .contains("SKIPPED TypedErrorsConformanceTest.onlyTypedErrorsEscape(): onlyTypedErrorsEscape"
                                + " skipped for provider outside: this run says so"),
                "the console names a stated skip with its reason: " + run.output());
    }

    @Test
    void aRunInWhichNoCheckPassesFails() throws Exception {
        Result run = runOutside(
                "--skip",
                "identityMatchesTheServiceProperty=this run says so",
                "--skip",
                "onlyTypedErrorsEscape=this run says so");

        assertEquals(1, run.exit(), run.output());
        assertEquals("0", summary(run).group(2), summary(run).group());
        assertEquals(
                "0",
                summary(run).group(5),
                "nothing failed, and yet: " + summary(run).group());
        assertTrue(
                run.output().contains("orchard-tck: FAILED: no check passed; a run that checks nothing does not pass"),
                run.output());
    }

    @Test
    void aProviderThatIsFailedFailsTheRunWithItsReason() throws Exception {
        Result run = KitCommand.run(
                folder,
                "--bundle",
                System.getProperty("orchard.mock.jar"),
                "--provider",
                "edge",
                "--factory-pid",
                "dev.orchard.provider.mock",
                "--config",
                "max.pods=none",
                "--timeout",
                "2s");

        assertEquals(1, run.exit(), run.output());
        assertTrue(
                run.output()
                        .contains("orchard-tck: FAILED: provider \"edge\" is FAILED, and did not serve within 2 s: "),
                run.output());
        assertTrue(run.output().contains("max.pods"), "the reason names the bad key: " + run.output());
        assertFalse(SUMMARY.matcher(run.output()).find(), "no check ran");
    }

    @Test
    void aMisspelledNameFailsAndNamesTheProvidersThatDidAppear() throws Exception {
        Result run =
                KitCommand.run(folder, "--bundle", outside().toString(), "--provider", "outsdie", "--timeout", "2s");

        assertEquals(1, run.exit(), run.output());
        assertTrue(
                run.output()
                        .contains("orchard-tck: FAILED: no Orchestrator or PodProvider named \"outsdie\" appeared"
                                + " within 2 s; the providers that did: outside"),
                run.output());
        assertTrue(run.output().contains("(com.example.outside 1.0.0): ACTIVE"), run.output());
        assertFalse(SUMMARY.matcher(run.output()).find(), "no check ran");
    }

    @Test
    void aBundleThatDoesNotResolveIsNamedWithItsResolutionError() throws Exception {
        Path unresolved = TestBundle.named("com.example.unresolved")
                .activator(OutsideActivator.class)
                .imports(OUTSIDE_IMPORTS + ",com.example.nowhere")
                .writeTo(folder.resolve("unresolved.jar"));

        Result run =
                KitCommand.run(folder, "--bundle", unresolved.toString(), "--provider", "outside", "--timeout", "2s");

        assertEquals(1, run.exit(), run.output());
        assertTrue(run.output().contains("no provider appeared at all"), run.output());
        assertTrue(run.output().contains("(com.example.unresolved 1.0.0): INSTALLED, not resolved: "), run.output());
        assertTrue(run.output().contains("osgi.wiring.package=com.example.nowhere"), run.output());
    }

    @Test
    void aBadCommandLinePrintsTheUsageAndExits2BeforeAnythingStarts() throws Exception {
        Result missing = KitCommand.run(folder, "--provider", "outside");
        assertEquals(2, missing.exit(), missing.output());
        assertTrue(missing.output().startsWith("orchard-tck: give the provider's bundle with --bundle FILE\nusage:"));

        Result unknown = runOutside("--require", "volumes");
        assertEquals(2, unknown.exit(), unknown.output());
        assertTrue(unknown.output().contains("volumes is no contract; allowed are storage, pods and notify"));

        Result bogus = runOutside("--bogus");
        assertEquals(2, bogus.exit(), bogus.output());
        assertTrue(bogus.output().startsWith("orchard-tck: unknown option --bogus\nusage:"), bogus.output());

        Result noPid = runOutside("--config", "a=b");
        assertEquals(2, noPid.exit(), noPid.output());
        assertTrue(noPid.output().contains("--config needs the configuration's PID"));
        assertFalse(Files.exists(folder.resolve("orchard-tck-report")), "nothing ran");
    }

    @Test
    void theMockProviderPassesEveryCheckAsAFactoryInstanceConfiguredOnTheCommandLine() throws Exception {
        Result run = KitCommand.run(
                folder,
                "--bundle",
                System.getProperty("orchard.mock.jar"),
                "--provider",
                "edge",
                "--factory-pid",
                "dev.orchard.provider.mock",
                "--config",
                "max.pods=50",
                "--require",
                "storage,pods,notify");

        assertEquals(0, run.exit(), run.output());
        assertTrue(run.output().contains("orchard-tck: configured dev.orchard.provider.mock~edge"), run.output());
        Matcher summary = summary(run);
        assertEquals(summary.group(1), summary.group(2), "every check passes: " + summary.group());
    }

    @Test
    void theLocalProviderPassesEveryCheckWithItsFoldersGivenOnTheCommandLine() throws Exception {
        Result run = KitCommand.run(
                folder,
                "--bundle",
                System.getProperty("orchard.local.jar"),
                "--provider",
                "local",
                "--pid",
                "dev.orchard.provider.local",
                "--config",
                "volume.root=" + folder.resolve("volumes"),
                "--config",
                "sandbox.root=" + folder.resolve("sandboxes"),
                "--require",
                "storage,pods,notify");

        assertEquals(0, run.exit(), run.output());
        Matcher summary = summary(run);
        assertEquals(summary.group(1), summary.group(2), "every check passes: " + summary.group());
        assertTrue(Files.isDirectory(folder.resolve("volumes")), "the configured volume root is used");
    }

    private static Matcher summary(Result run) {
        Matcher m = SUMMARY.matcher(run.output());
        assertTrue(m.find(), () -> "no summary line in:\n" + run.output());
        return m;
    }
}
