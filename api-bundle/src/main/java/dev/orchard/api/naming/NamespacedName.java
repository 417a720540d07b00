package dev.orchard.api.naming;

import java.util.Comparator;

/**
 * The key of a namespaced object, a volume or a pod: its namespace and its name, both DNS-1123 labels.
 *
 * <p>Two parts, never one concatenated string, so that {@code a-b/c} and {@code a/b-c} never collide. Ordered by
 * namespace, then name.
 *
 * @param namespace the namespace, a DNS-1123 label
 * @param name the name within the namespace, a DNS-1123 label
 */
public record NamespacedName(String namespace, String name) implements Comparable<NamespacedName> {
    private static final Comparator<NamespacedName> ORDER =
            Comparator.comparing(NamespacedName::namespace).thenComparing(NamespacedName::name);

    /**
     * Checks both parts.
     *
     * @throws dev.orchard.api.error.InvalidInputException if either part is not a DNS-1123 label
     */
    public NamespacedName {
        Names.requireDns1123Label("namespace", namespace);
        Names.requireDns1123Label("name", name);
    }

    @Override
    public int compareTo(NamespacedName other) {
        return ORDER.compare(this, other);
    }

    /**
     * The key as people write it.
     *
     * @return {@code namespace/name}
     */
    @Override
    public String toString() {
        return namespace + "/" + name;
    }
}
