package com.example.hello;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.registry.ProviderProperties;
import java.util.Optional;
import org.osgi.service.component.annotations.Component;

/**
 * The provider example of README.md: an orchestrator named "hello" that manages no volumes. Its name is fixed, so
 * DS registers it as it is: no configuration, nothing that can fail, no publication needed.
 */
@Component(property = ProviderProperties.NAME + "=hello")
public class HelloOrchestrator implements Orchestrator {
    @Override
    public String label() {
        return "hello-world";
    }

    @Override
    public String name() {
        return "hello";
    }

    @Override
    public String region() {
        return "local";
    }

    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.empty(); // this orchestrator manages no volumes
    }
}
