package dev.orchard.karaf.tests.provider;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import java.util.Optional;

/**
 * The orchestrator of the provider bundle that the Karaf test builds and installs at run time. It is a DS component
 * declared by {@code OSGI-INF/tiny.xml} in that bundle; see {@code TinyProviderBundle}.
 */
public final class TinyOrchestrator implements Orchestrator {
    /** The provider name, also its {@code orchard.provider.name}. */
    public static final String NAME = "tiny";

    /** Creates the orchestrator; SCR calls this. */
    public TinyOrchestrator() {}

    @Override
    public String label() {
        return "karaf-test";
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String region() {
        return "local";
    }

    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.empty(); // the test needs a provider that comes and goes, not one with storage
    }
}
