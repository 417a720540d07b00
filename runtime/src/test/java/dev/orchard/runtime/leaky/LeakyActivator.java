package dev.orchard.runtime.leaky;

import dev.orchard.api.pod.PodProvider;
import java.util.Dictionary;
import java.util.Hashtable;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/** Registers a {@link LeakyProvider} as pod provider {@code leaky}, its secret given by the test in a header. */
public final class LeakyActivator implements BundleActivator {
    /** The manifest header holding the secret. */
    public static final String SECRET_HEADER = "Orchard-Test-Secret";

    @Override
    public void start(BundleContext context) {
        String secret = context.getBundle().getHeaders().get(SECRET_HEADER);
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put("orchard.provider.name", "leaky");
        context.registerService(PodProvider.class, new LeakyProvider(secret), properties);
    }

    @Override
    public void stop(BundleContext context) {
        // the framework unregisters the service
    }
}
