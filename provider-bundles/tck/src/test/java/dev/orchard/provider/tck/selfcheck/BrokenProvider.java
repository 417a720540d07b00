package dev.orchard.provider.tck.selfcheck;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeList;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.StatsSummary;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * A provider with the mistakes the kit exists to catch: a name that differs from its service property,
 * duplicate volumes accepted, null instead of NotFound, raw NullPointerExceptions, a node without conditions.
 */
final class BrokenProvider implements Orchestrator, StorageOps, PodProvider {
    private final List<Volume> volumes = new ArrayList<>();
    private final List<Pod> pods = new ArrayList<>();

    @Override
    public String label() {
        return "broken";
    }

    @Override
    public String name() {
        return "wrong-name";
    }

    @Override
    public String region() {
        return "nowhere";
    }

    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.of(this);
    }

    @Override
    public synchronized Volume addStorage(VolumeProfile profile) {
        Volume v = new Volume(
                profile.requireName(),
                profile.namespace(),
                UUID.randomUUID().toString(),
                profile.labels(),
                Map.of(),
                profile.capacityBytes().orElse(1),
                0,
                1,
                "",
                VolumePhase.AVAILABLE,
                "",
                Instant.now());
        volumes.add(v); // duplicates welcome, capacity optional
        return v;
    }

    @Override
    public synchronized boolean deleteStorage(VolumeProfile profile) {
        return volumes.removeIf(v -> v.name().equals(profile.requireName()));
    }

    @Override
    public synchronized Optional<Volume> readStorage(VolumeProfile profile) {
        return volumes.stream()
                .filter(v -> v.name().equals(profile.requireName()))
                .findFirst();
    }

    @Override
    public synchronized VolumeList listStorage(VolumeProfile profile) {
        return new VolumeList(volumes);
    }

    @Override
    public synchronized void createPod(Pod pod) {
        pods.add(pod); // never runs it
    }

    @Override
    public void updatePod(Pod pod) {
        // ignores updates
    }

    @Override
    public void deletePod(String namespace, String name) {
        throw new NullPointerException("oops");
    }

    @Override
    public Pod getPod(String namespace, String name) {
        return null;
    }

    @Override
    public PodStatus getPodStatus(String namespace, String name) {
        return null;
    }

    @Override
    public synchronized List<Pod> getPods() {
        return pods;
    }

    @Override
    public StatsSummary getStatsSummary() {
        return new StatsSummary("broken", Instant.now(), 0, 0, List.of());
    }

    @Override
    public InputStream getContainerLogs(String namespace, String podName, String containerName, LogOptions options) {
        return InputStream.nullInputStream();
    }

    @Override
    public int runInContainer(String namespace, String podName, String containerName, List<String> command, ExecIO io) {
        return 0;
    }

    @Override
    public Node configureNode(Node node) {
        return node;
    }
}
