package ${package};

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import java.util.Objects;
import java.util.Optional;

/**
 * The ${kind} orchestrator: its name, label and region, and its volumes. A plain class, with no OSGi types.
 *
 * @param name the provider name
 * @param label the label
 * @param region the region
 * @param storage the volumes
 */
record ${Kind}Orchestrator(String name, String label, String region, ${Kind}Storage storage) implements Orchestrator {
    ${Kind}Orchestrator {
        Objects.requireNonNull(storage, "storage");
    }

    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.of(storage);
    }
}
