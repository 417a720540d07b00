package dev.orchard.registry.internal;

import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.PodSubscriber;
import dev.orchard.api.registry.PodSubscription;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderListener;
import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.registry.core.PodSubscriptions;
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

/** The pod provider registry: tracks every {@link PodProvider} service by its provider name. */
@Component(
        service = PodProviderRegistry.class,
        configurationPid = ProviderProperties.REGISTRY_PID,
        configurationPolicy = ConfigurationPolicy.OPTIONAL,
        immediate = true)
public final class PodProviderRegistryComponent extends RegistryComponent<PodProvider> implements PodProviderRegistry {
    private final PodSubscriptions subscriptions;

    /**
     * Activates the registry.
     *
     * @param context the registry bundle's context
     * @param config the registry configuration
     */
    @Activate
    public PodProviderRegistryComponent(BundleContext context, RegistryConfiguration config) {
        super(context, ProviderKind.POD, config);
        this.subscriptions = new PodSubscriptions(this);
    }

    @Deactivate
    void deactivate() {
        subscriptions.closeAll();
        close();
    }

    // Null only while the superclass constructor runs, before any provider can be bound.
    @Override
    ProviderListener ownListener() {
        return subscriptions;
    }

    @Modified
    void modified(RegistryConfiguration config) {
        configure(config);
    }

    @Reference(
            service = PodProvider.class,
            cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC,
            updated = "updatedPodProvider")
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
    public boolean exists(String name) {
        return table.find(name).isPresent();
    }

    @Override
    public PodSubscription subscribe(String name, PodSubscriber subscriber) {
        return subscriptions.subscribe(name, subscriber);
    }
}
