package dev.orchard.archetype;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A real {@code orchard.jar} running as a daemon in a folder of its own, asked through {@code java -jar orchard.jar
 * -c COMMAND} as a person asks it, and stopped as a service manager stops it (SIGTERM).
 */
final class RunningRuntime implements AutoCloseable {
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(90);

    private final String java;
    private final Path jar;
    private final Path folder;
    private final Process daemon;
    private final File log;

    private RunningRuntime(String java, Path jar, Path folder, Process daemon, File log) {
        this.java = java;
        this.jar = jar;
        this.folder = folder;
        this.daemon = daemon;
        this.log = log;
    }

    /**
     * Starts {@code java -jar orchard.jar --daemon} in a folder and waits until it takes commands on its control
     * socket.
     *
     * @param java the java executable
     * @param jar the runtime's {@code orchard.jar}
     * @param folder the runtime's folder; its {@code deploy/} is created
     * @param timeout how long it may take to open its socket
     * @return the running runtime
     * @throws IOException if it cannot be started
     * @throws InterruptedException if interrupted while waiting
     * @throws AssertionError if it ends or does not open its socket in time, with what it printed
     */
    static RunningRuntime start(String java, Path jar, Path folder, Duration timeout)
            throws IOException, InterruptedException {
        Files.createDirectories(folder.resolve("deploy"));
        File log = folder.resolve("orchard.log").toFile();
        Process daemon = new ProcessBuilder(java, "-jar", jar.toString(), "--daemon")
                .directory(folder.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log)
                .start();
        daemon.getOutputStream().close();
        RunningRuntime runtime = new RunningRuntime(java, jar, folder, daemon, log);
        Path socket = folder.resolve(".orchard/socket");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!Files.exists(socket)) {
            if (!daemon.isAlive() || System.nanoTime() > deadline) {
                runtime.close();
                throw new AssertionError("the runtime never opened " + socket + "; it printed:\n" + runtime.log());
            }
            Thread.sleep(50);
        }
        return runtime;
    }

    /**
     * The runtime's {@code deploy/} folder.
     *
     * @return the folder
     */
    Path deploy() {
        return folder.resolve("deploy");
    }

    /**
     * Runs {@code java -jar orchard.jar -c COMMAND} until its output satisfies a condition: the runtime installs
     * what lands in {@code deploy/} on its next scans, so the answer comes in time, not at once.
     *
     * @param command the shell command, e.g. {@code orchard:providers}
     * @param until the condition on the command's output
     * @param timeout how long to keep asking
     * @return the first answer that satisfies it
     * @throws IOException if the command cannot be started
     * @throws InterruptedException if interrupted while waiting
     * @throws AssertionError if no answer satisfies it in time, with the last answer and the runtime's output
     */
    Command await(String command, Predicate<String> until, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Command asked = Command.run(
                    folder, COMMAND_TIMEOUT, Map.of(), List.of(java, "-jar", jar.toString(), "-c", command));
            if (asked.exit() == 0 && until.test(asked.output())) {
                return asked;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("-c " + command + " did not answer as expected within " + timeout.toSeconds()
                        + " s; it last said (exit " + asked.exit() + "):\n" + asked.output()
                        + "\nthe runtime printed:\n"
                        + log());
            }
            Thread.sleep(200);
        }
    }

    /**
     * What the runtime printed so far.
     *
     * @return its standard output and error
     * @throws IOException if its log cannot be read
     */
    String log() throws IOException {
        return Files.readString(log.toPath(), StandardCharsets.UTF_8);
    }

    /** Stops the runtime with SIGTERM, as a service manager does, and waits for it. */
    @Override
    public void close() throws InterruptedException {
        if (daemon.isAlive()) {
            daemon.destroy();
            if (!daemon.waitFor(30, TimeUnit.SECONDS)) {
                daemon.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
