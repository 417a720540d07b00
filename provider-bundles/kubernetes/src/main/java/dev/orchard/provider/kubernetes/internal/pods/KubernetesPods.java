package dev.orchard.provider.kubernetes.internal.pods;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodNotifier;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.StatsSummary;
import dev.orchard.api.provider.PodNotificationQueue;
import dev.orchard.provider.kubernetes.cluster.ClusterAction;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.kubernetes.internal.node.KubernetesNode;
import dev.orchard.provider.kubernetes.internal.volumes.KubernetesStorage;
import dev.orchard.provider.kubernetes.mapping.NamespaceMapping;
import dev.orchard.provider.kubernetes.mapping.OriginLabels;
import dev.orchard.provider.kubernetes.mapping.PodManifest;
import dev.orchard.provider.kubernetes.mapping.PodStatusReading;
import io.fabric8.kubernetes.api.model.StatusDetails;
import java.io.InputStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pods offloaded into the cluster, after Liqo's reflection: each Orchard pod is a pod of the same name in the
 * cluster namespace of its Orchard namespace, marked with its origin, its volumes the claims of the same names.
 * Reads come from an informer's cache, which also feeds {@code notifyPods}; writes are requests to the API server,
 * and return once the cache has seen them.
 *
 * <p>Every field of the 1.1 pod model is honoured. A pod being deleted (Terminating) is still read, and is gone for
 * a second delete. Thread-safe.
 */
