package dev.orchard.provider.mock.internal;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerStats;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.NodeAddress;
import dev.orchard.api.pod.NodeCondition;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodStats;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.StatsSummary;
import dev.orchard.api.quantity.Quantity;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the mock's node offers and what its pods use: its capacity, the check that a pod fits, the node it
 * reports, and deterministic stats (each running pod uses exactly what its containers request). Immutable.
 */
final class MockNode {
    private final String name;
    private final Resources capacity;
    private final Clock clock;

    /**
     * Creates the node.
     *
     * @param name the provider name, which the stats report as the node's
     * @param capacity cpu, memory and pods the node offers
     * @param clock the clock for the stats' time
     * @throws InvalidInputException if the capacity is not positive in cpu, memory and pods
     */
    MockNode(String name, Resources capacity, Clock clock) {
        if (capacity.cpuMillis() <= 0 || capacity.memoryBytes() <= 0 || capacity.pods() <= 0) {
            throw new InvalidInputException("mock capacity must be positive in cpu, memory and pods, got " + capacity);
        }
        this.name = name;
        this.capacity = capacity;
        this.clock = clock;
    }

    /**
     * What the pods request together.
     *
     * @param pods the pods
     * @return the sum of their requests
     */
    static Resources used(Iterable<Pod> pods) {
        Resources used = Resources.NONE;
        for (Pod p : pods) {
            used = used.plus(p.spec().totalRequests());
        }
        return used;
    }

    /**
     * Checks that a pod fits beside what is in use.
     *
     * @param pod the pod
     * @param used what the other pods request
     * @throws UnavailableException if it does not fit, saying what it needs and what is in use
     */
    void requireRoomFor(Pod pod, Resources used) {
        if (!used.plus(pod.spec().totalRequests()).fitsWithin(capacity)) {
            throw new UnavailableException("pod " + pod.namespace() + "/" + pod.name() + " does not fit: it needs "
                    + describe(pod.spec().totalRequests()) + ", and " + describe(used) + " of "
                    + describe(capacity) + " are in use");
        }
    }

    /**
     * The node as the mock reports it: the caller's node with the mock's labels, capacity, conditions and
     * addresses.
     *
     * @param node the node the caller configures
     * @param used what the pods request together
     * @return the configured node
     */
    Node configure(Node node, Resources used) {
        Map<String, String> labels = new HashMap<>(node.labels());
        labels.put("type", "virtual-kubelet");
        labels.put("kubernetes.io/role", "agent");
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

    /**
     * The stats of running pods: each uses exactly what its containers request.
     *
     * @param pods the running pods
     * @return the summary, timed now
     */
    StatsSummary summary(List<Pod> pods) {
        List<PodStats> stats = new ArrayList<>();
        for (Pod p : pods) {
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

    private static String describe(Resources r) {
        return "cpu " + Quantity.formatMillis(r.cpuMillis()) + ", memory " + Quantity.formatBytes(r.memoryBytes())
                + ", pods " + r.pods();
    }
}
