package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerStatus;
import java.time.Instant;

/**
 * What is known of one container's runs, immutable: each change makes a new one, so that a reader never sees a
 * half-made change.
 *
 * @param state where the current run stands
 * @param restarts how often the container was restarted
 * @param exitCode how the last run ended, or null if it has not ended (or ended without a trace)
 * @param startedAt when the current or last run started, or null
 * @param finishedAt when the last run ended, or null
 * @param message what a person needs to know of the last run, such as why it could not start; empty if nothing
 */
record RunStatus(
        RunState state, int restarts, Integer exitCode, Instant startedAt, Instant finishedAt, String message) {
    /** A container whose first run is being prepared. */
    static final RunStatus CREATING = new RunStatus(RunState.CREATING, 0, null, null, null, "");

    /** The exit code of a run whose process is not the pod's, as a kubelet gives a container it cannot find. */
    static final int UNKNOWN_CODE = 137;

    /** A run that has just started. */
    RunStatus started(Instant at) {
        return new RunStatus(RunState.RUNNING, restarts, null, at, null, "");
    }

    /**
     * A run whose wrapper could not be started: 127, as a shell reports a command it cannot run.
     *
     * @param at when
     * @param why why, for the status's message
     */
    RunStatus startFailed(Instant at, String why) {
        return startError(127, at, why);
    }

    /**
     * A run whose command could not be started: its wrapper said why, and exited with the code.
     *
     * @param code the code, 125 to 127
     * @param at when
     * @param why why, for the status's message
     */
    RunStatus startError(int code, Instant at, String why) {
        return new RunStatus(RunState.START_ERROR, restarts, code, startedAt, at, why);
    }

    /** A run that ended with a code. */
    RunStatus exited(int code, Instant at) {
        return new RunStatus(RunState.exited(code), restarts, code, startedAt, at, "");
    }

    /** A run whose journalled process is not the pod's: 137, as a kubelet reports a container it cannot find. */
    RunStatus unknown(Instant at) {
        return unaccounted(at, "the container could not be located: the process its journal names is not the pod's");
    }

    /**
     * An adopted run that ended while no instance watched it and left no exit code (its wrapper could not write
     * it, as on a full disk): the code is not known, so it is reported as a kubelet reports a container it cannot
     * account for, with a message saying what was lost rather than a code made up as if it were known.
     *
     * @param at when it was found ended
     * @param rebooted whether the host restarted since the run started, which ended it
     */
    RunStatus codeLost(Instant at, boolean rebooted) {
        return unaccounted(
                at,
                rebooted
                        ? "the exit code was lost: the host restarted while the run was running"
                        : "the exit code was lost: the run ended while no provider instance watched it, and its"
                                + " wrapper left no code (its files could not be written, No space left on device?,"
                                + " or it was killed)");
    }

    // A run the provider cannot account for, as a kubelet reports one: ContainerStatusUnknown, 137, and why.
    private RunStatus unaccounted(Instant at, String why) {
        return new RunStatus(RunState.UNKNOWN, restarts, UNKNOWN_CODE, startedAt, at, why);
    }

    /** An ended run whose restart is scheduled. */
    RunStatus backingOff() {
        return new RunStatus(RunState.BACK_OFF, restarts, exitCode, startedAt, finishedAt, message);
    }

    /** One restart more, before its run starts: it waits, so it is never taken for the run that ended. */
    RunStatus restarting() {
        return new RunStatus(RunState.RESTARTING, restarts + 1, exitCode, startedAt, finishedAt, message);
    }

    /** A run that was stopped because its pod was deleted. */
    RunStatus killed(Integer code, Instant at) {
        return new RunStatus(RunState.KILLED, restarts, code, startedAt, at, "");
    }

    /** A run that an earlier instance of the provider started and this one adopts: its counts carry over. */
    static RunStatus adopted(int restarts, Instant startedAt) {
        return new RunStatus(RunState.RUNNING, restarts, null, startedAt, null, "");
    }

    /** Whether a process of this run may be running: neither creating nor ended. */
    boolean running() {
        return state == RunState.RUNNING;
    }

    /** The API's status of the container. */
    ContainerStatus toStatus(Container spec) {
        return new ContainerStatus(
                spec.name(),
                spec.image(),
                state.api(),
                state == RunState.RUNNING,
                restarts,
                exitCode,
                state.reason(),
                message,
                startedAt,
                finishedAt);
    }
}
