package dev.orchard.provider.tck.selfcheck;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.ProviderProperties;
import java.util.Dictionary;
import java.util.Hashtable;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/**
 * Publishes {@link BrokenProvider} under the name {@code broken}: the command's test ({@code KitCommandIT}) puts the
 * two into a bundle of their own, so that orchard-tck.jar meets the same broken provider as the self-check does.
 */
public final class BrokenProviderActivator implements BundleActivator {
    /** Creates the activator; the framework calls it. */
    public BrokenProviderActivator() {}

    /**
     * Registers the broken provider under both contracts.
     *
     * @param context this bundle's context
     */
    @Override
    public void start(BundleContext context) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, "broken");
        context.registerService(
                new String[] {Orchestrator.class.getName(), PodProvider.class.getName()}, new BrokenProvider(), props);
    }

    /**
     * Nothing to do: the framework unregisters the service.
     *
     * @param context this bundle's context
     */
    @Override
    public void stop(BundleContext context) {
        // the framework unregisters the service
    }
}
