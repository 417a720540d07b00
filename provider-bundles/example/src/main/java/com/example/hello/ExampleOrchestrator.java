package com.example.hello;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import java.util.Optional;

/**
 * A configured orchestrator that manages no volumes: a plain class, with no OSGi types. Immutable.
 *
 * @param name the provider name
 * @param label the label
 * @param region the region
 */
record ExampleOrchestrator(String name, String label, String region) implements Orchestrator {
    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.empty(); // this orchestrator manages no volumes
    }
}
