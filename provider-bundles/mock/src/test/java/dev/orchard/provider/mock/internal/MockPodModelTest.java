package dev.orchard.provider.mock.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.ConfigMapSource;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerPort;
import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.EmptyDirSource;
import dev.orchard.api.pod.EnvKeyRef;
import dev.orchard.api.pod.HttpGetAction;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodCondition;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.Probe;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.pod.Toleration;
import dev.orchard.api.pod.VolumeMount;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The 1.1 pod model on the mock: kept and returned as given, or refused by name where the mock has no objects. */
class MockPodModelTest {
    private final MockInstance mock = Fixtures.provider();

    @AfterEach
    void close() {
        mock.close();
    }

    @Test
    void aDeploymentsPodIsKeptAsGivenWithConditionsAndInitStatuses() {
        Container web = Container.of("web", "nginx", "nginx")
                .withPorts(List.of(ContainerPort.tcp(80)))
                .withResources(Resources.of("100m", "64Mi", null), Resources.of("200m", "128Mi", null))
                .withProbes(Probe.of(new HttpGetAction("/healthz", 80, false)), null);
        Container init = new Container(
                "init",
                "busybox",
                List.of("true"),
                null,
                null,
                null,
                List.of(new VolumeMount("scratch", "/s", false)),
                null);
        PodSpec spec = new PodSpec(
                List.of(web),
                List.of(new PodVolume("scratch", new EmptyDirSource(false, 0))),
                RestartPolicy.ALWAYS,
                5,
                "",
                List.of(init),
                Map.of("disk", "ssd"),
                List.of(Toleration.exists("dedicated")));
        mock.pods().createPod(Pod.of("default", "full", spec));

        Pod p = mock.pods().getPod("default", "full");
        assertEquals(spec, p.spec(), "every 1.1 field comes back as given");
        assertEquals(
                ContainerState.TERMINATED,
                p.status().initContainerStatuses().get(0).state());
        assertEquals("Completed", p.status().initContainerStatuses().get(0).reason());
        for (String type : List.of("PodScheduled", "Initialized", "ContainersReady", "Ready")) {
            assertTrue(p.status().condition(type).orElseThrow().status(), type);
        }

        mock.pods().deletePod("default", "full");
        assertThrows(NotFoundException.class, () -> mock.pods().getPod("default", "full"));
    }

    @Test
    void aDeletedPodIsNotReadyInItsLastNotification() throws Exception {
        java.util.concurrent.BlockingQueue<Pod> seen = new java.util.concurrent.LinkedBlockingQueue<>();
        mock.pods().notifyPods(seen::add);
        mock.pods().createPod(Pod.of("default", "gone", PodSpec.of(Container.of("c", "i"))));
        mock.pods().deletePod("default", "gone");
        Pod last = null;
        for (int i = 0; i < 2; i++) {
            last = seen.poll(5, java.util.concurrent.TimeUnit.SECONDS);
        }
        assertFalse(last.status().condition(PodCondition.READY).orElseThrow().status());
    }

    @Test
    void configMapsSecretsAndKeyRefsAreRefusedByName() {
        Pod configMap = Pod.of(
                "default",
                "cm",
                PodSpec.of(Container.of("c", "i"))
                        .withVolumes(List.of(new PodVolume("cfg", new ConfigMapSource("settings", false)))));
        UnsupportedException e =
                assertThrows(UnsupportedException.class, () -> mock.pods().createPod(configMap));
        assertTrue(e.getMessage().contains("spec.volumes[].configMap"), e.getMessage());
        Container withRef = Container.of("c", "i")
                .withEnvKeyRefs(Map.of("X", new EnvKeyRef(EnvKeyRef.Source.SECRET, "s", "k", false)));
        assertThrows(
                UnsupportedException.class, () -> mock.pods().createPod(Pod.of("default", "ref", PodSpec.of(withRef))));
        assertTrue(mock.pods().getPods().isEmpty(), "a refused pod leaves nothing");
    }

    @Test
    void anEmptyDirNeedsNoVolumeButAClaimStillDoes() {
        mock.storage()
                .addStorage(VolumeProfile.builder().name("data").capacity("1Mi").build());
        Container c = new Container(
                "c",
                "i",
                null,
                null,
                null,
                null,
                List.of(new VolumeMount("data", "/data", false), new VolumeMount("tmp", "/tmp", false)),
                null);
        PodSpec spec = new PodSpec(
                List.of(c),
                List.of(new PodVolume("data", "data"), new PodVolume("tmp", new EmptyDirSource(true, 0))),
                RestartPolicy.ALWAYS,
                5,
                "");
        mock.pods().createPod(Pod.of("default", "mixed", spec));
        assertEquals(
                "BOUND",
                mock.storage()
                        .readStorage(VolumeProfile.builder().name("data").build())
                        .orElseThrow()
                        .phase()
                        .name());
    }
}
