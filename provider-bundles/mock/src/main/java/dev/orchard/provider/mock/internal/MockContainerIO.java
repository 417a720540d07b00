package dev.orchard.provider.mock.internal;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Pod;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A mock container's logs and exec: its log is what its command would print when it started, and exec returns
 * what the command given would print and exit with, both as {@link MockShell} interprets them.
 */
final class MockContainerIO {
    private MockContainerIO() {}

    /**
     * A container's log, cut as the options say.
     *
     * @param pod the pod
     * @param containerName the container
     * @param options tail, limitBytes, timestamps, since, previous
     * @param now the time that sinceSeconds counts back from
     * @return the log; a followed log ends at once, since the container wrote everything when it started
     * @throws NotFoundException if the pod has no such container, or a previous run is asked for
     */
    static InputStream logs(Pod pod, String containerName, LogOptions options, Instant now) {
        Container c = container(pod, containerName);
        if (options.previous()) {
            throw new NotFoundException("container " + containerName + " of pod " + pod.namespace() + "/" + pod.name()
                    + " has no previous run: the mock never restarts containers");
        }
        Instant written = pod.status().startTime();
        List<String> lines = new ArrayList<>();
        Optional<Instant> since = options.since(now);
        if (since.isEmpty() || !written.isBefore(since.get())) {
            String why = MockShell.cannotStart(command(c));
            lines.addAll(why == null ? MockShell.run(command(c)).stdout() : List.of("mock: " + why));
        }
        int from = options.tail().isPresent()
                ? Math.max(0, lines.size() - options.tail().getAsInt())
                : 0;
        StringBuilder text = new StringBuilder();
        String stamp = DateTimeFormatter.ISO_INSTANT.format(written);
        for (String line : lines.subList(from, lines.size())) {
            if (options.timestamps()) {
                text.append(stamp).append(' ');
            }
            text.append(line).append('\n');
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        int length = options.limitBytes().isPresent()
                ? (int) Math.min(bytes.length, options.limitBytes().getAsLong())
                : bytes.length;
        return new ByteArrayInputStream(bytes, 0, length);
    }

    /**
     * Runs a command in a container: writes what it prints and returns its exit code.
     *
     * @param pod the pod
     * @param containerName the container
     * @param command the command and its arguments, not empty
     * @param io where its output goes; without stderr, errors go to stdout
     * @return the exit code
     * @throws NotFoundException if the pod has no such container
     * @throws InvalidInputException if the container is not running
     */
    static int exec(Pod pod, String containerName, List<String> command, ExecIO io) {
        container(pod, containerName);
        for (ContainerStatus s : pod.status().containerStatuses()) {
            if (s.name().equals(containerName) && s.state() != ContainerState.RUNNING) {
                // As the kubelet refuses an exec into a stopped container.
                throw new InvalidInputException("container " + containerName + " of pod " + pod.namespace() + "/"
                        + pod.name() + " is not running (" + s.state().name().toLowerCase(java.util.Locale.ROOT)
                        + ": " + s.reason() + (s.message().isEmpty() ? "" : ", " + s.message())
                        + "), so there is nothing to exec into");
            }
        }
        if (io.tty()) {
            // Refused, never ignored: a command that asked for a terminal must not run believing it has one.
            throw new UnsupportedException("the mock provider runs no processes and has no terminal to give"
                    + " an exec; exec without a tty instead");
        }
        MockShell.Result r = MockShell.run(command);
        try {
            write(io.stdout(), r.stdout());
            write(io.stderr().orElse(io.stdout()), r.stderr());
        } catch (IOException e) {
            throw new UnavailableException("exec output could not be written: " + e.getMessage(), e);
        }
        return r.exitCode();
    }

    /**
     * A container's command and its arguments, as one list.
     *
     * @param c the container
     * @return the command line
     */
    static List<String> command(Container c) {
        List<String> command = new ArrayList<>(c.command());
        command.addAll(c.args());
        return command;
    }

    private static Container container(Pod pod, String containerName) {
        for (Container c : pod.spec().containers()) {
            if (c.name().equals(containerName)) {
                return c;
            }
        }
        throw new NotFoundException(
                "pod " + pod.namespace() + "/" + pod.name() + " has no container " + Names.quote(containerName));
    }

    private static void write(OutputStream out, List<String> lines) throws IOException {
        for (String line : lines) {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        }
        out.flush();
    }
}
