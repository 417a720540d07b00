package dev.orchard.api.registry;

/** Which contract a provider implements. */
public enum ProviderKind {
    /** An {@link dev.orchard.api.orchestrator.Orchestrator}. */
    ORCHESTRATOR,
    /** A {@link dev.orchard.api.pod.PodProvider}. */
    POD
}
