package dev.orchard.provider.mock.internal;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeList;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.ContainerStats;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.NodeAddress;
import dev.orchard.api.pod.NodeCondition;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodNotifier;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodStats;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.StatsSummary;
import dev.orchard.api.quantity.Quantity;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An in-memory orchestrator and pod provider, after virtual-kubelet's mock provider. Thread-safe: every
 * operation holds this object's monitor. What it returns is immutable, so no caller can change its state.
 *
 * <p>Pods are Running as soon as they are created and Succeeded when deleted; their containers' logs are what
 * their commands would print ({@link MockShell}); exec interprets the command the same way. Capacity (cpu,
 * memory, pods) and a storage pool are enforced: what does not fit is refused with Unavailable. Stats are
 * deterministic: each running pod uses exactly what its containers request.
 */
public final class MockProvider implements Orchestrator, StorageOps, PodProvider, PodNotifier {
    private static final Logger LOG = LoggerFactory.getLogger(MockProvider.class);
    /** The capacity of virtual-kubelet's mock: 20 cpu, 100Gi memory, 20 pods. */
    static final Resources DEFAULT_CAPACITY = new Resources(20_000, 100L << 30, 20);

    private final String name;
    private final String label;
    private final String region;
    private final Resources capacity;
    private final long storagePoolBytes;
    private final Clock clock;
    private final ExecutorService notifications;

    private final TreeMap<PodKey, Volume> volumes = new TreeMap<>();
    private final TreeMap<PodKey, Pod> pods = new TreeMap<>();
    private volatile Consumer<Pod> notifier;
    private long nextIp = 2;

