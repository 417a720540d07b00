package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.TermSize;
import dev.orchard.provider.local.internal.processes.Launches;
import dev.orchard.provider.local.internal.processes.PodBoundary;
import dev.orchard.provider.local.internal.processes.PodMountNamespace;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

/**
 * Exec: runs a command in a container's folder with its environment, inside the pod's boundary (so that nothing
 * it starts outlives the pod), wires the caller's streams to it, and returns its exit code. A command that cannot
 * be started is 127, as a shell reports it, with the reason on its stderr.
 *
 * <p>With {@link ExecIO#tty()} the command runs on a pseudo-terminal ({@code script} of util-linux), its output and
 * errors merged as a terminal merges them, and each {@link ExecIO#resize} sets the terminal's size (the command gets
 * SIGWINCH). A tty with a separate stderr is refused, as the kubelet refuses it; a host without {@code script} and
 * {@code stty} refuses a tty with Unsupported.
 *
 * <p>Only a running container is exec'd into, as the kubelet refuses an exec into a stopped one: a container that
 * has ended for good is refused with InvalidInput, one waiting to start or restart with Unavailable.
 */
final class ContainerExec {
    private static final long DRAIN_MILLIS = 10_000;

    private ContainerExec() {}

    /**
     * Runs a command and waits for it.
     *
     * @param pod the pod
     * @param c the container
     * @param command the command and its arguments, not empty
     * @param io the caller's streams; stderr goes to stdout when the caller gives none
     * @return the command's exit code
     * @throws InvalidInputException if a tty is asked for with a separate stderr, or the container has ended for
     *     good
     * @throws UnsupportedException if a tty is asked for and this host cannot give one
     * @throws UnavailableException if the container is not running yet or waits for its restart, if the command
     *     cannot be started, or if the waiting thread is interrupted (the command is
     *     then killed)
     */
    static int run(PodRun pod, ContainerRun c, List<String> command, ExecIO io) {
        requireRunning(pod, c);
        if (io.tty() && io.stderr().isPresent()) {
            throw new InvalidInputException("exec with a tty has no separate stderr: a terminal merges it into"
                    + " stdout; ask for a tty without stderr, or for stderr without a tty");
        }
        if (io.tty()) {
            Launches.ttyMissing().ifPresent(missing -> {
                throw new UnsupportedException("exec with a tty needs " + missing
                        + " (util-linux and coreutils), which this host lacks; exec without a tty instead");
            });
        }
        Path ttyFile = c.files().dir().resolve("tty-" + UUID.randomUUID());
        ProcessBuilder pb;
        List<Path> joins;
        try {
            joins = pod.boundary().joinFiles(PodBoundary.EXEC);
            if (io.tty()) {
                TermSize size = io.size().orElse(null);
                pb = Launches.tty(
                        c.files().envFile(),
                        ttyFile,
                        size == null ? 0 : size.height(),
                        size == null ? 0 : size.width(),
                        joins,
                        pod.token(),
                        command,
                        c.workDir());
            } else {
                pb = Launches.exec(c.files().envFile(), joins, pod.token(), command, c.workDir())
                        .redirectErrorStream(io.stderr().isEmpty());
            }
            PodMountNamespace.enter(pb, c.identity());
        } catch (IOException e) {
            throw new UnavailableException("exec into " + c.name() + " could not join its pod: " + e, e);
        }
        Process p;
        try {
            p = pb.start();
            Launches.join(p, joins);
        } catch (IOException e) {
            write(io.stderr().orElse(io.stdout()), "exec: " + command.get(0) + ": " + e.getMessage() + "\n");
            return 127;
        }
        Thread in = pump(io.stdin().orElse(InputStream.nullInputStream()), p.getOutputStream(), true);
        Thread out = pump(p.getInputStream(), io.stdout(), false);
        Thread err = io.stderr()
                .filter(e -> !io.tty())
                .map(e -> pump(p.getErrorStream(), e, false))
                .orElse(null);
        TerminalSize terminal = io.tty() ? new TerminalSize(p, ttyFile) : null;
        if (terminal != null) {
            io.onResize(terminal::resize); // a size sent before the start was the terminal's first already
        }
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
        } finally {
            if (terminal != null) {
                terminal.close();
            }
        }
    }

    // Its processes and working folder are there only while it runs: an exec into an ended container would run
    // a command in a pod that has none, and answer as if it had.
    private static void requireRunning(PodRun pod, ContainerRun c) {
        RunStatus s = c.status();
        if (s.running()) {
            return;
        }
        String state = s.state().api().name().toLowerCase(java.util.Locale.ROOT) + ": "
                + s.state().reason()
                + (s.exitCode() == null ? "" : ", exit code " + s.exitCode())
                + (s.message().isEmpty() ? "" : ", " + s.message());
        String what = "container " + c.name() + " of pod " + pod.key() + " is not running (" + state + ")";
        if (s.state().endedForGood()) {
            throw new InvalidInputException(
                    what + ": it has ended and will not run again, so there is nothing to exec into");
        }
        throw new UnavailableException(what + ": exec into it once it runs");
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

    /**
     * The size of an exec's terminal: each new size is set with {@code stty} once the command has written its
     * terminal's name, and only while the command runs (a terminal's name is reused once it is closed).
     */
    private static final class TerminalSize {
        private static final long NAME_WAIT_MILLIS = 5_000;

        private final Process process;
        private final Path nameFile;
        private TermSize pending;
        private String name;
        private boolean closed;

        TerminalSize(Process process, Path nameFile) {
            this.process = process;
            this.nameFile = nameFile;
        }

        // Runs on the caller's thread of the resize; waits for the terminal's name if it is not written yet.
        void resize(TermSize size) {
            synchronized (this) {
                pending = size;
            }
            long deadline = System.nanoTime() + NAME_WAIT_MILLIS * 1_000_000;
            while (true) {
                synchronized (this) {
                    if (closed || pending != size || !process.isAlive()) {
                        return; // ended, or a later size took over
                    }
                    if (name == null) {
                        name = readName();
                    }
                    if (name != null) {
                        set(name, size);
                        return;
                    }
                }
                if (System.nanoTime() > deadline) {
                    return;
                }
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }

        private String readName() {
            try {
                String n = Files.readString(nameFile).trim();
                return n.startsWith("/dev/") ? n : null;
            } catch (IOException e) {
                return null;
            }
        }

        private static void set(String tty, TermSize size) {
            try {
                Launches.resize(tty, size.height(), size.width()).start().waitFor();
            } catch (IOException e) {
                // the terminal is gone
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        synchronized void close() {
            closed = true;
            try {
                Files.deleteIfExists(nameFile);
            } catch (IOException ignored) {
                // removed with the pod's state
            }
        }
    }
}
