package dev.orchard.provider.tck.run;

import dev.orchard.api.error.UnavailableException;
import java.io.IOException;
import java.util.Dictionary;
import java.util.Hashtable;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Gives the provider under test the command's configuration through ConfigAdmin, as a {@code .cfg} file in the
 * runtime's {@code deploy/} would: a factory PID gets the configuration {@code <factory pid>~<provider name>}, a
 * singleton PID its one configuration. Loaded only when the command names a PID, so that a kit run without one
 * needs no ConfigAdmin.
 */
final class ProviderSetup {
    private ProviderSetup() {}

    /**
     * Creates or updates the configuration.
     *
     * @param context the kit's bundle context
     * @param request the command's request, with a PID or a factory PID
     * @return the configuration's PID, e.g. {@code dev.orchard.provider.mock~edge}
     * @throws InterruptedException if interrupted while waiting for ConfigAdmin
     * @throws IOException if ConfigAdmin cannot store it
     */
    static String apply(BundleContext context, RunRequest request) throws InterruptedException, IOException {
        ServiceTracker<ConfigurationAdmin, ConfigurationAdmin> tracker =
                new ServiceTracker<>(context, ConfigurationAdmin.class, null);
        tracker.open();
        try {
            ConfigurationAdmin admin = tracker.waitForService(request.timeout().toMillis());
            if (admin == null) {
                throw new UnavailableException("no ConfigAdmin service appeared within "
                        + request.timeout().toSeconds()
                        + " s, so the configuration given with --config cannot be applied");
            }
            Configuration config = request.factoryPid().isPresent()
                    ? admin.getFactoryConfiguration(request.factoryPid().get(), request.provider(), "?")
                    : admin.getConfiguration(request.pid().orElseThrow(), "?");
            Dictionary<String, Object> properties = new Hashtable<>(request.config());
            config.update(properties);
            return config.getPid();
        } finally {
            tracker.close();
        }
    }
}
