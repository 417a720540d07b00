package dev.orchard.kubelet.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodStatus;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the cluster reads of a provider's container status: the reason and the message, as a kubelet writes them. */
class PodTranslationTest {
    private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

    private static io.fabric8.kubernetes.api.model.ContainerState state(ContainerStatus c) {
        PodStatus status = new PodStatus(PodPhase.FAILED, "", "", "", "", T, List.of(c));
        return PodTranslation.toKubernetes(status).getContainerStatuses().get(0).getState();
    }

    @Test
    void aContainerThatCouldNotStartSaysWhyInItsTerminatedState() {
        var terminated = state(new ContainerStatus(
                        "c", "img", ContainerState.TERMINATED, false, 0, 127, "StartError", "not found", T, T))
                .getTerminated();
        assertEquals("StartError", terminated.getReason());
        assertEquals("not found", terminated.getMessage());
        assertEquals(127, terminated.getExitCode());
    }

    @Test
    void aWaitingContainerSaysWhyInItsWaitingState() {
        var waiting = state(new ContainerStatus(
                        "c", "img", ContainerState.WAITING, false, 1, 127, "CrashLoopBackOff", "not found", T, T))
                .getWaiting();
        assertEquals("CrashLoopBackOff", waiting.getReason());
        assertEquals("not found", waiting.getMessage());
    }
}
