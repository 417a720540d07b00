package dev.orchard.api.pod;

import dev.orchard.api.naming.Names;
import java.util.List;

/**
 * Resource use of one pod. Immutable.
 *
 * @param namespace the pod's namespace
 * @param name the pod's name
 * @param uid the pod's uid; never null
 * @param containers one entry per running container; never null
 * @param cpuUsageNanoCores the pod's current CPU use in billionths of a core
 * @param memoryWorkingSetBytes the pod's memory in use
 */
public record PodStats(
        String namespace,
        String name,
        String uid,
        List<ContainerStats> containers,
        long cpuUsageNanoCores,
        long memoryWorkingSetBytes) {
    /** Validates the names and copies the list. */
    public PodStats {
        Names.requireDns1123Label("namespace", namespace);
        Names.requireDns1123Label("pod name", name);
        uid = uid == null ? "" : uid;
        containers = containers == null ? List.of() : List.copyOf(containers);
        StatsSummary.requireNotNegative(cpuUsageNanoCores, memoryWorkingSetBytes);
    }

    /**
     * A pod's stats whose totals are the sums of its containers'.
     *
     * @param namespace the pod's namespace
     * @param name the pod's name
     * @param uid the pod's uid
     * @param containers the containers' stats
     * @return the pod's stats
     */
    public static PodStats ofContainers(String namespace, String name, String uid, List<ContainerStats> containers) {
        long cpu = 0;
        long memory = 0;
        for (ContainerStats c : containers) {
            cpu = Math.addExact(cpu, c.cpuUsageNanoCores());
            memory = Math.addExact(memory, c.memoryWorkingSetBytes());
        }
        return new PodStats(namespace, name, uid, containers, cpu, memory);
    }
}
