package dev.orchard.registry.internal;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.registry.core.DefaultDetector;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.metatype.annotations.Designate;

/** The orchestrator registry: tracks every {@link Orchestrator} service by its provider name. */
@Component(
        service = OrchestratorRegistry.class,
        configurationPid = ProviderProperties.REGISTRY_PID,
        configurationPolicy = ConfigurationPolicy.OPTIONAL,
        immediate = true)
@Designate(ocd = RegistryConfiguration.class)
public final class OrchestratorRegistryComponent extends RegistryComponent<Orchestrator>
        implements OrchestratorRegistry {

    private final DefaultDetector detector;
    private volatile String configuredDefault;

    /**
     * Activates the registry.
     *
     * @param context the registry bundle's context
     * @param config the registry configuration
     */
    @Activate
    public OrchestratorRegistryComponent(BundleContext context, RegistryConfiguration config) {
        super(context, ProviderKind.ORCHESTRATOR, config);
        this.detector = new DefaultDetector(context::getProperty, System::getenv);
        this.configuredDefault = config.default_orchestrator();
    }

    @Deactivate
    void deactivate() {
        close();
    }

    @Modified
    void modified(RegistryConfiguration config) {
        configure(config);
        configuredDefault = config.default_orchestrator();
    }

    @Reference(
            service = Orchestrator.class,
            cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC,
            updated = "updatedOrchestrator")
    void bindOrchestrator(ServiceReference<Orchestrator> reference) {
        bind(reference);
    }

    void updatedOrchestrator(ServiceReference<Orchestrator> reference) {
        updated(reference);
    }

    void unbindOrchestrator(ServiceReference<Orchestrator> reference) {
        unbind(reference);
    }

    @Override
    public boolean has(String name) {
        return table.find(name).isPresent();
    }

    @Override
    public String detectDefault() {
        return detector.detect(configuredDefault);
    }
}
