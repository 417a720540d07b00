package dev.orchard.api.pod;

/** The state of one container, as in Kubernetes. */
public enum ContainerState {
    /** Not yet running, or waiting to be restarted. */
    WAITING,
    /** Running. */
    RUNNING,
    /** Exited. */
    TERMINATED
}
