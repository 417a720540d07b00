package dev.orchard.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The in-framework half: runs {@code bench:run} inside the runtime with the harness bundle added (bench.jar), in a
 * fresh folder, and reads back the numbers it wrote.
 */
final class InFramework {
    private InFramework() {}

    /**
     * Runs the harness.
     *
     * @param benchJar the exported bench.jar
     * @param mode full or smoke
     * @param report receives what the harness printed (its results and notes)
     * @return the results
     * @throws IOException if the harness fails
     * @throws InterruptedException if interrupted
     */
    static Map<String, Double> run(Path benchJar, String mode, List<String> report)
            throws IOException, InterruptedException {
        Path dir = Processes.freshFolder("orchard-bench-");
        try {
            Path out = dir.resolve("framework-results.properties");
            Path log = dir.resolve("bench.log");
            Process p = new ProcessBuilder(
                            Processes.java(),
                            // Per-provider lifecycle lines of 10,000 providers would only slow the run down.
                            "-Dorg.slf4j.simpleLogger.log.dev.orchard=warn",
                            "-jar",
                            benchJar.toString(),
                            "-c",
                            "bench:run " + mode + " " + out)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            p.getOutputStream().close();
            boolean ended = p.waitFor(10, TimeUnit.MINUTES);
            if (!ended) {
                p.destroyForcibly().waitFor();
            }
            String printed = Files.readString(log, StandardCharsets.UTF_8);
            if (!ended || p.exitValue() != 0 || !Files.exists(out)) {
                throw new IOException("bench:run " + mode
                        + (ended ? " failed with exit " + p.exitValue() : " did not end within 10 minutes")
                        + "; it printed:\n" + printed);
            }
            report.addAll(printed.lines().toList());
            Properties props = new Properties();
            try (InputStream in = Files.newInputStream(out)) {
                props.load(in);
            }
            Map<String, Double> results = new TreeMap<>();
            props.forEach((k, v) -> results.put((String) k, Double.parseDouble((String) v)));
            return results;
        } finally {
            Processes.deleteTree(dir);
        }
    }
}
