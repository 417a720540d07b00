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
 * Cold start: from starting a process until the first answer of a shell command typed into it as a person
 * would, each run in a fresh, empty folder. The runtime answers {@code orchard:providers}; its two floors, bare
 * Felix with the Gogo shell and the runtime's stack without Orchard's bundles, answer {@code lb}. Their runs
 * alternate, so that drift hits all alike.
 */
final class ColdStart {
    /** What is started on which java executable, what is typed into it, and what in its answer marks the answer. */
    record Subject(String java, Path jar, String command, String answer) {
        /** The Orchard runtime: its providers table ends its header with this column. */
        static Subject runtime(Path jar) {
            return runtime(Processes.java(), jar);
        }

        /** The Orchard runtime on another JVM, e.g. Java 25. */
        static Subject runtime(String java, Path jar) {
            return new Subject(java, jar, "orchard:providers", "CANDIDATES");
        }

        /** Bare Felix with Gogo, or the runtime's stack without Orchard: the bundle list starts with this line. */
        static Subject bundleList(Path jar) {
            return new Subject(Processes.java(), jar, "lb", "START LEVEL");
        }
    }

    private ColdStart() {}

    /**
     * Starts each subject several times, alternating between them.
     *
     * @param subjects what to start
     * @param runs how many starts of each
     * @return each subject's milliseconds per start, in order
     * @throws IOException if a subject cannot be started or answers nothing
     * @throws InterruptedException if interrupted
     */
    static List<List<Double>> measure(List<Subject> subjects, int runs) throws IOException, InterruptedException {
        List<List<Double>> millis = new ArrayList<>();
        subjects.forEach(s -> millis.add(new ArrayList<>()));
        for (int i = 0; i < runs; i++) {
            for (int j = 0; j < subjects.size(); j++) {
                Path dir = Processes.freshFolder("orchard-coldstart-");
                try {
                    millis.get(j).add(once(subjects.get(j), dir));
                } finally {
                    Processes.deleteTree(dir);
                }
            }
        }
        return millis;
    }

    private static double once(Subject subject, Path dir) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process p = new ProcessBuilder(subject.java(), "-jar", subject.jar().toString())
                .directory(dir.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            OutputStream in = p.getOutputStream();
            in.write((subject.command() + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            awaitText(p.getInputStream(), subject.answer(), 60_000);
            double ms = (System.nanoTime() - start) / 1e6;
            in.write("stop 0\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                throw new IOException(subject.jar().getFileName() + " did not stop within 30 s of 'stop 0'");
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
                throw new IOException(
                        "no '" + text + "' within " + timeoutMillis + " ms; the runtime printed: " + seen);
            }
            int n = out.read(buf);
            if (n < 0) {
                throw new IOException("the runtime exited before answering; it printed: " + seen);
            }
            seen.append(new String(buf, 0, n, StandardCharsets.UTF_8));
        }
    }
}
