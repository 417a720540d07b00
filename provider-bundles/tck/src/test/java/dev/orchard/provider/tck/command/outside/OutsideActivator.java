package dev.orchard.provider.tck.command.outside;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.registry.ProviderProperties;
import java.util.Dictionary;
import java.util.Hashtable;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/** Publishes {@link OutsideOrchestrator} under the name {@code outside}, with no DS, as any outside author might. */
public final class OutsideActivator implements BundleActivator {
    private ServiceRegistration<Orchestrator> registration;

    /** Creates the activator; the framework calls it. */
    public OutsideActivator() {}

    /**
     * Registers the orchestrator.
     *
     * @param context this bundle's context
     */
    @Override
    public void start(BundleContext context) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, OutsideOrchestrator.NAME);
        registration = context.registerService(Orchestrator.class, new OutsideOrchestrator(), props);
    }

    /**
     * Unregisters the orchestrator.
     *
     * @param context this bundle's context
     */
    @Override
    public void stop(BundleContext context) {
        registration.unregister();
    }
}
