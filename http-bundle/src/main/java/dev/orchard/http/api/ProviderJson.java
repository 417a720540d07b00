package dev.orchard.http.api;

import dev.orchard.api.registry.ProviderInfo;
import java.util.List;

/**
 * A provider name of one kind in JSON: its state (that of its highest candidate) and every candidate.
 *
 * @param name the provider name
 * @param kind {@code ORCHESTRATOR} or {@code POD}
 * @param state {@code ACTIVE}, {@code SHADOWED} or {@code FAILED}: the state of the highest candidate
 * @param candidates every candidate, from the highest ranked down
 */
record ProviderJson(String name, String kind, String state, List<Candidate> candidates) {
    /** Copies the candidates. */
    ProviderJson {
        candidates = List.copyOf(candidates);
    }

    /**
     * One candidate: one service registration.
     *
     * @param name the provider name
     * @param kind the contract
     * @param state its state
     * @param bundle the bundle as {@code symbolic-name/version}
     * @param serviceId the service id
     * @param ranking the service ranking
     * @param failureReason why it is FAILED; null otherwise
     */
    record Candidate(
            String name, String kind, String state, String bundle, long serviceId, int ranking, String failureReason) {
        static Candidate of(ProviderInfo info) {
            return new Candidate(
                    info.name(),
                    info.kind().name(),
                    info.state().name(),
                    info.bundle(),
                    info.serviceId(),
                    info.ranking(),
                    info.failureReason().orElse(null));
        }
    }
}
