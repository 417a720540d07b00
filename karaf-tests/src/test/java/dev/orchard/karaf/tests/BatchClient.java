package dev.orchard.karaf.tests;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Karaf's own {@code bin/client} in batch mode ({@code -b}: the commands come on stdin), run as a separate process
 * against this Karaf's SSH port on 127.0.0.1, as an operator's script runs it. Runs inside Karaf, where
 * {@code karaf.home} names the distribution the test unpacked.
 */
final class BatchClient {
    /** What one run of the client printed, and how it exited. */
    record Run(int exitCode, String out, String err) {}

    private BatchClient() {}

    /**
     * Runs commands through the client and waits for it to end.
     *
     * @param commands the lines to send on the client's stdin
     * @param timeoutMs how long the client may take
     * @return its exit code, stdout and stderr
     * @throws IOException if the client cannot be started
     * @throws InterruptedException if the wait is interrupted
     */
    static Run run(String commands, long timeoutMs) throws IOException, InterruptedException {
        Path home = Path.of(System.getProperty("karaf.home"));
        Path script = home.resolve("bin/client");
        if (!Files.isRegularFile(script)) {
            throw new IOException("no Karaf client at " + script);
        }
        // sh, not the script itself: unpacking may not keep its executable bit.
        ProcessBuilder builder = new ProcessBuilder(List.of(
                        "sh",
                        script.toString(),
                        "-h",
                        "127.0.0.1",
                        "-a",
                        System.getProperty(KarafSetup.SSH_PORT),
                        "-u",
                        KarafSetup.SSH_USER,
                        "-p",
                        System.getProperty(KarafSetup.SSH_PASSWORD),
                        "-b"))
                .directory(home.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().remove("JAVA_OPTS");
        builder.environment().remove("EXTRA_JAVA_OPTS");
        Process client = builder.start();
        // Two threads of this call's own drain stdout and stderr at the same time: the common pool may have a single
        // worker (on Java 25 with 2 cores it does), and a client that fills the stderr pipe while that worker waits
        // for the end of stdout would hang until the timeout.
        ExecutorService readers = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(client.getInputStream()), readers);
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(client.getErrorStream()), readers);
            try (OutputStream stdin = client.getOutputStream()) {
                stdin.write(commands.getBytes(StandardCharsets.UTF_8));
            }
            if (!client.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
                client.destroyForcibly();
                throw new AssertionError("bin/client -b did not end within " + timeoutMs + " ms");
            }
            return new Run(client.exitValue(), out.join(), err.join());
        } finally {
            readers.shutdown();
        }
    }

    private static String read(InputStream in) {
        try (in) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            in.transferTo(bytes);
            return bytes.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
