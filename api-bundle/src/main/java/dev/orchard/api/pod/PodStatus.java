package dev.orchard.api.pod;

import dev.orchard.api.internal.Checks;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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
 * @param initContainerStatuses one status per init container; never null. Since 1.1.
 * @param conditions the pod's conditions, such as {@link PodCondition#READY}; never null. Since 1.1.
 */
public record PodStatus(
        PodPhase phase,
        String reason,
        String message,
        String hostIp,
        String podIp,
        Instant startTime,
        List<ContainerStatus> containerStatuses,
        List<ContainerStatus> initContainerStatuses,
        List<PodCondition> conditions) {

    /** The status of a pod no provider has seen yet. */
    public static final PodStatus NONE = new PodStatus(PodPhase.PENDING, "", "", "", "", null, List.of());

    /** Copies the lists and fills defaults. */
    public PodStatus {
        Objects.requireNonNull(phase, "phase");
        reason = reason == null ? "" : reason;
        message = message == null ? "" : message;
        hostIp = hostIp == null ? "" : hostIp;
        podIp = podIp == null ? "" : podIp;
        containerStatuses = Checks.requireElements("container statuses", containerStatuses);
        initContainerStatuses = Checks.requireElements("init container statuses", initContainerStatuses);
        conditions = Checks.requireElements("pod conditions", conditions);
    }

    /**
     * A status with the fields of Orchard 1.0: no init container statuses and no conditions.
     *
     * @param phase the phase
     * @param reason a one-word reason
     * @param message a human-readable note
     * @param hostIp the address of the node
     * @param podIp the address of the pod
     * @param startTime when the provider accepted the pod
     * @param containerStatuses one status per container
     */
    public PodStatus(
            PodPhase phase,
            String reason,
            String message,
            String hostIp,
            String podIp,
            Instant startTime,
            List<ContainerStatus> containerStatuses) {
        this(phase, reason, message, hostIp, podIp, startTime, containerStatuses, null, null);
    }

    /**
     * Returns a copy in another phase.
     *
     * @param newPhase the phase
     * @return the copy
     */
    public PodStatus withPhase(PodPhase newPhase) {
        return new PodStatus(
                newPhase,
                reason,
                message,
                hostIp,
                podIp,
                startTime,
                containerStatuses,
                initContainerStatuses,
                conditions);
    }

    /**
     * Returns a copy with other conditions.
     *
     * @param newConditions the conditions
     * @return the copy
     * @since 1.1
     */
    public PodStatus withConditions(List<PodCondition> newConditions) {
        return new PodStatus(
                phase,
                reason,
                message,
                hostIp,
                podIp,
                startTime,
                containerStatuses,
                initContainerStatuses,
                newConditions);
    }

    /**
     * A condition of the pod.
     *
     * @param type the condition type, e.g. {@link PodCondition#READY}
     * @return the condition, or empty if the provider does not report it
     * @since 1.1
     */
    public Optional<PodCondition> condition(String type) {
        return conditions.stream().filter(c -> c.type().equals(type)).findFirst();
    }
}
