package dev.orchard.provider.kubernetes.mapping;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import java.util.regex.Pattern;

/**
 * Where an Orchard namespace lives in the cluster: the configured prefix followed by the Orchard namespace, e.g.
 * {@code prod} in {@code orchard-prod}. Immutable.
 *
 * <p>A prefix and a DNS-1123 label concatenated can never collide: two Orchard namespaces map to two cluster
 * namespaces. A namespace whose mapped name would be longer than a label allows is refused, never shortened, since a
 * shortened name could collide.
 */
public final class NamespaceMapping {
    /** The configuration key of the prefix. */
    public static final String PREFIX_KEY = "namespace.prefix";

    private static final Pattern PREFIX = Pattern.compile("([a-z0-9][-a-z0-9]*)?");

    private final String prefix;

    /**
     * Creates a mapping.
     *
     * @param prefix empty, or lower case letters, digits and '-', starting with a letter or digit
     * @throws InvalidInputException if the prefix cannot start a DNS-1123 label, or leaves no room for a name
     */
    public NamespaceMapping(String prefix) {
        if (prefix == null || !PREFIX.matcher(prefix).matches() || prefix.length() >= Names.MAX_LABEL_LENGTH) {
            throw new InvalidInputException(
                    "configuration key " + PREFIX_KEY + " " + Names.quote(prefix)
                            + " must be empty or at most 62 lower case letters, digits and '-', starting with a letter or digit");
        }
        this.prefix = prefix;
    }

    /**
     * The cluster namespace of an Orchard namespace.
     *
     * @param orchardNamespace a DNS-1123 label
     * @return the prefix and the namespace
     * @throws InvalidInputException if the result would be longer than 63 characters
     */
    public String toCluster(String orchardNamespace) {
        String mapped = prefix + orchardNamespace;
        if (mapped.length() > Names.MAX_LABEL_LENGTH) {
            throw new InvalidInputException("namespace " + Names.quote(orchardNamespace) + " maps to cluster namespace "
                    + Names.quote(mapped) + ", which is " + mapped.length() + " characters long; at most "
                    + Names.MAX_LABEL_LENGTH + " are allowed, so use a namespace of at most "
                    + (Names.MAX_LABEL_LENGTH - prefix.length()) + " characters");
        }
        return mapped;
    }

    /**
     * The Orchard namespace of a cluster namespace this mapping produced.
     *
     * @param clusterNamespace the cluster namespace
     * @return the Orchard namespace, or empty if the cluster namespace is not one this mapping produces
     */
    public String toOrchard(String clusterNamespace) {
        if (clusterNamespace == null || !clusterNamespace.startsWith(prefix)) {
            return "";
        }
        String rest = clusterNamespace.substring(prefix.length());
        return Names.isDns1123Label(rest) ? rest : "";
    }

    /**
     * The prefix.
     *
     * @return the prefix, possibly empty
     */
    public String prefix() {
        return prefix;
    }
}
