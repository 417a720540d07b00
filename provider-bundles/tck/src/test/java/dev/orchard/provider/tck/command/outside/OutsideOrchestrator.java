package dev.orchard.provider.tck.command.outside;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import java.util.Optional;

/** An orchestrator with an identity and no storage: the least a provider can be, and conformant. */
final class OutsideOrchestrator implements Orchestrator {
    /** Its name, and its service's {@code orchard.provider.name}. */
    static final String NAME = "outside";

    @Override
    public String label() {
        return "Outside";
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String region() {
        return "nowhere";
    }

    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.empty();
    }
}
