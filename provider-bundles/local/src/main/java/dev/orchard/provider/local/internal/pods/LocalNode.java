package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.pod.ContainerStats;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.NodeAddress;
import dev.orchard.api.pod.PodStats;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.StatsSummary;
import dev.orchard.provider.local.internal.processes.HostUsage;
import dev.orchard.provider.local.internal.processes.ProcessIdentity;
import dev.orchard.provider.local.internal.processes.Usage;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The local node: what it offers ({@code configureNode}: this host's cores and memory, the most pods, and its
 * conditions from real checks) and what is used ({@code getStatsSummary}: each running container's CPU and memory
 * from its boundary, and the host's own totals).
 *
 * <p>CPU in nanocores is the rate since the last summary; on a container's (or the node's) first summary, the
 * average since it started, never 0. The working set is the kubelet's (usage less inactive file pages) where the
 * container has a memory cgroup, else its processes' resident memory; the node's label
 * {@value #WORKING_SET_LABEL} says which.
 */
final class LocalNode {
    /** The node label that says what a working set is on this node: {@code cgroup-memory} or {@code process-rss}. */
    static final String WORKING_SET_LABEL = "orchard.dev/working-set";

    private final String nodeName;
    private final int maxPods;
    private final Clock clock;
    private final NodeConditions conditions;
    private final String workingSetSource;
    // The last CPU sample of each running run, by "<pod uid>/<container>/<pid>", to turn cumulative CPU into a
    // rate; only the runs of the last summary are kept, so it does not grow with every run ever started.
    private final Map<String, CpuSample> cpuSamples = new HashMap<>();
    private CpuSample hostSample;

    private record CpuSample(long cpuNanos, long atNanos) {}

    /**
     * Creates the node.
     *
     * @param nodeName the node's name in stats summaries
     * @param maxPods the most pods it runs
     * @param clock the clock for the summaries' times
     * @param conditions the checks of the host
     * @param workingSetSource what a working set is here, for the node's label
     */
    LocalNode(String nodeName, int maxPods, Clock clock, NodeConditions conditions, String workingSetSource) {
        this.nodeName = nodeName;
        this.maxPods = maxPods;
        this.clock = clock;
        this.conditions = conditions;
        this.workingSetSource = workingSetSource;
    }

    /**
     * Describes this host as a node: the caller's node with its capacity, labels, conditions and addresses.
     *
     * @param node the node as the caller knows it
     * @return the node as this host offers it
     */
    Node configure(Node node) {
        Resources capacity = new Resources(
                Runtime.getRuntime().availableProcessors() * 1000L,
                HostUsage.memory().totalBytes(),
                maxPods);
        Map<String, String> labels = new HashMap<>(node.labels());
        labels.put("type", "virtual-kubelet");
        labels.put("kubernetes.io/os", "linux");
        labels.put(WORKING_SET_LABEL, workingSetSource);
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "localhost";
        }
        return new Node(
                node.name(),
                labels,
                capacity,
                capacity,
                conditions.now(),
                List.of(new NodeAddress("InternalIP", "127.0.0.1"), new NodeAddress("Hostname", host)),
                "linux",
                System.getProperty("os.arch", ""));
    }

    /**
     * What is used now: each running container, summed per pod, and the host's totals for the node.
     *
     * @param pods the pods
     * @return the summary
     */
    synchronized StatsSummary summary(Iterable<PodRun> pods) {
        Instant now = clock.instant();
        long nowNanos = System.nanoTime();
        List<PodStats> out = new ArrayList<>();
        Map<String, CpuSample> samples = new HashMap<>();
        long podsCpu = 0;
        long podsMemory = 0;
        for (PodRun r : pods) {
            List<ContainerStats> cs = new ArrayList<>();
            for (ContainerRun c : r.containers()) {
                ProcessIdentity p = c.identity();
                RunStatus status = c.status();
                if (p == null || !status.running() || r.boundary() == null) {
                    continue;
                }
                Usage usage = r.boundary().usage(c.name(), p.pid());
                String id = r.meta().uid() + "/" + c.name() + "/" + p.pid();
                samples.put(id, new CpuSample(usage.cpuNanos(), nowNanos));
                long since = status.startedAt() == null
                        ? 0
                        : Math.max(0, Duration.between(status.startedAt(), now).toNanos());
                long nanoCores = rate(cpuSamples.get(id), usage.cpuNanos(), nowNanos, since);
                cs.add(new ContainerStats(
                        c.name(),
                        status.startedAt(),
                        nanoCores,
                        usage.cpuNanos(),
                        usage.workingSetBytes(),
                        usage.residentBytes()));
            }
            PodStats ps = PodStats.ofContainers(
                    r.key().namespace(), r.key().name(), r.meta().uid(), cs);
            podsCpu += ps.cpuUsageNanoCores();
            podsMemory += ps.memoryWorkingSetBytes();
            out.add(ps);
        }
        cpuSamples.clear();
        cpuSamples.putAll(samples);
        HostUsage.Cpu host = HostUsage.cpu();
        long hostCpu = rate(hostSample, host.busyNanos(), nowNanos, host.uptimeNanos());
        hostSample = new CpuSample(host.busyNanos(), nowNanos);
        // The host's figures, read a moment apart from the pods' and in coarser ticks, are never shown below the
        // sum of its pods'.
        return new StatsSummary(
                nodeName,
                now,
                Math.max(hostCpu, podsCpu),
                Math.max(HostUsage.memory().workingSetBytes(), podsMemory),
                out);
    }

    // CPU in nanocores: since the last sample, or on the first one, the average over the time it has run.
    private static long rate(CpuSample prev, long cpuNanos, long nowNanos, long ranNanos) {
        if (prev != null && nowNanos > prev.atNanos()) {
            return Math.max(0, (long) ((cpuNanos - prev.cpuNanos()) * 1e9 / (nowNanos - prev.atNanos())));
        }
        return ranNanos <= 0 ? 0 : Math.max(0, (long) (cpuNanos * 1e9 / ranNanos));
    }
}
