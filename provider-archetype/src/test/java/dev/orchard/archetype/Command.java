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

/**
 * Runs one command in a process of its own, in a given folder, and returns what it printed and how it ended.
 *
 * @param exit the exit status
 * @param output standard output and error, interleaved
 * @param took how long it ran
 */
record Command(int exit, String output, Duration took) {
    /**
     * Runs a command and waits for it; its output goes to a file, so that a command that hangs is still stopped at
     * the timeout.
     *
     * @param folder the working folder
     * @param timeout the longest it may run
     * @param environment variables to set for it
     * @param command the program and its arguments
     * @return how it ended
     * @throws IOException if it cannot be started or its output read
     * @throws InterruptedException if interrupted while waiting
     * @throws AssertionError if it did not end within the timeout, with what it printed
     */
    static Command run(Path folder, Duration timeout, Map<String, String> environment, List<String> command)
            throws IOException, InterruptedException {
        File log = Files.createTempFile(folder, "command", ".log").toFile();
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(folder.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log);
        builder.environment().putAll(environment);
        long start = System.nanoTime();
        Process process = builder.start();
        process.getOutputStream().close();
        boolean ended = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!ended) {
            process.destroyForcibly().waitFor();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        String output = Files.readString(log.toPath(), StandardCharsets.UTF_8);
        System.out.println("$ " + String.join(" ", command) + "\n" + output + "(" + took.toMillis() + " ms)");
        if (!ended) {
            throw new AssertionError("did not end within " + timeout.toSeconds() + " s: " + String.join(" ", command)
                    + "\nit printed:\n" + output);
        }
        return new Command(process.exitValue(), output, took);
    }
}
