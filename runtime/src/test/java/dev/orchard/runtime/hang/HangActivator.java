package dev.orchard.runtime.hang;

import dev.orchard.api.pod.PodProvider;
import java.util.Dictionary;
import java.util.Hashtable;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/** Registers a {@link HangProvider} as pod provider {@code hang}; stopping the bundle releases it. */
public final class HangActivator implements BundleActivator {
    private final HangProvider provider = new HangProvider();

    @Override
    public void start(BundleContext context) {
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put("orchard.provider.name", "hang");
        context.registerService(PodProvider.class, provider, properties);
    }

    @Override
    public void stop(BundleContext context) {
        // Released before the framework unregisters the service, as a provider's deactivation would free its calls.
        provider.release();
    }
}
