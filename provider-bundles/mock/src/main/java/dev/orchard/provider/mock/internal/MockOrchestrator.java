package dev.orchard.provider.mock.internal;

import dev.orchard.api.naming.Names;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import java.util.Optional;

/**
 * The mock's orchestrator: its name, label and region, and its in-memory storage. Immutable.
 *
 * @param name the provider name, a DNS-1123 label
 * @param label the label; null becomes empty
 * @param region the region; null becomes empty
 * @param storage its volumes
 */
record MockOrchestrator(String name, String label, String region, MockStorage storage) implements Orchestrator {
    /**
     * Checks the name.
     *
     * @throws dev.orchard.api.error.InvalidInputException if the name is not a DNS-1123 label
     */
    MockOrchestrator {
        Names.requireDns1123Label("mock provider name", name);
        label = label == null ? "" : label;
        region = region == null ? "" : region;
    }

    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.of(storage);
    }
}
