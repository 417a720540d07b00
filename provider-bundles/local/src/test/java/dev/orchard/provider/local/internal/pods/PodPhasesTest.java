package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.PodPhase;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A pod's phase from its containers' states, and each state's API state and reason. */
class PodPhasesTest {
    private static final Instant T = Instant.EPOCH;
    private static final RunStatus RUNNING = RunStatus.CREATING.started(T);
    private static final RunStatus COMPLETED = RUNNING.exited(0, T);
    private static final RunStatus FAILED = RUNNING.exited(2, T);
    private static final RunStatus BACKING_OFF = FAILED.backingOff();

    private static PodPhase phase(boolean deleting, RunStatus... containers) {
        return PodPhases.of(List.of(containers), deleting);
    }

    @Test
    void aPodRunsWhileAContainerRunsOrRestarts() {
        assertEquals(PodPhase.RUNNING, phase(false, RUNNING));
        assertEquals(PodPhase.RUNNING, phase(false, RUNNING, FAILED), "one container still runs");
        assertEquals(PodPhase.RUNNING, phase(false, BACKING_OFF), "a pod whose container restarts stays Running");
        assertEquals(PodPhase.FAILED, phase(true, BACKING_OFF), "no restart comes once the pod is deleted");
        assertEquals(PodPhase.RUNNING, phase(true, RUNNING), "until its processes have stopped");
    }

    @Test
    void aPodIsPendingWhileAContainerIsBeingMade() {
        assertEquals(PodPhase.PENDING, phase(false, RunStatus.CREATING, COMPLETED));
        assertEquals(PodPhase.SUCCEEDED, phase(true, RunStatus.CREATING, COMPLETED));
    }

    @Test
    void anEndedPodFailedIfAnyContainerFailed() {
        assertEquals(PodPhase.SUCCEEDED, phase(false, COMPLETED, COMPLETED));
        assertEquals(PodPhase.FAILED, phase(false, COMPLETED, FAILED));
        assertEquals(PodPhase.FAILED, phase(false, RUNNING.startFailed(T, "cannot start")), "127");
        assertEquals(PodPhase.FAILED, phase(true, RUNNING.killed(null, T)), "killed without a known exit code");
        assertEquals(PodPhase.SUCCEEDED, phase(true, RUNNING.killed(0, T)), "stopped cleanly at the delete");
    }

    @Test
    void eachStateHasItsApiStateAndReason() {
        assertEquals(ContainerState.WAITING, RunState.CREATING.api());
        assertEquals("ContainerCreating", RunState.CREATING.reason());
        assertEquals(ContainerState.RUNNING, RunState.RUNNING.api());
        assertEquals("", RunState.RUNNING.reason());
        assertEquals("Completed", COMPLETED.state().reason());
        assertEquals("Error", FAILED.state().reason());
        assertEquals(ContainerState.TERMINATED, RunState.BACK_OFF.api(), "the run has ended; the next waits");
        assertEquals("CrashLoopBackOff", BACKING_OFF.state().reason());
        assertEquals(2, BACKING_OFF.exitCode(), "the code of the run that ended");
        assertEquals("StartError", RunState.START_ERROR.reason());
        assertEquals("Killed", RunState.KILLED.reason());
        assertEquals(1, BACKING_OFF.restarting().started(T).restarts(), "a restart counts once");
    }
}
