package dev.orchard.provider.kubernetes.internal.node;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.pod.ContainerStats;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.NodeAddress;
import dev.orchard.api.pod.NodeCondition;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodStats;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.StatsSummary;
import dev.orchard.provider.kubernetes.cluster.ClusterAction;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.kubernetes.mapping.NamespaceMapping;
import dev.orchard.provider.kubernetes.mapping.Quantities;
import io.fabric8.kubernetes.api.model.NodeSystemInfo;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.ContainerMetrics;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.PodMetrics;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The whole target cluster as one node: the sum of its Ready nodes' capacity and allocatable resources, Ready while
 * the API server answers; its region from the nodes' {@code topology.kubernetes.io/region} labels; and the pods'
 * use from the metrics API where the cluster serves it.
 *
 * <p>Thread-safe: the last sums are kept in a volatile field, so that a node configured while the API server is
 * away still reports what the cluster last offered, NotReady.
 */
public final class KubernetesNode {
    /** The node label Kubernetes gives the region. */
    public static final String REGION_LABEL = "topology.kubernetes.io/region";

    private final ClusterClient cluster;
    private final NamespaceMapping namespaces;
    private final String provider;
    private final Clock clock;
    private volatile Offer last = new Offer(Resources.NONE, Resources.NONE, "", "", "");

    // What the Ready nodes offer together, and the system of the first.
    private record Offer(Resources capacity, Resources allocatable, String os, String arch, String region) {}

    /**
     * Creates the node of a provider.
     *
     * @param cluster the connection
     * @param namespaces where Orchard namespaces live in the cluster
     * @param provider the provider's name, which the stats report as the node's
     * @param clock the clock of the stats
     */
    public KubernetesNode(ClusterClient cluster, NamespaceMapping namespaces, String provider, Clock clock) {
        this.cluster = cluster;
        this.namespaces = namespaces;
        this.provider = provider;
        this.clock = clock;
    }

    /**
     * The node as the cluster offers it now: NotReady, with the last sums, while the API server cannot be asked.
     *
     * @param node the node the caller configures
     * @return the configured node
     */
    public Node configure(Node node) {
        NodeCondition ready;
        try {
            last = offer();
            ready = new NodeCondition(
                    "Ready", true, "ClusterReachable", "the API server answers and sums the Ready nodes");
        } catch (OrchardException e) {
            ready = new NodeCondition(
                    "Ready",
                    false,
                    e.category() == OrchardException.Category.UNAVAILABLE ? "ClusterUnreachable" : "ClusterRefused",
                    e.getMessage());
        }
        Offer o = last;
        Map<String, String> labels = new HashMap<>(node.labels());
        if (!o.region().isEmpty() && !o.region().contains(",")) {
            labels.put(REGION_LABEL, o.region());
        }
        return new Node(
                node.name(),
                labels,
                o.capacity(),
                o.allocatable(),
                List.of(ready),
                List.of(new NodeAddress("Hostname", node.name())),
                o.os().isEmpty() ? "linux" : o.os(),
                o.arch().isEmpty() ? "amd64" : o.arch());
    }

    /**
     * The regions of the cluster's nodes when they were last asked for, without a request: a listing of providers
     * must not wait for a cluster.
     *
     * @return the distinct regions, sorted and joined by ','; empty if no node has one or they were never asked for
     */
    public String region() {
        return last.region();
    }

    /**
     * Asks the cluster for its nodes once more, for {@link #region()}.
     *
     * @return true if the cluster answered
     */
    public boolean refresh() {
        try {
            last = offer();
            return true;
        } catch (OrchardException e) {
            return false;
        }
    }

