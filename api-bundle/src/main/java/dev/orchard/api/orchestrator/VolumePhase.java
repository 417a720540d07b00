package dev.orchard.api.orchestrator;

/** The lifecycle phase of a volume, as Kubernetes names the phases of a persistent volume. */
public enum VolumePhase {
    /** Being created; not yet usable. */
    PENDING,
    /** Created and not used by a pod. */
    AVAILABLE,
    /** Used by a pod. */
    BOUND,
    /** The pod that used it is gone; the data is kept. */
    RELEASED,
    /** Creation or reclamation failed; see the volume's message. */
    FAILED
}
