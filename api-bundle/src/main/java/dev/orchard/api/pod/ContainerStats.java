package dev.orchard.api.pod;

import dev.orchard.api.naming.Names;
import java.time.Instant;

/**
 * Resource use of one container. Immutable.
 *
 * @param name the container's name
 * @param startTime when the container started, or null
 * @param cpuUsageNanoCores the current CPU use in billionths of a core, at least 0
 * @param cpuUsageCoreNanoSeconds the cumulative CPU time in nanoseconds, at least 0
 * @param memoryWorkingSetBytes the memory in use that cannot be reclaimed at once, at least 0
 * @param memoryRssBytes the resident memory, at least 0
 */
public record ContainerStats(
        String name,
        Instant startTime,
        long cpuUsageNanoCores,
        long cpuUsageCoreNanoSeconds,
        long memoryWorkingSetBytes,
        long memoryRssBytes) {
    /** Validates the name and amounts. */
    public ContainerStats {
        Names.requireDns1123Label("container name", name);
        StatsSummary.requireNotNegative(
                cpuUsageNanoCores, cpuUsageCoreNanoSeconds, memoryWorkingSetBytes, memoryRssBytes);
    }
}
