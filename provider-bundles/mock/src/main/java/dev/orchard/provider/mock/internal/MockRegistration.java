package dev.orchard.provider.mock.internal;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.quantity.Quantity;
import dev.orchard.api.registry.ProviderProperties;
import java.time.Clock;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;

/**
 * One mock instance made from a configuration and registered as both an Orchestrator and a PodProvider under
 * its provider name. The components register it themselves because the name comes from the configuration.
 */
final class MockRegistration {
    private final MockProvider provider;
    private final ServiceRegistration<?> registration;

    MockRegistration(BundleContext context, MockConfiguration config, String fallbackName) {
        String name = config.name().isBlank() ? fallbackName : config.name().trim();
        Resources capacity = new Resources(
                Quantity.parseMillis("cpu", config.cpu()),
                Quantity.parseBytes("memory", config.memory()),
                Quantity.parseCount("pods", config.pods()));
        provider = new MockProvider(
                name,
                config.label(),
                config.region(),
                capacity,
                Quantity.parseBytes("storage", config.storage()),
                Clock.systemUTC());
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, name);
        props.put(Constants.SERVICE_RANKING, config.service_ranking());
        registration = context.registerService(
                new String[] {Orchestrator.class.getName(), PodProvider.class.getName()}, provider, props);
    }

    void close() {
        try {
            registration.unregister();
        } finally {
            provider.close();
        }
    }

    /** The part after '~' of a named factory configuration's PID, e.g. "edge" of dev.orchard.provider.mock~edge. */
    static String instanceName(Map<String, Object> properties) {
        Object pid = properties.get(Constants.SERVICE_PID);
        if (pid instanceof String s && s.indexOf('~') > 0) {
            return s.substring(s.indexOf('~') + 1);
        }
        return "";
    }
}
