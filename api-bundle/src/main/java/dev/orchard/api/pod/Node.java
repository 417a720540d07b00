package dev.orchard.api.pod;

import dev.orchard.api.internal.Checks;
import dev.orchard.api.naming.Names;
import java.util.List;
import java.util.Map;

/**
 * The node a pod provider presents, as {@link PodProvider#configureNode} fills it in. Immutable.
 *
 * @param name the node name, a DNS-1123 label
 * @param labels the labels; never null
 * @param capacity the total resources; never null
 * @param allocatable the resources pods may use; never null
 * @param conditions the conditions; never null
 * @param addresses the addresses; never null
 * @param operatingSystem e.g. {@code linux}; never null
 * @param architecture e.g. {@code amd64}; never null
 */
public record Node(
        String name,
        Map<String, String> labels,
        Resources capacity,
        Resources allocatable,
        List<NodeCondition> conditions,
        List<NodeAddress> addresses,
        String operatingSystem,
        String architecture) {

    /** Validates the name and copies the collections. */
    public Node {
        Names.requireDns1123Label("node name", name);
        labels = Checks.requireLabels("node labels", labels);
        capacity = capacity == null ? Resources.NONE : capacity;
        allocatable = allocatable == null ? Resources.NONE : allocatable;
        conditions = Checks.requireElements("node conditions", conditions);
        addresses = Checks.requireElements("node addresses", addresses);
        operatingSystem = operatingSystem == null ? "" : operatingSystem;
        architecture = architecture == null ? "" : architecture;
    }

    /**
     * A node known only by name, as a caller passes it to {@link PodProvider#configureNode}.
     *
     * @param name the node name
     * @return the node
     */
    public static Node named(String name) {
        return new Node(name, Map.of(), Resources.NONE, Resources.NONE, List.of(), List.of(), "", "");
    }
}