    /**
     * Creates a mock.
     *
     * @param name the provider name
     * @param label the label
     * @param region the region
     * @param capacity cpu, memory and pods the node offers
     * @param storagePoolBytes the bytes all volumes together may hold
     * @param clock the clock for creation, start and log times
     */
    public MockProvider(
            String name, String label, String region, Resources capacity, long storagePoolBytes, Clock clock) {
        this.name = Names.requireDns1123Label("mock provider name", name);
        this.label = label == null ? "" : label;
        this.region = region == null ? "" : region;
        if (capacity.cpuMillis() <= 0 || capacity.memoryBytes() <= 0 || capacity.pods() <= 0) {
            throw new InvalidInputException("mock capacity must be positive in cpu, memory and pods, got " + capacity);
        }
        this.capacity = capacity;
        this.storagePoolBytes = Quantity.requirePositive("mock storage pool", storagePoolBytes);
        this.clock = clock;
        this.notifications = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "orchard-mock-" + name + "-notify");
            t.setDaemon(true);
            return t;
        });
    }

    /** Stops delivering notifications. */
    public void close() {
        notifications.shutdownNow();
    }

    // ------------------------------------------------------------------ Orchestrator

    @Override
    public String label() {
        return label;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String region() {
        return region;
    }

    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.of(this);
    }

    // ------------------------------------------------------------------ StorageOps

    @Override
    public synchronized Volume addStorage(VolumeProfile profile) {
        PodKey key = new PodKey(profile.namespace(), profile.requireName());
        long bytes = profile.requireCapacityBytes();
        if (volumes.containsKey(key)) {
            throw new AlreadyExistsException("volume " + key.namespace() + "/" + key.name() + " exists already");
        }
        long used = volumes.values().stream().mapToLong(Volume::capacityBytes).sum();
        if (bytes > storagePoolBytes - used) {
            throw new UnavailableException("volume " + key.name() + " needs " + Quantity.formatBytes(bytes)
                    + " but the mock storage pool has " + Quantity.formatBytes(storagePoolBytes - used) + " of "
                    + Quantity.formatBytes(storagePoolBytes) + " left");
        }
        Volume v = new Volume(
                key.name(),
                key.namespace(),
                UUID.randomUUID().toString(),
                profile.labels(),
                Map.of(),
                bytes,
                0,
                profile.replicas(),
                profile.storageClass().orElse(""),
                VolumePhase.AVAILABLE,
                "",
                clock.instant());
        volumes.put(key, v);
        return v;
    }

    @Override
    public synchronized boolean deleteStorage(VolumeProfile profile) {
        PodKey key = new PodKey(profile.namespace(), profile.requireName());
        Volume v = volumes.get(key);
        if (v == null) {
            return false;
        }
        if (v.phase() == VolumePhase.BOUND) {
            throw new UnavailableException(
                    "volume " + key.namespace() + "/" + key.name() + " is bound to a pod; delete the pod first");
        }
        volumes.remove(key);
        return true;
    }

    @Override
    public synchronized Optional<Volume> readStorage(VolumeProfile profile) {
        return Optional.ofNullable(volumes.get(new PodKey(profile.namespace(), profile.requireName())));
    }

    @Override
    public synchronized VolumeList listStorage(VolumeProfile profile) {
        List<Volume> out = new ArrayList<>();
        for (Volume v : volumes.values()) {
            if (profile.matches(v)) {
                out.add(v);
            }
        }
        return new VolumeList(out);
    }

    // ------------------------------------------------------------------ PodProvider

    @Override
    public void createPod(Pod pod) {
        Pod running;
        synchronized (this) {
            PodKey key = key(pod);
            if (pods.containsKey(key)) {
                throw new AlreadyExistsException("pod " + key.namespace() + "/" + key.name() + " exists already");
            }
            requireVolumes(pod);
            requireCapacity(pod, null);
            Instant now = clock.instant();
            ObjectMeta meta = pod.metadata().withIdentity(UUID.randomUUID().toString(), now);
            long ip = nextIp++;
            String podIp = "10.254." + (ip / 250 % 250) + "." + (ip % 250 + 2);
            running = new Pod(meta, pod.spec(), runningStatus(pod, now, podIp));
            pods.put(key, running);
            bindVolumes(running, VolumePhase.BOUND, "used by pod " + key.name());
            notifyChange(running);
        }
    }

    @Override
    public void updatePod(Pod pod) {
        Pod updated;
        synchronized (this) {
            PodKey key = key(pod);
            Pod current = pods.get(key);
            if (current == null) {
                throw new NotFoundException("pod " + key.namespace() + "/" + key.name() + " not found");
            }
            requireVolumes(pod);
            requireCapacity(pod, current);
            ObjectMeta meta = new ObjectMeta(
                    key.name(),
                    key.namespace(),
                    current.metadata().uid(),
                    pod.metadata().labels(),
                    pod.metadata().annotations(),
                    current.metadata().creationTime());
            PodStatus status = sameContainers(current, pod)
                    ? current.status()
                    : runningStatus(
                            pod, current.status().startTime(), current.status().podIp());
            updated = new Pod(meta, pod.spec(), status);
            pods.put(key, updated);
            bindVolumes(current, VolumePhase.RELEASED, "released by pod " + key.name());
            bindVolumes(updated, VolumePhase.BOUND, "used by pod " + key.name());
            notifyChange(updated);
        }
    }

    @Override
    public void deletePod(String namespace, String podName) {
        Pod succeeded;
        synchronized (this) {
            PodKey key = new PodKey(namespace, podName);
            Pod current = pods.remove(key);
            if (current == null) {
                throw new NotFoundException("pod " + namespace + "/" + podName + " not found");
            }
            Instant now = clock.instant();
            List<ContainerStatus> done = new ArrayList<>();
            for (ContainerStatus s : current.status().containerStatuses()) {
                done.add(new ContainerStatus(
                        s.name(),
                        s.image(),
                        ContainerState.TERMINATED,
                        false,
                        s.restartCount(),
                        0,
                        "Completed",
                        s.startedAt(),
                        now));
            }
            PodStatus st = current.status();
            succeeded = current.withStatus(new PodStatus(
                    PodPhase.SUCCEEDED,
                    "Deleted",
                    "deleted by request",
                    st.hostIp(),
                    st.podIp(),
                    st.startTime(),
                    done));
            bindVolumes(current, VolumePhase.RELEASED, "released by pod " + podName);
            notifyChange(succeeded);
        }
    }

    @Override
    public synchronized Pod getPod(String namespace, String podName) {
        Pod p = pods.get(new PodKey(namespace, podName));
        if (p == null) {
            throw new NotFoundException("pod " + namespace + "/" + podName + " not found");
        }
        return p;
    }

    @Override
    public PodStatus getPodStatus(String namespace, String podName) {
        return getPod(namespace, podName).status();
    }

    @Override
    public synchronized List<Pod> getPods() {
        return List.copyOf(pods.values());
    }

    @Override
    public synchronized StatsSummary getStatsSummary() {
        List<PodStats> stats = new ArrayList<>();
        for (Pod p : pods.values()) {
            List<ContainerStats> containers = new ArrayList<>();
            for (Container c : p.spec().containers()) {
                containers.add(new ContainerStats(
                        c.name(),
                        p.status().startTime(),
                        c.requests().cpuMillis() * 1_000_000L,
                        0,
                        c.requests().memoryBytes(),
                        c.requests().memoryBytes()));
            }
            stats.add(
                    PodStats.ofContainers(p.namespace(), p.name(), p.metadata().uid(), containers));
        }
        return StatsSummary.ofPods(name, clock.instant(), stats);
    }

    @Override
    public InputStream getContainerLogs(String namespace, String podName, String containerName, LogOptions options) {
        Pod pod = getPod(namespace, podName);
        Container c = container(pod, containerName);
        if (options.previous()) {
            throw new NotFoundException("container " + containerName + " of pod " + namespace + "/" + podName
                    + " has no previous run: the mock never restarts containers");
        }
        Instant written = pod.status().startTime();
        List<String> lines = new ArrayList<>();
        Optional<Instant> since = options.since(clock.instant());
        if (since.isEmpty() || !written.isBefore(since.get())) {
            List<String> command = new ArrayList<>(c.command());
            command.addAll(c.args());
            lines.addAll(MockShell.run(command).stdout());
        }
        int from = options.tail().isPresent()
                ? Math.max(0, lines.size() - options.tail().getAsInt())
                : 0;
        StringBuilder text = new StringBuilder();
        String stamp = DateTimeFormatter.ISO_INSTANT.format(written);
        for (String line : lines.subList(from, lines.size())) {
            if (options.timestamps()) {
                text.append(stamp).append(' ');
            }
            text.append(line).append('\n');
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        int length = options.limitBytes().isPresent()
                ? (int) Math.min(bytes.length, options.limitBytes().getAsLong())
                : bytes.length;
        // The mock's containers wrote everything when they started, so a followed log ends right here.
        return new ByteArrayInputStream(bytes, 0, length);
    }

    @Override
    public int runInContainer(String namespace, String podName, String containerName, List<String> command, ExecIO io) {
        if (command == null || command.isEmpty()) {
            throw new InvalidInputException("exec needs a command, got none");
        }
        container(getPod(namespace, podName), containerName);
        MockShell.Result r = MockShell.run(command);
        try {
            write(io.stdout(), r.stdout());
            write(io.stderr().orElse(io.stdout()), r.stderr());
        } catch (IOException e) {
            throw new UnavailableException("exec output could not be written: " + e.getMessage(), e);
        }
        return r.exitCode();
    }

    private static void write(OutputStream out, List<String> lines) throws IOException {
        for (String line : lines) {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        }
        out.flush();
    }

    @Override
    public synchronized Node configureNode(Node node) {
        Map<String, String> labels = new HashMap<>(node.labels());
        labels.put("type", "virtual-kubelet");
        labels.put("kubernetes.io/role", "agent");
        Resources used = Resources.NONE;
        for (Pod p : pods.values()) {
            used = used.plus(p.spec().totalRequests());
        }
        List<NodeCondition> conditions = List.of(
                new NodeCondition("Ready", true, "KubeletReady", "the mock provider is ready"),
                new NodeCondition(
                        "MemoryPressure",
                        used.memoryBytes() >= capacity.memoryBytes(),
                        "MockMemory",
                        "memory requested " + Quantity.formatBytes(Math.max(1, used.memoryBytes()))),
                new NodeCondition("DiskPressure", false, "MockDisk", "in memory"),
                new NodeCondition("PIDPressure", false, "MockPids", "in memory"));
        return new Node(
                node.name(),
                labels,
                capacity,
                capacity,
                conditions,
                List.of(new NodeAddress("InternalIP", "127.0.0.1"), new NodeAddress("Hostname", node.name())),
                "linux",
                System.getProperty("os.arch", "amd64"));
    }

    // ------------------------------------------------------------------ PodNotifier

    @Override
    public void notifyPods(Consumer<Pod> callback) {
        this.notifier = callback;
    }

    // Called with this object's monitor held, so notifications are queued in the order the changes happened;
    // the callback itself runs later on the notification thread, never blocking the caller.
    private void notifyChange(Pod pod) {
        Consumer<Pod> callback = notifier;
        if (callback == null) {
            return;
        }
        try {
            notifications.execute(() -> {
                try {
                    callback.accept(pod);
                } catch (RuntimeException e) {
                    LOG.warn("Pod notification callback of mock {} threw", name, e);
                }
            });
        } catch (RejectedExecutionException closed) {
            // the provider is closing; nobody listens any more
        }
    }

    // ------------------------------------------------------------------ helpers

    private static PodKey key(Pod pod) {
        return new PodKey(pod.namespace(), pod.name());
    }

    private static Container container(Pod pod, String containerName) {
        for (Container c : pod.spec().containers()) {
            if (c.name().equals(containerName)) {
                return c;
            }
        }
        throw new NotFoundException(
                "pod " + pod.namespace() + "/" + pod.name() + " has no container " + Names.quote(containerName));
    }

    private static boolean sameContainers(Pod a, Pod b) {
        return a.spec().containers().equals(b.spec().containers());
    }

    private void requireVolumes(Pod pod) {
        for (PodVolume v : pod.spec().volumes()) {
            if (!volumes.containsKey(new PodKey(pod.namespace(), v.claimName()))) {
                throw new InvalidInputException("pod " + pod.name() + " claims volume " + Names.quote(v.claimName())
                        + ", which does not exist in namespace " + pod.namespace());
            }
        }
    }

    private void requireCapacity(Pod pod, Pod replacing) {
        Resources used = Resources.NONE;
        for (Pod p : pods.values()) {
            if (p != replacing) {
                used = used.plus(p.spec().totalRequests());
            }
        }
        Resources wanted = used.plus(pod.spec().totalRequests());
        if (!wanted.fitsWithin(capacity)) {
            throw new UnavailableException("pod " + pod.namespace() + "/" + pod.name() + " does not fit: it needs "
                    + describe(pod.spec().totalRequests()) + ", and " + describe(used) + " of "
                    + describe(capacity) + " are in use");
        }
    }

    private static String describe(Resources r) {
        return "cpu " + Quantity.formatMillis(r.cpuMillis()) + ", memory " + Quantity.formatBytes(r.memoryBytes())
                + ", pods " + r.pods();
    }

    private void bindVolumes(Pod pod, VolumePhase phase, String message) {
        for (PodVolume pv : pod.spec().volumes()) {
            PodKey k = new PodKey(pod.namespace(), pv.claimName());
            Volume v = volumes.get(k);
            if (v != null && (phase != VolumePhase.RELEASED || !claimed(k))) {
                volumes.put(k, v.withPhase(phase, message));
            }
        }
    }

    // Whether a pod still claims the volume, so that it must stay bound.
    private boolean claimed(PodKey volume) {
        for (Pod p : pods.values()) {
            if (p.namespace().equals(volume.namespace())) {
                for (PodVolume pv : p.spec().volumes()) {
                    if (pv.claimName().equals(volume.name())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static PodStatus runningStatus(Pod pod, Instant started, String podIp) {
        List<ContainerStatus> statuses = new ArrayList<>();
        for (Container c : pod.spec().containers()) {
            statuses.add(
                    new ContainerStatus(c.name(), c.image(), ContainerState.RUNNING, true, 0, null, "", started, null));
        }
        return new PodStatus(PodPhase.RUNNING, "", "", "127.0.0.1", podIp, started, statuses);
    }
}
