package dev.orchard.provider.local.internal;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import java.util.Optional;

/** The local orchestrator: its storage is {@link LocalStorage}. */
record LocalOrchestrator(String name, String label, String region, LocalStorage storage) implements Orchestrator {
    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.of(storage);
    }
}
