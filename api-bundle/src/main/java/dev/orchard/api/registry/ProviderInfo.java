package dev.orchard.api.registry;

import java.util.Objects;
import java.util.Optional;

/**
 * What a registry knows of one provider candidate: one service registration. Immutable.
 *
 * @param name the value of {@link ProviderProperties#NAME}; empty if the property is missing
 * @param kind the contract the service implements
 * @param state the candidate's state
 * @param bundleSymbolicName the symbolic name of the bundle that registered the service
 * @param bundleVersion the version of that bundle
 * @param serviceId the service id
 * @param ranking the service ranking
 * @param failureReason why the candidate is FAILED; empty otherwise
 */
public record ProviderInfo(
        String name,
        ProviderKind kind,
        ProviderState state,
        String bundleSymbolicName,
        String bundleVersion,
        long serviceId,
        int ranking,
        Optional<String> failureReason) {

    /** Checks the components. */
    public ProviderInfo {
        name = name == null ? "" : name;
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(state, "state");
        bundleSymbolicName = bundleSymbolicName == null ? "" : bundleSymbolicName;
        bundleVersion = bundleVersion == null ? "" : bundleVersion;
        failureReason = failureReason == null ? Optional.empty() : failureReason;
    }

    /**
     * The bundle as {@code symbolic-name/version}.
     *
     * @return the bundle identity
     */
    public String bundle() {
        return bundleSymbolicName + "/" + bundleVersion;
    }
}
