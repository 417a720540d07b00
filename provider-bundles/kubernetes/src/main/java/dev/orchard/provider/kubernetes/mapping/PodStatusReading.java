package dev.orchard.provider.kubernetes.mapping;

import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.PodCondition;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodStatus;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import java.util.ArrayList;
import java.util.List;

/**
 * A Kubernetes pod's status as Orchard's: phase, reason and message, host and pod IPs, start time, the containers'
 * and init containers' states, and the pod's conditions.
 */
public final class PodStatusReading {
    private PodStatusReading() {}

    /**
     * The Orchard status of a Kubernetes pod.
     *
     * @param status the pod's status, or null before any was written
     * @return the status; {@link PodStatus#NONE} for none
     */
    public static PodStatus status(io.fabric8.kubernetes.api.model.PodStatus status) {
        if (status == null) {
            return PodStatus.NONE;
        }
        List<PodCondition> conditions = new ArrayList<>();
        for (var c : ContainerManifest.nonNull(status.getConditions())) {
            conditions.add(new PodCondition(
                    c.getType(),
                    "True".equals(c.getStatus()),
                    c.getReason(),
                    c.getMessage(),
                    Timestamps.parse("lastTransitionTime", c.getLastTransitionTime())));
        }
        return new PodStatus(
                phase(status.getPhase()),
                status.getReason(),
                status.getMessage(),
                status.getHostIP(),
                status.getPodIP(),
                Timestamps.parse("startTime", status.getStartTime()),
                containers(status.getContainerStatuses()),
                containers(status.getInitContainerStatuses()),
                conditions);
    }

    public static PodPhase phase(String phase) {
        if (phase == null) {
            return PodPhase.PENDING;
        }
        return switch (phase) {
            case "Running" -> PodPhase.RUNNING;
            case "Succeeded" -> PodPhase.SUCCEEDED;
            case "Failed" -> PodPhase.FAILED;
            case "Unknown" -> PodPhase.UNKNOWN;
            default -> PodPhase.PENDING;
        };
    }

    private static List<ContainerStatus> containers(List<io.fabric8.kubernetes.api.model.ContainerStatus> statuses) {
        List<ContainerStatus> out = new ArrayList<>();
        for (var s : ContainerManifest.nonNull(statuses)) {
            var state = s.getState();
            ContainerState orchardState = ContainerState.WAITING;
            String reason = "";
            String message = "";
            Integer exitCode = null;
            String startedAt = null;
            String finishedAt = null;
            if (state != null && state.getRunning() != null) {
                orchardState = ContainerState.RUNNING;
                startedAt = state.getRunning().getStartedAt();
            } else if (state != null && state.getTerminated() != null) {
                ContainerStateTerminated t = state.getTerminated();
                orchardState = ContainerState.TERMINATED;
                reason = t.getReason();
                message = t.getMessage();
                exitCode = t.getExitCode();
                startedAt = t.getStartedAt();
                finishedAt = t.getFinishedAt();
            } else if (state != null && state.getWaiting() != null) {
                reason = state.getWaiting().getReason();
                message = state.getWaiting().getMessage();
            }
            if (exitCode == null && s.getLastState() != null && s.getLastState().getTerminated() != null) {
                ContainerStateTerminated last = s.getLastState().getTerminated();
                exitCode = last.getExitCode();
                finishedAt = last.getFinishedAt();
            }
            out.add(new ContainerStatus(
                    s.getName(),
                    s.getImage(),
                    orchardState,
                    Boolean.TRUE.equals(s.getReady()),
                    s.getRestartCount() == null ? 0 : s.getRestartCount(),
                    exitCode,
                    reason,
                    message,
                    Timestamps.parse("startedAt", startedAt),
                    Timestamps.parse("finishedAt", finishedAt)));
        }
        return out;
    }
}
