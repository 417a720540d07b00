package dev.orchard.provider.kubernetes.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.provider.kubernetes.internal.ApiServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The conformance kit against a {@code kubernetes} instance as a provider author runs it: {@code java -jar
 * orchard-tck.jar --bundle target/deploy/} (the whole installation) with the instance's factory configuration, pointing
 * at fabric8's mock API server on 127.0.0.1, given on the command line; {@link Kubelet} plays the node and kubelet that
 * the mock server lacks. The checks the mock server cannot serve are skipped with {@code --skip} and the reason stated
 * here; the kit names each with it on the console and in its JUnit XML.
 */
class KubernetesConformanceIT {
    private static final Path DEPLOY = Path.of(System.getProperty("orchard.kubernetes.deploy", "target/deploy"));
    private static final Path KIT = Path.of(System.getProperty("orchard.tck.command.jar", "orchard-tck.jar"));
    private static final Pattern SUMMARY =
            Pattern.compile("(\\d+) run, (\\d+) passed, (\\d+) skipped(?: \\(([^)]*)\\))?, (\\d+) failed");

    /** What the mock API server cannot do, by the kit's check: the run's stated reasons. */
    static final Map<String, String> SKIPPED = new TreeMap<>(Map.of(
            "logsHonourTailLimitBytesAndTimestamps",
            "the mock API server keeps no container output; tail, limitBytes and timestamps are applied by a real"
                    + " kubelet, which only a real cluster has",
            "execReturnsExitCodesAndOutput",
            "the mock API server runs no containers, so no command exits with a code of its own",
            "aLineLongerThanALogPartIsReadWhole",
            "the mock API server keeps no container output, so no line of any length comes back from pods/log",
            "aTtyEitherWorksOrIsRefusedAsUnsupported",
            "the mock API server runs no containers, so no command sees a terminal; exec itself over its"
                    + " WebSocket is checked in ExecTest",
            "statsSummaryListsRunningPods",
            "no metrics-server measures the mock API server's pods: in CRUD mode it answers metrics.k8s.io with an"
                    + " empty list, so no running pod can be in the summary"));

    @TempDir
    Path folder;

    @Test
    void theKitCommandPassesAgainstAKubernetesInstanceConfiguredOnTheCommandLine() throws Exception {
        String output;
        int exit;
        try (ApiServer api = new ApiServer();
                Kubelet kubelet = new Kubelet(api)) {
            List<String> args = new ArrayList<>(List.of(
                    "--bundle",
                    DEPLOY.toAbsolutePath().toString(),
                    "--provider",
                    "kubernetes",
                    "--factory-pid",
                    "dev.orchard.provider.kubernetes",
                    "--config",
                    "master.url=" + api.url(),
                    "--config",
                    "request.timeout.ms=5000",
                    "--require",
                    "storage,pods,notify",
                    "--timeout",
                    "30s"));
            SKIPPED.forEach((check, reason) -> args.addAll(List.of("--skip", check + "=" + reason)));
            Process process = command(args);
            output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(5, TimeUnit.MINUTES), "orchard-tck.jar ended; it printed:\n" + output);
            exit = process.exitValue();
        }
        System.out.println(output);

        assertEquals(0, exit, output);
        assertFalse(
                output.contains("FAILED: waiting for these bundles to start"),
                "the kit starts the fabric8 libraries before the provider, which need not wait for them: " + output);
        Matcher summary = SUMMARY.matcher(output);
        assertTrue(summary.find(), "a summary line in:\n" + output);
        int run = Integer.parseInt(summary.group(1));
        assertEquals("0", summary.group(5), "no check of the kit fails: " + summary.group());
        assertEquals("skipped as stated x" + SKIPPED.size(), summary.group(4), "only the stated checks skip");
        assertTrue(run > SKIPPED.size(), "the kit's checks were found: " + summary.group());
        assertEquals(run - SKIPPED.size(), Integer.parseInt(summary.group(2)), "every other check passes");
        String xml = junitXml();
        SKIPPED.forEach((check, reason) -> {
            String said = check + " skipped for provider kubernetes: " + reason;
            assertTrue(output.contains("." + check + "(): " + said), "the console says why " + check + " skips");
            assertTrue(xml.contains(said), "the JUnit XML says why " + check + " skips");
        });
    }

    // java -jar orchard-tck.jar in a process and folder of its own, as a provider author runs it.
    private Process command(List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                KIT.toAbsolutePath().toString()));
        command.addAll(args);
        Process process = new ProcessBuilder(command)
                .directory(folder.toFile())
                .redirectErrorStream(true)
                .start();
        process.getOutputStream().close();
        return process;
    }

    private String junitXml() throws Exception {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.list(folder.resolve("orchard-tck-report"))) {
            for (Path file : files.sorted().toList()) {
                all.append(Files.readString(file));
            }
        }
        assertTrue(all.indexOf("<testsuite") >= 0, "JUnit XML beside the run: " + all);
        return all.toString();
    }
}
