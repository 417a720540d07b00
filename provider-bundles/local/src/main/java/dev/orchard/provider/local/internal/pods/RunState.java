package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.pod.ContainerState;

/**
 * Where a container's current run stands, as the local provider tracks it. Each state maps to the API's
 * container state and reason here, and only here.
 */
enum RunState {
    /** Its sandbox is being made; the process has not started. */
    CREATING(ContainerState.WAITING, "ContainerCreating"),
    /** Its process runs. */
    RUNNING(ContainerState.RUNNING, ""),
    /** It exited with code 0 and is not restarted. */
    COMPLETED(ContainerState.TERMINATED, "Completed"),
    /** It exited with another code and is not restarted. */
    ERROR(ContainerState.TERMINATED, "Error"),
    /** It exited, and its restart policy restarts it once the backoff is over. */
    BACK_OFF(ContainerState.TERMINATED, "CrashLoopBackOff"),
    /** Its backoff is over and its next run is starting: its log was handed over, its process is not up yet. */
    RESTARTING(ContainerState.WAITING, "ContainerCreating"),
    /** Its process could not be started. */
    START_ERROR(ContainerState.TERMINATED, "StartError"),
    /**
     * The process its journal names is not the pod's (the kernel does not put it in the pod's boundary): it is
     * neither adopted nor signalled, and the run counts as ended, as a kubelet reports a container it cannot find.
     */
    UNKNOWN(ContainerState.TERMINATED, "ContainerStatusUnknown"),
    /** Its pod was deleted while it ran. */
    KILLED(ContainerState.TERMINATED, "Killed");

    private final ContainerState api;
    private final String reason;

    RunState(ContainerState api, String reason) {
        this.api = api;
        this.reason = reason;
    }

    /** The state of a run that exited with a code and is not restarted. */
    static RunState exited(int code) {
        return code == 0 ? COMPLETED : ERROR;
    }

    /** The API's container state. */
    ContainerState api() {
        return api;
    }

    /** The API's one-word reason for the state. */
    String reason() {
        return reason;
    }

    /** Whether the current run has ended: its process is gone, whether or not a restart is coming. */
    boolean terminated() {
        return api == ContainerState.TERMINATED;
    }

    /** Whether the container has ended and will not run again: terminated, and no restart is coming. */
    boolean endedForGood() {
        return api == ContainerState.TERMINATED && this != BACK_OFF;
    }
}
