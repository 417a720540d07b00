package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import java.time.Instant;

/**
 * One condition of a pod, e.g. {@code Ready} true, as in Kubernetes. Immutable.
 *
 * @param type the condition type, e.g. {@link #READY}; not empty
 * @param status whether the condition holds
 * @param reason a one-word reason; never null
 * @param message a human-readable note; never null
 * @param lastTransitionTime when the status last changed, or null
 * @since 1.1
 */
public record PodCondition(String type, boolean status, String reason, String message, Instant lastTransitionTime) {
    /** The pod is bound to a node. */
    public static final String POD_SCHEDULED = "PodScheduled";
    /** Every init container completed. */
    public static final String INITIALIZED = "Initialized";
    /** Every container is ready. */
    public static final String CONTAINERS_READY = "ContainersReady";
    /** The pod can serve. */
    public static final String READY = "Ready";

    /** Validates the type. */
    public PodCondition {
        if (type == null || type.isBlank()) {
            throw new InvalidInputException("pod condition type must not be empty");
        }
        reason = reason == null ? "" : reason;
        message = message == null ? "" : message;
    }
}
