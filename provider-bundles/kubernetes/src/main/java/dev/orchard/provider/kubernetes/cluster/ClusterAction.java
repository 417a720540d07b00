package dev.orchard.provider.kubernetes.cluster;

/**
 * One request to the API server, as RBAC names it: a verb on a resource, in a namespace, for the messages of
 * failures (a 403 names the permission that is missing). Immutable.
 *
 * @param verb the RBAC verb, e.g. {@code create}
 * @param resource the resource, e.g. {@code persistentvolumeclaims} or {@code pods/log}
 * @param namespace the cluster namespace, or empty for a cluster-scoped resource
 * @param name the object's name, or empty for a collection
 */
public record ClusterAction(String verb, String resource, String namespace, String name) {
    /** Fills empty fields. */
    public ClusterAction {
        namespace = namespace == null ? "" : namespace;
        name = name == null ? "" : name;
    }

    /**
     * An action on a cluster-scoped collection, e.g. listing nodes.
     *
     * @param verb the verb
     * @param resource the resource
     * @return the action
     */
    public static ClusterAction cluster(String verb, String resource) {
        return new ClusterAction(verb, resource, "", "");
    }

    /**
     * The action as a person reads it.
     *
     * @return e.g. {@code create persistentvolumeclaims orchard-default/data}
     */
    @Override
    public String toString() {
        String object =
                namespace.isEmpty() ? name : name.isEmpty() ? "in namespace " + namespace : namespace + "/" + name;
        return verb + " " + resource + (object.isEmpty() ? "" : " " + object);
    }
}
