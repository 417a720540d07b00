package dev.orchard.http.internal;

import dev.orchard.http.binding.BindingRule;
import dev.orchard.http.binding.ConsoleLogin;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Dictionary;
import java.util.Hashtable;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.cm.ConfigurationEvent;
import org.osgi.service.cm.ConfigurationListener;
import org.osgi.service.cm.ConfigurationPlugin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the Felix Web Console on the main HTTP server. The console registers its servlet context and servlet for
 * every HTTP server unless its configuration's {@value #HTTP_SERVICE_FILTER} names one, so every delivery of its
 * configuration passes through this plugin, which sets that filter to the main server ({@link
 * BindingRule#MAIN_SERVER_TARGET}), or to the main server and what the operator's own filter selects. ConfigAdmin
 * calls plugins only for a configuration that exists, so one is created (empty: every key keeps the console's
 * default) whenever there is none, now and after it is deleted.
 *
 * <p>The kubelet bridge's servers refuse the console's paths whatever it targets (their gate runs before any servlet
 * context); this keeps it off any other server too, an operator's own included.
 *
 * <p>The console's own login (used while Orchard's is absent: this add-on not yet started or stopped, and the
 * framework property {@link ConsoleLogin#PROVIDERS} unset, as in Karaf) never takes the well-known admin/admin: a
 * stored password that is the default (none, {@code admin}, or a hash of it) is replaced, in the stored
 * configuration so that it outlives this component, by the hash of nothing anyone knows.
 */
@Component(service = {})
public final class ConsoleTargetComponent implements ConfigurationPlugin, ConfigurationListener {
    /** The console's key for the filter that selects the HTTP servers it registers on. */
    static final String HTTP_SERVICE_FILTER = "http.service.filter";

    private static final Logger LOG = LoggerFactory.getLogger(ConsoleTargetComponent.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final ConfigurationAdmin configurations;
    private final ServiceRegistration<ConfigurationPlugin> plugin;
    private final ServiceRegistration<ConfigurationListener> listener;

    /**
     * Registers the plugin, and creates the console's configuration if there is none.
     *
     * @param context the bundle context
     * @param configurations ConfigurationAdmin
     */
    @Activate
    public ConsoleTargetComponent(BundleContext context, @Reference ConfigurationAdmin configurations) {
        this.configurations = configurations;
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ConfigurationPlugin.CM_TARGET, new String[] {ConsoleLogin.PID});
        // Last among plugins that modify: what others set, this narrows to the main server.
        props.put(ConfigurationPlugin.CM_RANKING, 900);
        plugin = context.registerService(ConfigurationPlugin.class, this, props);
        listener = context.registerService(ConfigurationListener.class, this, null);
        ensureConfiguration(true);
    }

    @Deactivate
    void deactivate() {
        listener.unregister();
        plugin.unregister();
    }

    @Override
    public void modifyConfiguration(ServiceReference<?> reference, Dictionary<String, Object> properties) {
        properties.put(HTTP_SERVICE_FILTER, target(properties.get(HTTP_SERVICE_FILTER)));
    }

    /**
     * The console's server filter: the main server, narrowed by the operator's own filter if one is set.
     *
     * @param configured the configured {@value #HTTP_SERVICE_FILTER}, or null
     * @return the filter the console gets
     */
    static String target(Object configured) {
        String own = configured == null ? "" : String.valueOf(configured).strip();
        return own.isEmpty() || own.equals(BindingRule.MAIN_SERVER_TARGET)
                ? BindingRule.MAIN_SERVER_TARGET
                : "(&" + BindingRule.MAIN_SERVER_TARGET + own + ")";
    }

    /**
     * A password for the console's own login that no password is known to match: 32 random bytes in the place of
     * a SHA-256 hash, in the console's hashed format.
     *
     * @return e.g. {@code {sha-256}q3J...=}
     */
    static String unguessablePassword() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return "{sha-256}" + Base64.getEncoder().encodeToString(bytes);
    }

    /**
     * The console's configuration deleted, or changed to the default password: made again (with its target and an
     * unguessable password), so that the console keeps its target and its own login never takes admin/admin.
     */
    @Override
    public void configurationEvent(ConfigurationEvent event) {
        if (ConsoleLogin.PID.equals(event.getPid())
                && (event.getType() == ConfigurationEvent.CM_DELETED
                        || event.getType() == ConfigurationEvent.CM_UPDATED)) {
            ensureConfiguration(false);
        }
    }

    private void ensureConfiguration(boolean atStart) {
        try {
            Configuration configuration = configurations.getConfiguration(ConsoleLogin.PID, "?");
            Dictionary<String, Object> stored = configuration.getProperties();
            Object password = stored == null ? null : stored.get(ConsoleLogin.PASSWORD);
            if (ConsoleLogin.isDefault(password == null ? null : String.valueOf(password))) {
                Dictionary<String, Object> props = stored == null ? new Hashtable<>() : stored;
                props.put(ConsoleLogin.PASSWORD, unguessablePassword());
                configuration.update(props);
                LOG.info(
                        "The Web Console's own login had the default password; it now has one nobody knows, and the"
                                + " console opens with Orchard's HTTP token only (configuration {})",
                        ConsoleLogin.PID);
            } else if (atStart) {
                // Delivered again through the plugin, which was not there when it was delivered before.
                configuration.update(configuration.getProperties());
            }
        } catch (IOException | IllegalStateException e) {
            LOG.warn(
                    "Cannot write configuration {}, so the Web Console may register on every HTTP server: {}",
                    ConsoleLogin.PID,
                    e.getMessage());
        }
    }
}
