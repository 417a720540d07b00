package dev.orchard.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Cold start of the runtime jar: from starting the process until the first answer of {@code orchard:providers},
 * typed into the interactive shell as a person would. Each run starts in a fresh, empty folder.
 */
final class ColdStart {
    private static final String HEADER = "CANDIDATES"; // the last column of orchard:providers' table

    private ColdStart() {}

    /**
     * Starts the runtime several times.
     *
     * @param runtimeJar orchard.jar
     * @param runs how many starts
     * @return each start's milliseconds, in order
     * @throws IOException if the runtime cannot be started or answers nothing
     * @throws InterruptedException if interrupted
     */
    static List<Double> measure(Path runtimeJar, int runs) throws IOException, InterruptedException {
        List<Double> millis = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            Path dir = Processes.freshFolder("orchard-coldstart-");
            try {
                millis.add(once(runtimeJar, dir));
            } finally {
                Processes.deleteTree(dir);
            }
        }
        return millis;
    }

    private static double once(Path runtimeJar, Path dir) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process p = new ProcessBuilder(Processes.java(), "-jar", runtimeJar.toString())
                .directory(dir.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            OutputStream in = p.getOutputStream();
            in.write("orchard:providers\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
            awaitText(p.getInputStream(), HEADER, 60_000);
            double ms = (System.nanoTime() - start) / 1e6;
            in.write("stop 0\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                throw new IOException("the runtime did not stop within 30 s of 'stop 0'");
            }
            return ms;
        } finally {
            p.destroyForcibly();
        }
    }

    // Reads the process's output until some text appears; the shell's answer comes as the framework finishes.
    private static void awaitText(InputStream out, String text, long timeoutMillis) throws IOException {
        StringBuilder seen = new StringBuilder();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        byte[] buf = new byte[8192];
        while (seen.indexOf(text) < 0) {
            if (System.nanoTime() > deadline) {
                throw new IOException("no '" + text + "' within " + timeoutMillis + " ms; the runtime printed: "
                        + seen);
            }
            int n = out.read(buf);
            if (n < 0) {
                throw new IOException("the runtime exited before answering; it printed: " + seen);
            }
            seen.append(new String(buf, 0, n, StandardCharsets.UTF_8));
        }
    }
}
