package dev.orchard.provider.tck;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.RestartPolicy;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A container that cannot start: its pod says why in its status, and an exec into it is refused, as the kubelet
 * refuses an exec into a stopped container, never answered as if it ran.
 */
class PodStartConformanceTest extends PodProviderChecks {
    /** A command no provider's node has: a container of it cannot start. */
    static final String MISSING_COMMAND = "/nonexistent/orchard-tck-missing-command";

    private ContainerStatus createUnstartable(String name) {
        Container c = Container.of("main", "busybox:1.36", MISSING_COMMAND);
        provider.createPod(Pod.of(ns, name, new PodSpec(List.of(c), List.of(), RestartPolicy.NEVER, 1, "")));
        ContainerStatus[] seen = new ContainerStatus[1];
        Tck.await(
                "container main of pod " + name + ", whose command " + MISSING_COMMAND
                        + " does not exist, to be reported as not running, with a reason and a message",
                () -> {
                    List<ContainerStatus> all = Tck.statusOf(provider, ns, name).containerStatuses();
                    seen[0] = all.isEmpty() ? null : all.get(0);
                    return seen[0] != null
                            && seen[0].state() != ContainerState.RUNNING
                            && !seen[0].reason().isBlank()
                            && !seen[0].reason().equals("ContainerCreating")
                            && !seen[0].message().isBlank();
                });
        return seen[0];
    }

    @Test
    void aPodThatCannotStartSaysWhyInItsStatus() {
        ContainerStatus s = createUnstartable("unstartable");
        assertFalse(s.ready(), "a container that could not start is not ready: " + s);
        assertNotEquals(ContainerState.RUNNING, s.state(), s.toString());
        assertFalse(s.message().isBlank(), "the message says why: " + s);
    }

    @Test
    void execIntoAContainerThatIsNotRunningIsRefused() {
        createUnstartable("noexec");
        InvalidInputException e = assertThrows(
                InvalidInputException.class,
                () -> provider.runInContainer(
                        ns,
                        "noexec",
                        "main",
                        List.of("true"),
                        new ExecIO(null, new ByteArrayOutputStream(), null, false)),
                "an exec into a container that is not running must be refused with InvalidInput, not run");
        assertTrue(e.getMessage().contains("main"), "the refusal names the container: " + e.getMessage());
    }
}
