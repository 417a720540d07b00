package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.PodPhase;
import java.util.Collection;

/** A pod's phase, from its containers' states, as Kubernetes computes it. */
final class PodPhases {
    private PodPhases() {}

    /**
     * The phase of a pod.
     *
     * @param containers the statuses of its containers
     * @param deleting whether the pod is being deleted: then nothing of it waits or restarts any more
     * @return Running while a container runs or restarts (a pod whose containers restart stays Running, as in
     *     Kubernetes), Pending while one waits to start, else Failed if a container failed and Succeeded if
     *     none did
     */
    static PodPhase of(Collection<RunStatus> containers, boolean deleting) {
        boolean anyRunning = false;
        boolean anyFailed = false;
        boolean restarting = false;
        boolean waiting = false;
        for (RunStatus c : containers) {
            ContainerState api = c.state().api();
            anyRunning |= api == ContainerState.RUNNING;
            anyFailed |= api == ContainerState.TERMINATED && (c.exitCode() == null || c.exitCode() != 0);
            restarting |= c.state() == RunState.BACK_OFF || c.state() == RunState.RESTARTING;
            waiting |= api == ContainerState.WAITING;
        }
        if (anyRunning || (restarting && !deleting)) {
            return PodPhase.RUNNING;
        }
        if (waiting && !deleting) {
            return PodPhase.PENDING;
        }
        return anyFailed ? PodPhase.FAILED : PodPhase.SUCCEEDED;
    }
}
