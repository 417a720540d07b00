package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import java.util.Objects;

/**
 * A liveness or readiness check of a container, with Kubernetes' timing fields. Immutable.
 *
 * @param action what the probe does
 * @param initialDelaySeconds how long after the container starts the first probe runs, 0 or more
 * @param periodSeconds how often it runs, at least 1
 * @param timeoutSeconds how long one probe may take, at least 1
 * @param successThreshold how many successes in a row count as success after a failure, at least 1
 * @param failureThreshold how many failures in a row count as failure, at least 1
 * @since 1.1
 */
public record Probe(
        ProbeAction action,
        int initialDelaySeconds,
        int periodSeconds,
        int timeoutSeconds,
        int successThreshold,
        int failureThreshold) {

    /** Validates the timing. */
    public Probe {
        Objects.requireNonNull(action, "action");
        if (initialDelaySeconds < 0) {
            throw new InvalidInputException("probe initialDelaySeconds " + initialDelaySeconds + " must be 0 or more");
        }
        requireAtLeastOne("periodSeconds", periodSeconds);
        requireAtLeastOne("timeoutSeconds", timeoutSeconds);
        requireAtLeastOne("successThreshold", successThreshold);
        requireAtLeastOne("failureThreshold", failureThreshold);
    }

    /**
     * A probe with Kubernetes' default timing: no delay, every 10 s, 1 s timeout, 1 success, 3 failures.
     *
     * @param action what the probe does
     * @return the probe
     */
    public static Probe of(ProbeAction action) {
        return new Probe(action, 0, 10, 1, 1, 3);
    }

    private static void requireAtLeastOne(String field, int value) {
        if (value < 1) {
            throw new InvalidInputException("probe " + field + " " + value + " must be at least 1");
        }
    }
}
