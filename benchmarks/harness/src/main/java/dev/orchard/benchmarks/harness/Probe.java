package dev.orchard.benchmarks.harness;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import java.util.Optional;

/**
 * The orchestrator the benchmarks register by the thousand. It also implements {@link Untracked}, so that the
 * very same object can be registered where no one tracks it, as the heap baseline.
 */
final class Probe implements Orchestrator, Untracked {
    private final String name;

    Probe(String name) {
        this.name = name;
    }

    @Override
    public String label() {
        return name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String region() {
        return "bench";
    }

    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.empty();
    }
}
