package dev.orchard.registry.tests.tb.failing;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.registry.ProviderProperties;
import java.util.Optional;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/** An orchestrator named "broken" whose activation always throws. */
@Component(property = ProviderProperties.NAME + "=broken")
public class FailingProvider implements Orchestrator {
    @Activate
    void activate() {
        throw new IllegalStateException("simulated activation failure");
    }

    @Override
    public String label() {
        return "";
    }

    @Override
    public String name() {
        return "broken";
    }

    @Override
    public String region() {
        return "";
    }

    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.empty();
    }
}
