package dev.orchard.registry.shell;

import dev.orchard.api.pod.ContainerStats;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodStats;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.StatsSummary;
import dev.orchard.api.quantity.Quantity;
import dev.orchard.api.registry.PodProviderRegistry;
import java.io.PrintStream;

/**
 * The bodies of {@code orchard:node} and {@code orchard:stats}: the node a pod provider presents, and what its pods
 * use.
 */
final class NodeCommands {
    private final PodProviderRegistry pods;

    /**
     * Creates the bodies.
     *
     * @param pods the pod provider registry
     */
    NodeCommands(PodProviderRegistry pods) {
        this.pods = pods;
    }

    /**
     * Prints the node: capacity, allocatable, conditions, addresses and system.
     *
     * @param call the invocation
     */
    void node(Invocation call) {
        String provider = call.arguments().get("provider");
        Node n = pods.call(provider, p -> p.configureNode(Node.named(provider)));
        PrintStream out = call.out();
        line(out, "name", n.name());
        line(out, "capacity", resources(n.capacity()));
        line(out, "allocatable", resources(n.allocatable()));
        n.conditions()
                .forEach(c -> line(
                        out,
                        "condition",
                        c.type() + "=" + c.status() + (c.reason().isEmpty() ? "" : " (" + c.reason() + ")")));
        n.addresses().forEach(ad -> line(out, "address", ad.type() + " " + ad.address()));
        line(out, "system", n.operatingSystem() + "/" + n.architecture());
    }

    /**
     * Prints the node's totals, then one row per container: CPU, working set and RSS.
     *
     * @param call the invocation
     */
    void stats(Invocation call) {
        StatsSummary s = pods.call(call.arguments().get("provider"), PodProvider::getStatsSummary);
        TextTable t = new TextTable("POD", "NAMESPACE", "CONTAINER", "CPU", "WORKING SET", "RSS");
        for (PodStats p : s.pods()) {
            for (ContainerStats c : p.containers()) {
                t.row(
                        p.name(),
                        p.namespace(),
                        c.name(),
                        millicores(c.cpuUsageNanoCores()),
                        Quantity.formatBytes(c.memoryWorkingSetBytes()),
                        Quantity.formatBytes(c.memoryRssBytes()));
            }
        }
        call.out()
                .println("node " + s.nodeName() + ": cpu " + millicores(s.cpuUsageNanoCores()) + ", memory "
                        + Quantity.formatBytes(s.memoryWorkingSetBytes()) + ", "
                        + s.pods().size() + " pod(s)");
        t.print(call.out());
    }

    private static String millicores(long nanoCores) {
        return (nanoCores / 1_000_000) + "m";
    }

    private static String resources(Resources r) {
        return "cpu " + Quantity.formatMillis(Math.max(1, r.cpuMillis())) + ", memory "
                + Quantity.formatBytes(Math.max(1, r.memoryBytes())) + ", pods " + r.pods();
    }

    private static void line(PrintStream out, String key, Object value) {
        out.printf("%-13s%s%n", key + ":", value);
    }
}
