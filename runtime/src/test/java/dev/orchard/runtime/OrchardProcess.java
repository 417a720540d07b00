package dev.orchard.runtime;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real {@code orchard.jar}, started as a separate process in a folder of its own, driven through stdin and
 * stdout as a person at a terminal would. It runs on the JVM that {@code orchard.it.java} names (e.g. Java 25), or
 * else on the test's own.
 */
final class OrchardProcess implements AutoCloseable {
    static final Path JAR = Path.of(System.getProperty("orchard.jar", "target/orchard.jar"));

    /** The java executable that runs the jar. */
    static final String JAVA = System.getProperty("orchard.it.java", "").isBlank()
            ? Path.of(System.getProperty("java.home"), "bin", "java").toString()
            : System.getProperty("orchard.it.java");

    /** A process that ended: its exit status and what it printed. */
    record Ended(int status, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + status + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr;
        }
    }

    private final Process process;
    private final PrintStream stdin;
    private final StringBuffer stdout = new StringBuffer();
    private final StringBuffer stderr = new StringBuffer();
    private int marker;

    private final List<Thread> pumps = new ArrayList<>();

    private OrchardProcess(Process process) {
        this.process = process;
        this.stdin = new PrintStream(process.getOutputStream(), true, StandardCharsets.UTF_8);
        pumps.add(pump(process.getInputStream(), stdout));
        pumps.add(pump(process.getErrorStream(), stderr));
    }

    static OrchardProcess start(Path folder, String... args) throws IOException {
        return start(folder, List.of(), args);
    }

    /** Starts the jar with JVM options before {@code -jar}, e.g. {@code -Dorchard.command.wait.ms=2000}. */
    static OrchardProcess start(Path folder, List<String> jvmOptions, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(JAVA);
        cmd.addAll(jvmOptions);
        cmd.add("-jar");
        cmd.add(JAR.toAbsolutePath().toString());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(folder.toFile());
        pb.environment().remove("ORCHARD_ORCHESTRATOR");
        return new OrchardProcess(pb.start());
    }

    /**
     * Runs the jar to its end, e.g. {@code -c "orchard:providers"}, with stdin closed.
     *
     * @return how it ended
     */
    static Ended once(Path folder, String... args) throws IOException, InterruptedException {
        try (OrchardProcess p = start(folder, args)) {
            p.closeStdin();
            int status = p.waitFor(90);
            p.drained();
            return new Ended(status, p.stdout(), p.stderr());
        }
    }

    private static Thread pump(InputStream in, StringBuffer into) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                char[] buf = new char[4096];
                int n;
                while ((n = r.read(buf)) >= 0) {
                    into.append(buf, 0, n);
                }
            } catch (IOException e) {
                // the process ended
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }

    /**
     * Types a command and returns what the shell printed for it, waiting for an echo of a marker typed after it.
     */
    String run(String command) throws InterruptedException {
        String done = "__done_" + (++marker) + "__";
        int from = stdout.length();
        stdin.println(command);
        stdin.println("echo " + done);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            String out = stdout.substring(from);
            int at = out.indexOf(done);
            if (at >= 0) {
                return out.substring(0, at).replace("g! ", "").trim();
            }
            if (!process.isAlive()) {
                throw new AssertionError("orchard exited with " + process.exitValue() + " during " + command
                        + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr);
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "no answer to " + command + " within 30 s\nstdout:\n" + stdout + "\nstderr:\n" + stderr);
            }
            Thread.sleep(20);
        }
    }

    /** Types a line without waiting for an answer, e.g. {@code stop 0}, after which nothing answers. */
    void type(String line) {
        stdin.println(line);
    }

    /** The processes the runtime started, e.g. its pods' containers. */
    java.util.stream.Stream<ProcessHandle> descendants() {
        return process.descendants();
    }

    /** Kills the process at once, as kill -9 does. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }

    /** Types a command that must fail and returns the error line it printed on stderr. */
    String runFailing(String command) throws InterruptedException {
        int from = stderr.length();
        String out = run(command);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (stderr.length() == from || stderr.charAt(stderr.length() - 1) != '\n') {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(command + " printed no error; stdout: " + out);
            }
            Thread.sleep(10);
        }
        return stderr.substring(from)
                .lines()
                .filter(l -> !l.contains(" INFO "))
                .reduce((a, b) -> b)
                .orElse("");
    }

    void closeStdin() throws IOException {
        OutputStream out = process.getOutputStream();
        out.close();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    /** Sends a signal, as kill does: e.g. {@code TERM}, {@code INT}. */
    void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid()))
                .inheritIO()
                .start();
        if (kill.waitFor() != 0) {
            throw new AssertionError("kill -" + name + " " + process.pid() + " failed");
        }
    }

    /** Waits until the process has printed some text on stdout or stderr. */
    void awaitOutput(String text, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!(stdout.toString() + stderr).contains(text)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError("never printed \"" + text + "\" (alive: " + process.isAlive() + ")\nstdout:\n"
                        + stdout + "\nstderr:\n" + stderr);
            }
            Thread.sleep(20);
        }
    }

    /** Waits until the process has printed some text on stdout after the first {@code from} characters. */
    void awaitStdoutSince(int from, String text, long seconds) throws InterruptedException {
        if (!printsSince(from, text, seconds)) {
            throw new AssertionError("never printed \"" + text + "\" (alive: " + process.isAlive() + ")\nstdout:\n"
                    + stdout + "\nstderr:\n" + stderr);
        }
    }

    /** Whether the process prints some text on stdout after the first {@code from} characters, within the time. */
    boolean printsSince(int from, String text, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!stdout.substring(from).contains(text)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    // After the process ended, the pumps may still be copying its last bytes; the streams end with it.
    void drained() throws InterruptedException {
        for (Thread t : pumps) {
            t.join(TimeUnit.SECONDS.toMillis(10));
        }
    }

    int waitFor(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            throw new AssertionError(
                    "orchard did not exit within " + seconds + " s\nstdout:\n" + stdout + "\nstderr:\n" + stderr);
        }
        return process.exitValue();
    }

    String stdout() {
        return stdout.toString();
    }

    String stderr() {
        return stderr.toString();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
