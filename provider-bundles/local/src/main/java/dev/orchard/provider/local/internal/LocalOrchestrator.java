package dev.orchard.provider.local.internal;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.provider.local.internal.volumes.LocalStorage;
import java.util.Optional;

/**
 * The local orchestrator: its name, label and region, and its storage, {@link LocalStorage}.
 *
 * @param name the provider name
 * @param label the label
 * @param region where it runs
 * @param storage the volumes
 */
record LocalOrchestrator(String name, String label, String region, LocalStorage storage) implements Orchestrator {
    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.of(storage);
    }
}
