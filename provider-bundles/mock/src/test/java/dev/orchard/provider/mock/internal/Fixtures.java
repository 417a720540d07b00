package dev.orchard.provider.mock.internal;

import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.RestartPolicy;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/** Shared builders for the mock's unit tests. */
final class Fixtures {
    static final Instant NOW = Instant.parse("2024-05-01T12:00:00Z");
    static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    static final long POOL = 1L << 40;
    static final String NS = "default";
    /** The capacity of virtual-kubelet's mock, which MockConfiguration's defaults give: 20 cpu, 100Gi, 20 pods. */
    static final Resources DEFAULT_CAPACITY = new Resources(20_000, 100L << 30, 20);

    private Fixtures() {}

    static MockInstance provider() {
        return provider(DEFAULT_CAPACITY, POOL);
    }

    static MockInstance provider(Resources capacity) {
        return provider(capacity, POOL);
    }

    static MockInstance provider(Resources capacity, long pool) {
        return new MockInstance("mock", "mock", "local", capacity, pool, CLOCK);
    }

    static VolumeProfile.Builder volume(String name) {
        return VolumeProfile.builder().name(name);
    }

    static VolumeProfile volume(String namespace, String name, String capacity) {
        return VolumeProfile.builder()
                .namespace(namespace)
                .name(name)
                .capacity(capacity)
                .build();
    }

    static VolumeProfile named(String namespace, String name) {
        return VolumeProfile.builder().namespace(namespace).name(name).build();
    }

    /** The phase of a volume that must exist. */
    static VolumePhase phaseOf(MockInstance mock, String namespace, String name) {
        return mock.storage().readStorage(named(namespace, name)).orElseThrow().phase();
    }

    static VolumeProfile inNamespace(String namespace) {
        return VolumeProfile.builder().namespace(namespace).build();
    }

    static Container logging() {
        return Container.of("c", "busybox", "sh", "-c", "echo line-1; echo line-2; echo line-3");
    }

    static Container requesting(String name, long cpuMillis, long memoryBytes) {
        return new Container(
                name,
                "busybox",
                List.of("sleep", "300"),
                List.of(),
                Map.of(),
                "",
                List.of(),
                new Resources(cpuMillis, memoryBytes, 0));
    }

    static Pod pod(String namespace, String name, Container... containers) {
        return Pod.of(namespace, name, PodSpec.of(containers));
    }

    static Pod pod(String namespace, String name) {
        return pod(namespace, name, logging());
    }

    static Pod podWithLabels(String namespace, String name, Map<String, String> labels, Container... containers) {
        return new Pod(
                new ObjectMeta(name, namespace, "", labels, Map.of(), null), PodSpec.of(containers), PodStatus.NONE);
    }

    static Pod podClaiming(String namespace, String name, String... claims) {
        List<PodVolume> volumes = new java.util.ArrayList<>();
        for (int i = 0; i < claims.length; i++) {
            volumes.add(new PodVolume("vol-" + i, claims[i]));
        }
        return Pod.of(
                namespace,
                name,
                new PodSpec(
                        List.of(logging()), volumes, RestartPolicy.ALWAYS, PodSpec.DEFAULT_GRACE_PERIOD_SECONDS, ""));
    }
}
