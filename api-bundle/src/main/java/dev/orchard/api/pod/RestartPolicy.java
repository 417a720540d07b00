package dev.orchard.api.pod;

/** When a pod's containers are restarted after they exit, as in Kubernetes. */
public enum RestartPolicy {
    /** Always restart. */
    ALWAYS,
    /** Restart only after a non-zero exit. */
    ON_FAILURE,
    /** Never restart. */
    NEVER
}
