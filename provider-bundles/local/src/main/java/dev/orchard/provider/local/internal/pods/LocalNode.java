package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.pod.ContainerStats;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.NodeAddress;
import dev.orchard.api.pod.NodeCondition;
import dev.orchard.api.pod.PodStats;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.StatsSummary;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The local node: what it offers ({@code configureNode}: this host's cores and memory, and the most pods) and what
 * its pods use ({@code getStatsSummary}: CPU and memory of each running container's process tree, from /proc).
 */
final class LocalNode {
    private final String nodeName;
    private final int maxPods;
    private final Clock clock;
    // The last CPU sample of each running run, by "<pod uid>/<container>/<pid>", to turn cumulative CPU into a
    // rate; only the runs of the last summary are kept, so it does not grow with every run ever started.
    private final Map<String, CpuSample> cpuSamples = new HashMap<>();

    private record CpuSample(long cpuNanos, long atNanos) {}

    /**
     * Creates the node.
     *
     * @param nodeName the node's name in stats summaries
     * @param maxPods the most pods it runs
     * @param clock the clock for the summaries' times
     */
    LocalNode(String nodeName, int maxPods, Clock clock) {
        this.nodeName = nodeName;
        this.maxPods = maxPods;
        this.clock = clock;
    }

    /**
     * Describes this host as a node: the caller's node with its capacity, labels, conditions and addresses.
     *
     * @param node the node as the caller knows it
     * @return the node as this host offers it
     */
    Node configure(Node node) {
        long memory = ProcStats.memTotalBytes();
        Resources capacity = new Resources(Runtime.getRuntime().availableProcessors() * 1000L, memory, maxPods);
        Map<String, String> labels = new HashMap<>(node.labels());
        labels.put("type", "virtual-kubelet");
        labels.put("kubernetes.io/os", "linux");
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
                List.of(
                        new NodeCondition("Ready", true, "KubeletReady", "the local provider runs processes"),
                        new NodeCondition("MemoryPressure", false, "", ""),
                        new NodeCondition("DiskPressure", false, "", "")),
                List.of(new NodeAddress("InternalIP", "127.0.0.1"), new NodeAddress("Hostname", host)),
                "linux",
                System.getProperty("os.arch", ""));
    }

    /**
     * What the pods use now: each running container's process tree, summed per pod and for the node.
     *
     * @param pods the pods
     * @return the summary
     */
    synchronized StatsSummary summary(Iterable<PodRun> pods) {
        Instant now = clock.instant();
        long nowNanos = System.nanoTime();
        List<PodStats> out = new ArrayList<>();
        Map<String, CpuSample> samples = new HashMap<>();
        for (PodRun r : pods) {
            List<ContainerStats> cs = new ArrayList<>();
            for (ContainerRun c : r.containers()) {
                ProcessHandle p = c.process();
                RunStatus status = c.status();
                if (p == null || !status.running()) {
                    continue;
                }
                ProcStats.Usage usage = ProcStats.treeUsage(p);
                String id = r.meta().uid() + "/" + c.name() + "/" + p.pid();
                CpuSample prev = cpuSamples.get(id);
                samples.put(id, new CpuSample(usage.cpuNanos(), nowNanos));
                long nanoCores = prev == null || nowNanos <= prev.atNanos()
                        ? 0
                        : Math.max(
                                0, (usage.cpuNanos() - prev.cpuNanos()) * 1_000_000_000L / (nowNanos - prev.atNanos()));
                cs.add(new ContainerStats(
                        c.name(),
                        status.startedAt(),
                        nanoCores,
                        usage.cpuNanos(),
                        usage.workingSetBytes(),
                        usage.residentBytes()));
            }
            out.add(PodStats.ofContainers(
                    r.key().namespace(), r.key().name(), r.meta().uid(), cs));
        }
        cpuSamples.clear();
        cpuSamples.putAll(samples);
        return StatsSummary.ofPods(nodeName, now, out);
    }
}
