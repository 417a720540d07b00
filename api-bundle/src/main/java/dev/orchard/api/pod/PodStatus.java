package dev.orchard.api.pod;

import dev.orchard.api.internal.Checks;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The observed status of a pod. Immutable.
 *
 * @param phase the phase
 * @param reason a one-word reason, e.g. {@code Evicted}; never null
 * @param message a human-readable note; never null
 * @param hostIp the address of the node; never null
 * @param podIp the address of the pod; never null
 * @param startTime when the provider accepted the pod, or null
 * @param containerStatuses one status per container; never null
 */
public record PodStatus(
        PodPhase phase,
        String reason,
        String message,
        String hostIp,
        String podIp,
        Instant startTime,
        List<ContainerStatus> containerStatuses) {

    /** The status of a pod no provider has seen yet. */
    public static final PodStatus NONE = new PodStatus(PodPhase.PENDING, "", "", "", "", null, List.of());

    /** Copies the list and fills defaults. */
    public PodStatus {
        Objects.requireNonNull(phase, "phase");
        reason = reason == null ? "" : reason;
        message = message == null ? "" : message;
        hostIp = hostIp == null ? "" : hostIp;
        podIp = podIp == null ? "" : podIp;
        containerStatuses = Checks.requireElements("container statuses", containerStatuses);
    }

    /**
     * Returns a copy in another phase.
     *
     * @param newPhase the phase
     * @return the copy
     */
    public PodStatus withPhase(PodPhase newPhase) {
        return new PodStatus(newPhase, reason, message, hostIp, podIp, startTime, containerStatuses);
    }
}
