package dev.orchard.provider.kubernetes.mapping;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.NamespacedName;
import java.util.HashMap;
import java.util.Map;

/**
 * The labels that mark what this provider instance created in the cluster: managed by Orchard, the provider's
 * name, and the Orchard namespace and name of the object. They select what the provider sees (its informer, its
 * lists) and are hidden from what it returns; a caller may not set them. Immutable.
 *
 * <p>The provider's name, not an instance id, marks the objects: a candidate that replaces an instance of the same
 * name (a hot swap, a higher ranking) adopts everything its predecessor made.
 */
public final class OriginLabels {
    /** The standard label of the tool that manages an object. */
    public static final String MANAGED_BY = "app.kubernetes.io/managed-by";
    /** Its value. */
    public static final String ORCHARD = "orchard";
    /** The provider that made the object. */
    public static final String PROVIDER = "orchard.dev/provider";
    /** The Orchard namespace of the object. */
    public static final String NAMESPACE = "orchard.dev/namespace";
    /** The Orchard name of the object. */
    public static final String NAME = "orchard.dev/name";
    /** The prefix of every annotation and label the provider owns. */
    public static final String OWN_PREFIX = "orchard.dev/";

    private final String provider;

    /**
     * Creates the labels of one provider.
     *
     * @param provider the provider's name, a DNS-1123 label
     */
    public OriginLabels(String provider) {
        this.provider = Names.requireDns1123Label("provider name", provider);
    }

    /**
     * The labels that select everything this provider made.
     *
     * @return managed-by and provider
     */
    public Map<String, String> selector() {
        return Map.of(MANAGED_BY, ORCHARD, PROVIDER, provider);
    }

    /**
     * A caller's labels with the origin of an object added.
     *
     * @param key the object's Orchard namespace and name
     * @param labels the caller's labels
     * @return a new map
     * @throws InvalidInputException if the caller's labels use a key the provider owns
     */
    public Map<String, String> mark(NamespacedName key, Map<String, String> labels) {
        requireNoneOwned("labels", labels);
        Map<String, String> out = new HashMap<>(labels);
        out.putAll(selector());
        out.put(NAMESPACE, key.namespace());
        out.put(NAME, key.name());
        return out;
    }

    /**
     * Tells whether an object was made by this provider.
     *
     * @param labels the object's labels, possibly null
     * @return true if it carries this provider's selector
     */
    public boolean marks(Map<String, String> labels) {
        return labels != null && labels.entrySet().containsAll(selector().entrySet());
    }

    /**
     * The labels or annotations to show a caller: without the provider's own.
     *
     * @param map an object's labels or annotations, possibly null
     * @return a new map without the keys the provider owns
     */
    public static Map<String, String> hide(Map<String, String> map) {
        Map<String, String> out = new HashMap<>();
        if (map != null) {
            map.forEach((k, v) -> {
                if (!k.equals(MANAGED_BY) && !k.startsWith(OWN_PREFIX)) {
                    out.put(k, v);
                }
            });
        }
        return out;
    }

    /**
     * Refuses a caller's labels or annotations that use a key the provider owns.
     *
     * @param what "labels" or "annotations", for the message
     * @param map the caller's map
     * @throws InvalidInputException naming the key
     */
    public static void requireNoneOwned(String what, Map<String, String> map) {
        for (String k : map.keySet()) {
            if (k.equals(MANAGED_BY) || k.startsWith(OWN_PREFIX)) {
                throw new InvalidInputException(what + " key " + Names.quote(k) + " is the Kubernetes provider's own"
                        + " (" + MANAGED_BY + " and " + OWN_PREFIX + "*); choose another key");
            }
        }
    }

    /**
     * The provider's name.
     *
     * @return the name
     */
    public String provider() {
        return provider;
    }
}
