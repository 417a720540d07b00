package dev.orchard.http.api;

import dev.orchard.api.registry.OrchestratorRegistry;

/** Resolves {@code default} in place of a provider name to the registry's detected default, as the shell does. */
final class DefaultName {
    /** The word that stands for the detected default provider. */
    static final String DEFAULT = "default";

    private final OrchestratorRegistry orchestrators;

    DefaultName(OrchestratorRegistry orchestrators) {
        this.orchestrators = orchestrators;
    }

    /**
     * The provider name a path names.
     *
     * @param name the name in the path
     * @return the name, or {@code detectDefault()} for {@code default}
     */
    String resolve(String name) {
        return DEFAULT.equals(name) ? orchestrators.detectDefault() : name;
    }
}
