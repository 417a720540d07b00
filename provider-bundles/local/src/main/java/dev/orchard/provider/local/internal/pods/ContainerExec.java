package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.pod.ExecIO;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Exec: runs a command in a container's folder with its environment, wiring the caller's streams to it, and
 * returns its exit code. A command that cannot be started is 127, as a shell reports it.
 */
final class ContainerExec {
    private static final long DRAIN_MILLIS = 10_000;

    private ContainerExec() {}

    /**
     * Runs a command and waits for it.
     *
     * @param c the container
     * @param command the command and its arguments, not empty
     * @param io the caller's streams; stderr goes to stdout when the caller gives none
     * @return the command's exit code
     * @throws UnavailableException if the waiting thread is interrupted; the command is then killed
     */
    static int run(ContainerRun c, List<String> command, ExecIO io) {
        ProcessBuilder pb =
                new ProcessBuilder(command).directory(c.files().workDir().toFile());
        pb.environment().putAll(c.files().env());
        if (io.stderr().isEmpty()) {
            pb.redirectErrorStream(true);
        }
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            write(io.stderr().orElse(io.stdout()), "exec: " + command.get(0) + ": " + e.getMessage() + "\n");
            return 127;
        }
        Thread in = pump(io.stdin().orElse(InputStream.nullInputStream()), p.getOutputStream(), true);
        Thread out = pump(p.getInputStream(), io.stdout(), false);
        Thread err = io.stderr().map(e -> pump(p.getErrorStream(), e, false)).orElse(null);
        try {
            int code = p.waitFor();
            out.join(DRAIN_MILLIS);
            if (err != null) {
                err.join(DRAIN_MILLIS);
            }
            in.interrupt();
            return code;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new UnavailableException("exec into " + c.name() + " was interrupted", e);
        }
    }

    private static Thread pump(InputStream from, OutputStream to, boolean closeTo) {
        Thread t = new Thread(
                () -> {
                    byte[] buf = new byte[8192];
                    try {
                        int n;
                        while ((n = from.read(buf)) >= 0) {
                            to.write(buf, 0, n);
                            to.flush();
                        }
                    } catch (IOException e) {
                        // the other side closed
                    } finally {
                        if (closeTo) {
                            try {
                                to.close();
                            } catch (IOException ignored) {
                                // nothing to do
                            }
                        }
                    }
                },
                "orchard-local-exec-pump");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void write(OutputStream out, String text) {
        try {
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException ignored) {
            // the caller's stream is gone
        }
    }
}