public final class KubernetesPods implements PodProvider, PodNotifier, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(KubernetesPods.class);

    private final ClusterClient cluster;
    private final NamespaceMapping namespaces;
    private final OriginLabels origin;
    private final KubernetesNode node;
    private final KubernetesStorage claims;
    private final Clock clock;
    private final PodNotificationQueue notifications;
    private final PodCache cache;
    private final ContainerLogs logs;
    private final ContainerExec exec;

    /**
     * Starts watching the provider's pods.
     *
     * @param cluster the connection
     * @param namespaces where Orchard namespaces live in the cluster
     * @param origin the labels marking what the provider made
     * @param node the cluster as a node, for configureNode and the stats
     * @param claims the provider's volumes, which its pods may mount
     * @param clock the clock of deletions' notifications
     */
    public KubernetesPods(
            ClusterClient cluster,
            NamespaceMapping namespaces,
            OriginLabels origin,
            KubernetesNode node,
            KubernetesStorage claims,
            Clock clock) {
        this.cluster = cluster;
        this.claims = claims;
        this.namespaces = namespaces;
        this.origin = origin;
        this.node = node;
        this.clock = clock;
        this.notifications = new PodNotificationQueue(
                "orchard-kubernetes-" + origin.provider() + "-notify",
                (pod, e) -> LOG.warn("Pod notification callback of provider {} threw", origin.provider(), e));
        this.logs = new ContainerLogs(cluster);
        this.exec = new ContainerExec(cluster);
        this.cache = new PodCache(cluster, origin, this::changed);
    }

    @Override
    public void createPod(Pod pod) {
        String ns = namespaces.toCluster(pod.namespace());
        io.fabric8.kubernetes.api.model.Pod manifest = PodManifest.toKubernetes(pod, ns, origin);
        requireClaims(pod);
        cluster.ensureNamespace(ns, origin.selector());
        io.fabric8.kubernetes.api.model.Pod created = cluster.call(
                action("create", ns, pod.name()),
                () -> cluster.fabric8()
                        .pods()
                        .inNamespace(ns)
                        .resource(manifest)
                        .create());
        cache.awaitSeen(ns, pod.name(), PodCache.version(created.getMetadata().getResourceVersion()), timeout());
    }

    @Override
    public void updatePod(Pod pod) {
        String ns = namespaces.toCluster(pod.namespace());
        Pod current = read(cached(ns, pod.namespace(), pod.name()));
        PodUpdates.requireAllowed(current, pod);
        io.fabric8.kubernetes.api.model.Pod updated = cluster.call(
                action("patch", ns, pod.name()),
                () -> cluster.fabric8()
                        .pods()
                        .inNamespace(ns)
                        .withName(pod.name())
                        .edit(p -> PodUpdates.apply(p, pod, origin)));
        cache.awaitSeen(ns, pod.name(), PodCache.version(updated.getMetadata().getResourceVersion()), timeout());
    }

    @Override
    public void deletePod(String namespace, String name) {
        String ns = namespaces.toCluster(namespace);
        io.fabric8.kubernetes.api.model.Pod current = cached(ns, namespace, name);
        if (current.getMetadata().getDeletionTimestamp() != null) {
            throw notFound(namespace, name, " (it is being deleted)");
        }
        Long grace = current.getSpec().getTerminationGracePeriodSeconds();
        List<StatusDetails> deleted = cluster.call(
                action("delete", ns, name),
                () -> cluster.fabric8()
                        .pods()
                        .inNamespace(ns)
                        .withName(name)
                        .withGracePeriod(grace == null ? 30 : grace)
                        .delete());
        if (deleted.isEmpty()) {
            throw notFound(namespace, name, "");
        }
        String uid = current.getMetadata().getUid();
        cache.awaitSeen(
                ns,
                name,
                p -> p == null
                        || !uid.equals(p.getMetadata().getUid())
                        || p.getMetadata().getDeletionTimestamp() != null,
                timeout());
    }

    @Override
    public Pod getPod(String namespace, String name) {
        return read(cached(namespaces.toCluster(namespace), namespace, name));
    }

    @Override
    public PodStatus getPodStatus(String namespace, String name) {
        return getPod(namespace, name).status();
    }

    @Override
    public List<Pod> getPods() {
        List<Pod> out = new ArrayList<>();
        for (io.fabric8.kubernetes.api.model.Pod p : cache.all()) {
            try {
                orchardKey(p).ifPresent(key -> out.add(read(p, key)));
            } catch (ProviderFaultException e) {
                LOG.warn(
                        "Pod {} in the cluster is not an Orchard pod any more and is left out: {}",
                        PodCache.key(p),
                        e.getMessage());
            }
        }
        out.sort(Comparator.comparing(Pod::namespace).thenComparing(Pod::name));
        return out;
    }

    @Override
    public StatsSummary getStatsSummary() {
        List<Pod> running = new ArrayList<>();
        for (Pod p : getPods()) {
            if (p.status().phase() == PodPhase.RUNNING) {
                running.add(p);
            }
        }
        return node.stats(running);
    }

    @Override
    public InputStream getContainerLogs(String namespace, String podName, String containerName, LogOptions options) {
        Pod pod = getPod(namespace, podName);
        ContainerStatus status = requireContainer(pod, containerName);
        if (options.previous() && (status == null || status.restartCount() == 0)) {
            throw new NotFoundException("container " + containerName + " of pod " + namespace + "/" + podName
                    + " has no previous run: it was never restarted");
        }
        return logs.open(namespaces.toCluster(namespace), podName, containerName, options);
    }

    @Override
    public int runInContainer(String namespace, String podName, String containerName, List<String> command, ExecIO io) {
        if (command == null || command.isEmpty()) {
            throw new InvalidInputException("exec needs a command, got none");
        }
        requireRunning(namespace, podName, requireContainer(getPod(namespace, podName), containerName));
        return exec.run(namespaces.toCluster(namespace), podName, containerName, command, io);
    }

    @Override
    public Node configureNode(Node configured) {
        return node.configure(configured);
    }

    @Override
    public void notifyPods(Consumer<Pod> callback) {
        notifications.callback(callback);
    }

    /** Stops the watch and the notifications. */
    @Override
    public void close() {
        cache.close();
        notifications.close();
    }

    /**
     * Tells whether the pod watch is connected now.
     *
     * @return true while it watches
     */
    public boolean watching() {
        return cache.watching();
    }

    // The informer saw a change: notify a status change, and a deleted pod as ended.
    private void changed(io.fabric8.kubernetes.api.model.Pod before, io.fabric8.kubernetes.api.model.Pod after) {
        io.fabric8.kubernetes.api.model.Pod now = after != null ? after : before;
        Optional<NamespacedName> key = orchardKey(now);
        if (key.isEmpty()) {
            return;
        }
        if (after == null) {
            notifications.publish(() -> ended(read(before, key.get())));
        } else if (before == null || !Objects.equals(before.getStatus(), after.getStatus())) {
            notifications.publish(() -> read(after, key.get()));
        }
    }

    // A deleted pod as its last notification shows it: terminal, its containers terminated.
    private Pod ended(Pod pod) {
        PodStatus s = pod.status();
        if (s.phase() == PodPhase.SUCCEEDED || s.phase() == PodPhase.FAILED) {
            return pod;
        }
        List<ContainerStatus> done = new ArrayList<>();
        for (ContainerStatus c : s.containerStatuses()) {
            done.add(
                    c.state() == ContainerState.TERMINATED
                            ? c
                            : new ContainerStatus(
                                    c.name(),
                                    c.image(),
                                    ContainerState.TERMINATED,
                                    false,
                                    c.restartCount(),
                                    c.exitCode(),
                                    "Deleted",
                                    c.startedAt(),
                                    clock.instant()));
        }
        return pod.withStatus(new PodStatus(
                PodPhase.SUCCEEDED,
                "Deleted",
                "deleted from the cluster",
                s.hostIp(),
                s.podIp(),
                s.startTime(),
                done,
                s.initContainerStatuses(),
                s.conditions()));
    }

    private io.fabric8.kubernetes.api.model.Pod cached(String clusterNamespace, String namespace, String name) {
        new NamespacedName(namespace, name); // the caller's input is checked before the cache is asked
        return cache.get(clusterNamespace, name).orElseThrow(() -> notFound(namespace, name, ""));
    }

    private Pod read(io.fabric8.kubernetes.api.model.Pod p) {
        return read(
                p,
                orchardKey(p)
                        .orElseThrow(() -> new ProviderFaultException("pod " + PodCache.key(p)
                                + " carries no Orchard namespace of this provider's mapping")));
    }

    private static Pod read(io.fabric8.kubernetes.api.model.Pod p, NamespacedName key) {
        return ProviderFaultException.output(
                "pod " + key + " from the cluster's pod " + PodCache.key(p),
                () -> new Pod(
                        PodManifest.meta(p.getMetadata(), key),
                        PodManifest.spec(p),
                        PodStatusReading.status(p.getStatus())));
    }

    // The Orchard namespace and name of a cluster pod: its namespace label, where the mapping agrees.
    private Optional<NamespacedName> orchardKey(io.fabric8.kubernetes.api.model.Pod p) {
        String clusterNs = p.getMetadata().getNamespace();
        String orchardNs = p.getMetadata().getLabels() == null
                ? null
                : p.getMetadata().getLabels().get(OriginLabels.NAMESPACE);
        if (orchardNs == null || !orchardNs.equals(namespaces.toOrchard(clusterNs))) {
            return Optional.empty();
        }
        return Optional.of(new NamespacedName(orchardNs, p.getMetadata().getName()));
    }

    // As the kubelet refuses an exec into a stopped container; refused here with a typed error before the cluster's
    // own, whose category depends on its version. A container the cache has no status of yet is left to the cluster.
    private static void requireRunning(String namespace, String podName, ContainerStatus s) {
        if (s == null || s.state() == ContainerState.RUNNING) {
            return;
        }
        String what = "container " + s.name() + " of pod " + namespace + "/" + podName + " is not running ("
                + s.state().name().toLowerCase(java.util.Locale.ROOT)
                + (s.reason().isEmpty() ? "" : ": " + s.reason())
                + (s.exitCode() == null ? "" : ", exit code " + s.exitCode())
                + (s.message().isEmpty() ? "" : ", " + s.message()) + ")";
        if (s.state() == ContainerState.TERMINATED) {
            throw new InvalidInputException(what + ": it has ended, so there is nothing to exec into");
        }
        throw new UnavailableException(what + ": exec into it once it runs");
    }

    private static ContainerStatus requireContainer(Pod pod, String container) {
        List<Container> all = new ArrayList<>(pod.spec().containers());
        all.addAll(pod.spec().initContainers());
        if (all.stream().noneMatch(c -> c.name().equals(container))) {
            throw new NotFoundException("pod " + pod.namespace() + "/" + pod.name() + " has no container "
                    + dev.orchard.api.naming.Names.quote(container));
        }
        List<ContainerStatus> statuses = new ArrayList<>(pod.status().containerStatuses());
        statuses.addAll(pod.status().initContainerStatuses());
        return statuses.stream()
                .filter(s -> s.name().equals(container))
                .findFirst()
                .orElse(null);
    }

    // Kubernetes would accept the pod and leave it Pending until a claim of that name appears; every Orchard
    // provider refuses a mount of a volume it does not hold, so a refused create leaves nothing behind.
    private void requireClaims(Pod pod) {
        for (PodVolume volume : pod.spec().volumes()) {
            String claim = volume.claimName();
            if (!claim.isEmpty() && !claims.holds(new NamespacedName(pod.namespace(), claim))) {
                throw new NotFoundException("pod " + pod.namespace() + "/" + pod.name() + " mounts volume "
                        + pod.namespace() + "/" + claim + " (as \"" + volume.name() + "\"), which provider "
                        + origin.provider() + " does not hold; add it first with orchard:volume-add");
            }
        }
    }

    private static NotFoundException notFound(String namespace, String name, String more) {
        return new NotFoundException("pod " + namespace + "/" + name + " not found" + more);
    }

    private static ClusterAction action(String verb, String ns, String name) {
        return new ClusterAction(verb, "pods", ns, name);
    }

    private java.time.Duration timeout() {
        return cluster.settings().requestTimeout();
    }
}
