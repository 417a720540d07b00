package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import java.time.Instant;
import java.util.Objects;

/**
 * The status of one container. Immutable.
 *
 * @param name the container's name
 * @param image the container's image
 * @param state the state
 * @param ready whether it is ready to serve
 * @param restartCount how often it was restarted, at least 0
 * @param exitCode the exit code of the last run, or null if it has not exited
 * @param reason a one-word reason for the state, e.g. {@code Completed}; never null
 * @param message what a person needs to know of the state, as the kubelet's waiting and terminated message: why a
 *     run could not start, or what of it was lost; never null, empty if there is nothing to say. Since 1.2.
 * @param startedAt when the current or last run started, or null
 * @param finishedAt when the last run exited, or null
 */
public record ContainerStatus(
        String name,
        String image,
        ContainerState state,
        boolean ready,
        int restartCount,
        Integer exitCode,
        String reason,
        String message,
        Instant startedAt,
        Instant finishedAt) {

    /** Validates the status. */
    public ContainerStatus {
        Names.requireDns1123Label("container name", name);
        image = image == null ? "" : image;
        Objects.requireNonNull(state, "state");
        if (restartCount < 0) {
            throw new InvalidInputException("restart count " + restartCount + " must not be negative");
        }
        reason = reason == null ? "" : reason;
        message = message == null ? "" : message;
    }

    /**
     * A status with the fields of Orchard 1.1: no message.
     *
     * @param name the container's name
     * @param image the container's image
     * @param state the state
     * @param ready whether it is ready to serve
     * @param restartCount how often it was restarted
     * @param exitCode the exit code of the last run, or null
     * @param reason a one-word reason for the state
     * @param startedAt when the current or last run started, or null
     * @param finishedAt when the last run exited, or null
     */
    public ContainerStatus(
            String name,
            String image,
            ContainerState state,
            boolean ready,
            int restartCount,
            Integer exitCode,
            String reason,
            Instant startedAt,
            Instant finishedAt) {
        this(name, image, state, ready, restartCount, exitCode, reason, "", startedAt, finishedAt);
    }
}
