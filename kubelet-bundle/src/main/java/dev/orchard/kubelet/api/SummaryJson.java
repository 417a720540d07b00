package dev.orchard.kubelet.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchard.api.pod.ContainerStats;
import dev.orchard.api.pod.PodStats;
import dev.orchard.api.pod.StatsSummary;
import java.time.Instant;

/**
 * A provider's {@link StatsSummary} in the kubelet's Summary API shape (stats/v1alpha1): {@code node} with its name
 * and cpu and memory, and {@code pods}, each with {@code podRef}, its containers and its own cpu and memory. Only
 * what the provider reports is written: the numbers Orchard's model lacks (network, file systems, swap) are left out,
 * as the kubelet leaves out what it cannot measure.
 */
final class SummaryJson {
    private SummaryJson() {}

    /**
     * The summary's JSON.
     *
     * @param mapper the mapper that makes nodes
     * @param nodeName the bridge's node name
     * @param summary the provider's summary
     * @return the Summary document
     */
    static ObjectNode of(ObjectMapper mapper, String nodeName, StatsSummary summary) {
        ObjectNode root = mapper.createObjectNode();
        String time = summary.time().toString();
        ObjectNode node = root.putObject("node");
        node.put("nodeName", nodeName);
        cpu(node, time, summary.cpuUsageNanoCores(), null);
        memory(node, time, summary.memoryWorkingSetBytes(), null);
        ArrayNode pods = root.putArray("pods");
        for (PodStats p : summary.pods()) {
            ObjectNode pod = pods.addObject();
            ObjectNode ref = pod.putObject("podRef");
            ref.put("name", p.name());
            ref.put("namespace", p.namespace());
            ref.put("uid", p.uid());
            ArrayNode containers = pod.putArray("containers");
            long cpuTime = 0;
            long rss = 0;
            Instant start = null;
            for (ContainerStats c : p.containers()) {
                ObjectNode container = containers.addObject();
                container.put("name", c.name());
                if (c.startTime() != null) {
                    container.put("startTime", c.startTime().toString());
                    start = start == null || c.startTime().isBefore(start) ? c.startTime() : start;
                }
                cpu(container, time, c.cpuUsageNanoCores(), c.cpuUsageCoreNanoSeconds());
                memory(container, time, c.memoryWorkingSetBytes(), c.memoryRssBytes());
                cpuTime += c.cpuUsageCoreNanoSeconds();
                rss += c.memoryRssBytes();
            }
            if (start != null) {
                pod.put("startTime", start.toString());
            }
            cpu(pod, time, p.cpuUsageNanoCores(), cpuTime);
            memory(pod, time, p.memoryWorkingSetBytes(), rss);
        }
        return root;
    }

    private static void cpu(ObjectNode parent, String time, long nanoCores, Long coreNanoSeconds) {
        ObjectNode cpu = parent.putObject("cpu");
        cpu.put("time", time);
        cpu.put("usageNanoCores", nanoCores);
        if (coreNanoSeconds != null) {
            cpu.put("usageCoreNanoSeconds", coreNanoSeconds);
        }
    }

    private static void memory(ObjectNode parent, String time, long workingSet, Long rss) {
        ObjectNode memory = parent.putObject("memory");
        memory.put("time", time);
        memory.put("workingSetBytes", workingSet);
        if (rss != null) {
            memory.put("rssBytes", rss);
        }
    }
}
