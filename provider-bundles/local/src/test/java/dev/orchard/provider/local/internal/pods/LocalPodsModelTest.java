package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerPort;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.Probe;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.pod.TcpSocketAction;
import dev.orchard.api.pod.Toleration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The 1.1 pod model on local processes: ports and tolerations are honoured, the rest refused by name. */
class LocalPodsModelTest extends LocalPodsTestBase {
    @Test
    void portsAndTolerationsRunAsGiven() {
        Container c = sh("web", "sleep 30").withPorts(List.of(ContainerPort.tcp(8080)));
        PodSpec spec = spec(RestartPolicy.NEVER, c).withScheduling(Map.of(), List.of(Toleration.exists("dedicated")));
        pods.createPod(Pod.of(NS, "ported", spec));
        awaitPhase("ported", PodPhase.RUNNING);
        assertEquals(spec, pods.getPod(NS, "ported").spec());
    }

    @Test
    void whatProcessesCannotHonourIsRefusedByNameAndLeavesNothing() {
        Container limited = sh("c", "true").withResources(Resources.NONE, Resources.of("1", null, null));
        Container probed = sh("c", "true").withProbes(null, Probe.of(new TcpSocketAction(80)));
        for (PodSpec spec : List.of(
                spec(RestartPolicy.NEVER, limited),
                spec(RestartPolicy.NEVER, probed),
                spec(RestartPolicy.NEVER, sh("c", "true")).withScheduling(Map.of("disk", "ssd"), null),
                spec(RestartPolicy.NEVER, sh("c", "true"))
                        .withContainers(List.of(sh("c", "true")), List.of(sh("i", "true"))))) {
            UnsupportedException e =
                    assertThrows(UnsupportedException.class, () -> pods.createPod(Pod.of(NS, "refused", spec)));
            assertTrue(e.getMessage().startsWith("the local provider cannot honour spec."), e.getMessage());
        }
        assertEquals(List.of(), pods.getPods());
    }
}
