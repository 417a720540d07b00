package dev.orchard.api.pod;

import dev.orchard.api.internal.Checks;
import dev.orchard.api.naming.Names;
import java.time.Instant;
import java.util.Map;

/**
 * The identity and labels of a pod or node, as Kubernetes object metadata. Immutable.
 *
 * @param name the name, a DNS-1123 label
 * @param namespace the namespace, a DNS-1123 label
 * @param uid the unique id; never null, empty until a provider assigns one
 * @param labels the labels; never null
 * @param annotations free-form annotations; never null
 * @param creationTime when it was created, or null if not yet created
 */
public record ObjectMeta(
        String name,
        String namespace,
        String uid,
        Map<String, String> labels,
        Map<String, String> annotations,
        Instant creationTime) {

    /** Validates the name and namespace and copies the maps. */
    public ObjectMeta {
        Names.requireDns1123Label("name", name);
        Names.requireDns1123Label("namespace", namespace);
        uid = uid == null ? "" : uid;
        labels = Checks.requireLabels("labels", labels);
        annotations = Checks.requireAnnotations("annotations", annotations);
    }

    /**
     * Metadata with only a namespace and name.
     *
     * @param namespace the namespace
     * @param name the name
     * @return the metadata
     */
    public static ObjectMeta of(String namespace, String name) {
        return new ObjectMeta(name, namespace, "", Map.of(), Map.of(), null);
    }

    /**
     * Returns a copy with the uid and creation time a provider assigns.
     *
     * @param newUid the uid
     * @param created the creation time
     * @return the copy
     */
    public ObjectMeta withIdentity(String newUid, Instant created) {
        return new ObjectMeta(name, namespace, newUid, labels, annotations, created);
    }
}
