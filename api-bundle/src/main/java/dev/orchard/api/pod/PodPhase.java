package dev.orchard.api.pod;

/** The phase of a pod, as in Kubernetes. */
public enum PodPhase {
    /** Accepted, but not every container runs yet. */
    PENDING,
    /** Bound to the node, and at least one container runs. */
    RUNNING,
    /** Every container exited with 0 and will not be restarted. */
    SUCCEEDED,
    /** Every container exited, at least one with a failure, and none will be restarted. */
    FAILED,
    /** The provider cannot tell. */
    UNKNOWN
}
