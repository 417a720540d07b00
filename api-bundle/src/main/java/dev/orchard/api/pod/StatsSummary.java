package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Resource use of a node and its pods, the counterpart of the kubelet's stats summary. Immutable.
 *
 * @param nodeName the node's name
 * @param time when the numbers were taken
 * @param cpuUsageNanoCores the node's current CPU use in billionths of a core
 * @param memoryWorkingSetBytes the node's memory in use
 * @param pods one entry per running pod; never null
 */
public record StatsSummary(
        String nodeName, Instant time, long cpuUsageNanoCores, long memoryWorkingSetBytes, List<PodStats> pods) {
    /** Validates the summary and copies the list. */
    public StatsSummary {
        Names.requireDns1123Label("node name", nodeName);
        Objects.requireNonNull(time, "time");
        requireNotNegative(cpuUsageNanoCores, memoryWorkingSetBytes);
        pods = pods == null ? List.of() : List.copyOf(pods);
    }

    /**
     * A node's summary whose totals are the sums of its pods'.
     *
     * @param nodeName the node's name
     * @param time when the numbers were taken
     * @param pods the pods' stats
     * @return the summary
     */
    public static StatsSummary ofPods(String nodeName, Instant time, List<PodStats> pods) {
        long cpu = 0;
        long memory = 0;
        for (PodStats p : pods) {
            cpu = Math.addExact(cpu, p.cpuUsageNanoCores());
            memory = Math.addExact(memory, p.memoryWorkingSetBytes());
        }
        return new StatsSummary(nodeName, time, cpu, memory, pods);
    }

    static void requireNotNegative(long... amounts) {
        for (long a : amounts) {
            if (a < 0) {
                throw new InvalidInputException("resource usage " + a + " must not be negative");
            }
        }
    }
}
