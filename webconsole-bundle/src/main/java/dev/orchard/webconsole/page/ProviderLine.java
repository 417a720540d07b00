package dev.orchard.webconsole.page;

import dev.orchard.api.registry.ProviderInfo;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * One provider candidate as the page shows it: the registry's description and the id of the bundle that registered
 * it, which the console's bundle page is addressed by.
 *
 * @param info the registry's description of the candidate
 * @param bundleId the registering bundle's id; empty when the service is gone already
 */
public record ProviderLine(ProviderInfo info, OptionalLong bundleId) {
    /** Checks the components. */
    public ProviderLine {
        Objects.requireNonNull(info, "info");
        bundleId = bundleId == null ? OptionalLong.empty() : bundleId;
    }
}
