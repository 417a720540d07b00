package dev.orchard.provider.mock.internal;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodCondition;
import dev.orchard.api.pod.PodFeature;
import dev.orchard.api.pod.PodNotifier;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.StatsSummary;
import dev.orchard.api.provider.PodNotificationQueue;
import java.io.InputStream;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The mock's pod lifecycle, after virtual-kubelet's mock: pods are Running as soon as they are created and
 * Succeeded when deleted; they run no processes.
 *
 * <p>A container whose command is a path outside {@code /bin}, {@code /usr/bin} and the like cannot start: it is
 * terminated with StartError and says why ({@link MockShell#cannotStart}), as a kubelet reports it, and an exec into
 * it, as into any container that is not running, is refused with InvalidInput.
 *
 * <p>Of the 1.1 model it keeps every field and returns it as given, but runs nothing: ports, limits, probes, node
 * selectors and tolerations have no effect (every container is ready, every init container Completed at once, and
 * emptyDir volumes hold nothing). It has no config maps or secrets, so pods that use them are refused with
 * Unsupported.
 *
 * <p>Thread-safe: every change holds this object's monitor, and is queued to {@link PodNotificationQueue} before it
 * is released, so notifications follow the order of the changes. Pods are immutable records, so what it returns
 * cannot change its state. Pods that do not fit the {@link MockNode} are refused with Unavailable; the volumes
 * they claim must exist in {@link MockStorage}, which binds them while a pod claims them.
 */
final class MockPods implements PodProvider, PodNotifier {
    // The mock has no config maps or secrets to take values or files from.
    private static final Set<PodFeature> HONOURED = EnumSet.complementOf(
            EnumSet.of(PodFeature.CONFIG_MAP_VOLUMES, PodFeature.SECRET_VOLUMES, PodFeature.ENV_KEY_REFS));

    private final MockStorage storage;
    private final MockNode node;
    private final Clock clock;
    private final PodNotificationQueue notifications;
    private final TreeMap<NamespacedName, Pod> pods = new TreeMap<>();
    private long nextIp = 2;

    /**
     * Creates a provider with no pods.
     *
     * @param storage the volumes pods claim
     * @param node the node pods must fit
     * @param clock the clock for creation, start and log times
     * @param notifications where pod changes go
     */
    MockPods(MockStorage storage, MockNode node, Clock clock, PodNotificationQueue notifications) {
        this.storage = storage;
        this.node = node;
        this.clock = clock;
        this.notifications = notifications;
    }

    @Override
    public synchronized void createPod(Pod pod) {
        PodFeature.requireHonoured(pod, HONOURED, "the mock provider");
        NamespacedName key = key(pod);
        if (pods.containsKey(key)) {
            throw new AlreadyExistsException("pod " + key + " exists already");
        }
        storage.requireClaims(pod);
        node.requireRoomFor(pod, MockNode.used(pods.values()));
        Instant now = clock.instant();
        ObjectMeta meta = pod.metadata().withIdentity(UUID.randomUUID().toString(), now);
        long ip = nextIp++;
        String podIp = "10.254." + (ip / 250 % 250) + "." + (ip % 250 + 2);
        Pod running = new Pod(meta, pod.spec(), runningStatus(pod, now, podIp));
        storage.bind(running);
        pods.put(key, running);
        notifications.publish(() -> running);
    }

    @Override
    public synchronized void updatePod(Pod pod) {
        PodFeature.requireHonoured(pod, HONOURED, "the mock provider");
        NamespacedName key = key(pod);
        Pod current = pods.get(key);
        if (current == null) {
            throw notFound(key);
        }
        storage.requireClaims(pod);
        List<Pod> others = new ArrayList<>(pods.values());
        others.remove(current);
        node.requireRoomFor(pod, MockNode.used(others));
        ObjectMeta meta = new ObjectMeta(
                key.name(),
                key.namespace(),
                current.metadata().uid(),
                pod.metadata().labels(),
                pod.metadata().annotations(),
                current.metadata().creationTime());
        PodStatus status = current.spec().containers().equals(pod.spec().containers())
                ? current.status()
                : runningStatus(
                        pod, current.status().startTime(), current.status().podIp());
        Pod updated = new Pod(meta, pod.spec(), status);
        storage.bind(updated);
        pods.put(key, updated);
        releaseUnclaimed(current);
        notifications.publish(() -> updated);
    }

    @Override
    public synchronized void deletePod(String namespace, String podName) {
        NamespacedName key = new NamespacedName(namespace, podName);
        Pod current = pods.remove(key);
        if (current == null) {
            throw notFound(key);
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
        List<PodCondition> notReady = new ArrayList<>();
        for (PodCondition c : st.conditions()) {
            boolean readiness = c.type().equals(PodCondition.READY) || c.type().equals(PodCondition.CONTAINERS_READY);
            notReady.add(readiness ? new PodCondition(c.type(), false, "PodCompleted", "", now) : c);
        }
        Pod succeeded = current.withStatus(new PodStatus(
                PodPhase.SUCCEEDED,
                "Deleted",
                "deleted by request",
                st.hostIp(),
                st.podIp(),
                st.startTime(),
                done,
                st.initContainerStatuses(),
                notReady));
        releaseUnclaimed(current);
        notifications.publish(() -> succeeded);
    }

    @Override
    public synchronized Pod getPod(String namespace, String podName) {
        NamespacedName key = new NamespacedName(namespace, podName);
        Pod p = pods.get(key);
        if (p == null) {
            throw notFound(key);
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
    public StatsSummary getStatsSummary() {
        return node.summary(getPods());
    }

    @Override
    public InputStream getContainerLogs(String namespace, String podName, String containerName, LogOptions options) {
        return MockContainerIO.logs(getPod(namespace, podName), containerName, options, clock.instant());
    }

    @Override
    public int runInContainer(String namespace, String podName, String containerName, List<String> command, ExecIO io) {
        if (command == null || command.isEmpty()) {
            throw new InvalidInputException("exec needs a command, got none");
        }
        return MockContainerIO.exec(getPod(namespace, podName), containerName, command, io);
    }

    @Override
    public Node configureNode(Node configured) {
        return node.configure(configured, MockNode.used(getPods()));
    }

    @Override
    public void notifyPods(Consumer<Pod> callback) {
        notifications.callback(callback);
    }

    /** Stops delivering notifications; everything else keeps working. */
    void close() {
        notifications.close();
    }

    // Releases the volumes a pod claimed that no pod claims now. Monitor held.
    private void releaseUnclaimed(Pod pod) {
        Set<String> claims = new TreeSet<>();
        MockStorage.claims(pod).forEach(v -> claims.add(v.claimName()));
        for (Pod p : pods.values()) {
            if (p.namespace().equals(pod.namespace())) {
                MockStorage.claims(p).stream().map(PodVolume::claimName).forEach(claims::remove);
            }
        }
        storage.release(pod.namespace(), claims, pod.name());
    }

    private static NotFoundException notFound(NamespacedName key) {
        return new NotFoundException("pod " + key + " not found");
    }

    private static NamespacedName key(Pod pod) {
        return new NamespacedName(pod.namespace(), pod.name());
    }

    private static PodStatus runningStatus(Pod pod, Instant started, String podIp) {
        List<ContainerStatus> statuses = new ArrayList<>();
        boolean allRun = true;
        boolean anyRuns = false;
        for (Container c : pod.spec().containers()) {
            String why = MockShell.cannotStart(MockContainerIO.command(c));
            if (why == null) {
                anyRuns = true;
                statuses.add(new ContainerStatus(
                        c.name(), c.image(), ContainerState.RUNNING, true, 0, null, "", started, null));
            } else {
                // As a kubelet reports a command the runtime could not exec: 128, StartError and the runtime's words.
                allRun = false;
                statuses.add(new ContainerStatus(
                        c.name(),
                        c.image(),
                        ContainerState.TERMINATED,
                        false,
                        0,
                        128,
                        "StartError",
                        why,
                        started,
                        started));
            }
        }
        List<ContainerStatus> initStatuses = new ArrayList<>();
        for (Container c : pod.spec().initContainers()) {
            initStatuses.add(new ContainerStatus(
                    c.name(), c.image(), ContainerState.TERMINATED, false, 0, 0, "Completed", started, started));
        }
        List<PodCondition> conditions = new ArrayList<>();
        for (String type : List.of(
                PodCondition.POD_SCHEDULED,
                PodCondition.INITIALIZED,
                PodCondition.CONTAINERS_READY,
                PodCondition.READY)) {
            boolean readiness = type.equals(PodCondition.CONTAINERS_READY) || type.equals(PodCondition.READY);
            conditions.add(
                    readiness && !allRun
                            ? new PodCondition(
                                    type, false, "ContainersNotReady", "a container could not start", started)
                            : new PodCondition(type, true, "", "", started));
        }
        return new PodStatus(
                anyRuns ? PodPhase.RUNNING : PodPhase.FAILED,
                "",
                "",
                "127.0.0.1",
                podIp,
                started,
                statuses,
                initStatuses,
                conditions);
    }
}
