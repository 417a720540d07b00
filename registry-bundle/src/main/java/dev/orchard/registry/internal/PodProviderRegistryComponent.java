package dev.orchard.registry.internal;

import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderListener;
import dev.orchard.api.registry.ProviderProperties;
import java.util.List;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.component.runtime.ServiceComponentRuntime;

/** The pod provider registry: tracks every {@link PodProvider} service by its provider name. */
@Component(
        service = PodProviderRegistry.class,
        configurationPid = ProviderProperties.REGISTRY_PID,
        configurationPolicy = ConfigurationPolicy.OPTIONAL,
        immediate = true)
public final class PodProviderRegistryComponent extends RegistryComponent<PodProvider>
        implements PodProviderRegistry {

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    private volatile List<ProviderListener> listeners;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile ServiceComponentRuntime scr;

    /**
     * Activates the registry.
     *
     * @param context the registry bundle's context
     * @param config the registry configuration
     */
    @Activate
    public PodProviderRegistryComponent(BundleContext context, RegistryConfiguration config) {
        super(context, ProviderKind.POD, config);
    }

    @Modified
    void modified(RegistryConfiguration config) {
        configure(config);
    }

    @Reference(service = PodProvider.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, updated = "updatedPodProvider")
    void bindPodProvider(ServiceReference<PodProvider> reference) {
        bind(reference);
    }

    void updatedPodProvider(ServiceReference<PodProvider> reference) {
        updated(reference);
    }

    void unbindPodProvider(ServiceReference<PodProvider> reference) {
        unbind(reference);
    }

    @Override
    List<ProviderListener> listeners() {
        return listeners;
    }

    @Override
    ServiceComponentRuntime scr() {
        return scr;
    }

    @Override
    public boolean exists(String name) {
        return table.find(name).isPresent();
    }
}
