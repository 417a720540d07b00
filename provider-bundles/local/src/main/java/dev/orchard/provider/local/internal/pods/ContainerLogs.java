package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.provider.local.internal.logs.LogStream;
import dev.orchard.provider.local.internal.processes.RunFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Containers' logs: reads with the kubelet's options over the files the wrapper writes, streamed by
 * {@link LogStream} so that no read loads a whole file, and the cap that keeps each log under a size by rotating
 * it.
 *
 * <p>A container's log is {@code current.log}; the part rotated away is {@code current.log.1} (one is kept); the
 * previous run's log, kept over a restart, is {@code previous.log}. All are in the container's state folder.
 */
final class ContainerLogs {
    /** The size at which a container's log is rotated; one rotated file is kept. */
    static final long CAP_BYTES = 10L << 20;

    private final Clock clock;
    private final long capBytes;

    /**
     * Creates the logs' reader and rotator.
     *
     * @param clock the clock that sinceSeconds counts from
     * @param capBytes the size at which a log is rotated
     */
    ContainerLogs(Clock clock, long capBytes) {
        this.clock = clock;
        this.capBytes = capBytes;
    }

    /**
     * Reads a container's log.
     *
     * @param pod the pod, for messages
     * @param c the container
     * @param options the kubelet's options
     * @param ended for a follow: whether the container has exited for good, so the stream ends once drained
     * @return the selected lines, or with follow, a stream of them and of every later line
     * @throws NotFoundException if the previous run's log is asked for and there was none
     * @throws UnavailableException if the log cannot be read
     */
    InputStream read(PodRun pod, ContainerRun c, LogOptions options, BooleanSupplier ended) {
        RunFiles files = c.files();
        try {
            if (options.previous()) {
                if (!Files.exists(files.previousLog())) {
                    throw new NotFoundException(
                            "container " + c.name() + " of pod " + pod.key() + " has no previous run");
                }
                return LogStream.open(List.of(files.previousLog()), options, clock.instant(), null);
            }
            // The older part first, if the log was rotated.
            List<Path> parts = List.of(files.rotatedLog(), files.log());
            return LogStream.open(parts, options, clock.instant(), options.follow() ? ended : null);
        } catch (IOException e) {
            throw new UnavailableException("the log of container " + c.name() + " could not be read: " + e, e);
        }
    }

    /**
     * Keeps each log under the cap: a full file becomes {@code current.log.1} (replacing the older one), and the
     * wrapper's next part starts a new {@code current.log}. A log overshoots the cap by at most what its
     * container writes between two calls.
     *
     * @param containers the containers whose logs to check
     */
    void rotate(Iterable<ContainerRun> containers) {
        for (ContainerRun c : containers) {
            Path log = c.files().log();
            try {
                if (Files.size(log) > capBytes) {
                    Files.move(
                            log,
                            c.files().rotatedLog(),
                            StandardCopyOption.REPLACE_EXISTING,
                            StandardCopyOption.ATOMIC_MOVE);
                }
            } catch (IOException e) {
                // no log yet, or the pod is being deleted
            }
        }
    }
}