    private Offer offer() {
        List<io.fabric8.kubernetes.api.model.Node> nodes = cluster.call(
                ClusterAction.cluster("list", "nodes"),
                () -> cluster.fabric8().nodes().list().getItems());
        return ProviderFaultException.output("the node of the cluster's Ready nodes", () -> {
            Resources capacity = Resources.NONE;
            Resources allocatable = Resources.NONE;
            String os = "";
            String arch = "";
            TreeSet<String> regions = new TreeSet<>();
            for (io.fabric8.kubernetes.api.model.Node n : nodes) {
                String region = n.getMetadata().getLabels() == null
                        ? null
                        : n.getMetadata().getLabels().get(REGION_LABEL);
                if (region != null && !region.isEmpty()) {
                    regions.add(region);
                }
                if (!ready(n)) {
                    continue;
                }
                capacity = capacity.plus(resources(n.getStatus().getCapacity()));
                allocatable = allocatable.plus(resources(n.getStatus().getAllocatable()));
                NodeSystemInfo info = n.getStatus().getNodeInfo();
                if (os.isEmpty() && info != null) {
                    os = info.getOperatingSystem() == null ? "" : info.getOperatingSystem();
                    arch = info.getArchitecture() == null ? "" : info.getArchitecture();
                }
            }
            return new Offer(capacity, allocatable, os, arch, String.join(",", regions));
        });
    }

    private static boolean ready(io.fabric8.kubernetes.api.model.Node n) {
        return n.getStatus() != null
                && n.getStatus().getConditions() != null
                && n.getStatus().getConditions().stream()
                        .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    private static Resources resources(Map<String, Quantity> q) {
        if (q == null) {
            return Resources.NONE;
        }
        return new Resources(
                Quantities.millicores("cpu", q.get("cpu")),
                Quantities.bytes("memory", q.get("memory")),
                Quantities.bytes("pods", q.get("pods")));
    }

    /**
     * The use of the provider's pods, from the metrics API.
     *
     * @param pods the provider's pods, as the cache has them
     * @return the summary; the node's totals are the pods'
     * @throws UnsupportedException if the cluster serves no metrics API
     */
    public StatsSummary stats(List<Pod> pods) {
        Map<String, Map<String, PodMetrics>> byNamespace = new HashMap<>();
        List<PodStats> out = new ArrayList<>();
        for (Pod p : pods) {
            String ns = namespaces.toCluster(p.namespace());
            PodMetrics m = byNamespace.computeIfAbsent(ns, this::metrics).get(p.name());
            if (m == null) {
                continue; // not measured yet: a pod that just started
            }
            List<ContainerStats> containers = new ArrayList<>();
            for (ContainerMetrics c : m.getContainers()) {
                Map<String, Quantity> usage = c.getUsage() == null ? Map.of() : c.getUsage();
                containers.add(ProviderFaultException.output(
                        "stats of container " + c.getName() + " of pod " + p.namespace() + "/" + p.name(),
                        () -> new ContainerStats(
                                c.getName(),
                                p.status().startTime(),
                                Quantities.nanoCores("cpu", usage.get("cpu")),
                                0,
                                Quantities.bytes("memory", usage.get("memory")),
                                0)));
            }
            out.add(PodStats.ofContainers(p.namespace(), p.name(), p.metadata().uid(), containers));
        }
        return StatsSummary.ofPods(provider, clock.instant(), out);
    }

    // The pod metrics of one cluster namespace, by pod name. A cluster with the metrics API answers a list in any
    // namespace; a 404 means it has none.
    private Map<String, PodMetrics> metrics(String clusterNamespace) {
        List<PodMetrics> items;
        try {
            items = cluster.call(
                    new ClusterAction("list", "pods.metrics.k8s.io", clusterNamespace, ""),
                    () -> cluster.fabric8()
                            .top()
                            .pods()
                            .metrics(clusterNamespace)
                            .getItems());
        } catch (NotFoundException e) {
            throw new UnsupportedException(
                    "the cluster at " + cluster.settings().describe() + " serves no metrics"
                            + " API (metrics.k8s.io), so there are no pod stats; install metrics-server in it",
                    e);
        }
        Map<String, PodMetrics> byName = new HashMap<>();
        for (PodMetrics m : items) {
            byName.put(m.getMetadata().getName(), m);
        }
        return byName;
    }
}
