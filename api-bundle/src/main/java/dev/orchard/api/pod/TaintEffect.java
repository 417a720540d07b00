package dev.orchard.api.pod;

/**
 * What a node's taint does to pods that do not tolerate it, as in Kubernetes.
 *
 * @since 1.1
 */
public enum TaintEffect {
    /** New pods are not scheduled on the node. */
    NO_SCHEDULE,
    /** New pods are scheduled on the node only if no other fits. */
    PREFER_NO_SCHEDULE,
    /** New pods are not scheduled, and running pods are evicted. */
    NO_EXECUTE
}
