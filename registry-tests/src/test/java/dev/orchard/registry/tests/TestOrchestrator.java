package dev.orchard.registry.tests;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import java.util.Optional;
import java.util.function.Supplier;

/** An orchestrator the tests register themselves, with a label to tell instances apart and an optional hook per call. */
final class TestOrchestrator implements Orchestrator {
    private final String label;
    private final Supplier<String> region;

    TestOrchestrator(String label) {
        this(label, () -> "test");
    }

    TestOrchestrator(String label, Supplier<String> region) {
        this.label = label;
        this.region = region;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public String name() {
        return label;
    }

    @Override
    public String region() {
        return region.get();
    }

    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.empty();
    }
}
