package dev.orchard.http.internal;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.http.binding.BindingRule;
import dev.orchard.http.binding.ConsoleLogin;
import dev.orchard.http.binding.TokenState;
import java.io.IOException;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;
import java.util.Optional;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.BundleListener;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.cm.ConfigurationEvent;
import org.osgi.service.cm.ConfigurationListener;
import org.osgi.service.cm.ConfigurationPlugin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Owns Felix HTTP's configuration: every delivery of {@code org.apache.felix.http} to Jetty passes through this
 * guard, which fills in the loopback address when none is set and turns HTTP and HTTPS off when the address is not
 * loopback and no usable bearer token is configured, or the Felix Web Console is installed with its default login.
 * A change of the console (installed, uninstalled, its password configured) is delivered again if it changes that.
 * Factory configurations of {@code org.apache.felix.http} (more servers) pass through it too, under the same rule,
 * except the kubelet bridge's HTTPS-only servers (see {@link BindingRule#isKubeletServer}) while the bridge's
 * gate for them is registered. Each delivery also says which server is the main one ({@link ServerRoles}): Orchard's
 * API servlets and the Web Console are served by that server alone.
 *
 * <p>It holds only because Jetty waits for its configuration ({@code org.apache.felix.http.require.config=true}, a
 * runtime default) instead of starting at once on its framework properties: the guard then creates the
 * configuration if there is none, after registering itself, so that Jetty's first start is a guarded one.
 */
@Component(
        configurationPid = "dev.orchard.http",
        configurationPolicy = ConfigurationPolicy.OPTIONAL,
        service = {})
public final class FelixHttpGuardComponent implements ConfigurationPlugin, BundleListener, ConfigurationListener {
    /** Felix HTTP's configuration PID. */
    static final String FELIX_PID = "org.apache.felix.http";

    static final String HTTP_ENABLE = "org.apache.felix.http.enable";
    static final String HTTPS_ENABLE = "org.apache.felix.https.enable";
    static final String TIMEOUT = "org.apache.felix.http.timeout";
    /** Idle timeout of a connection, unless configured: a client that stops reading or writing is dropped. */
    static final int DEFAULT_TIMEOUT_MS = 30_000;

    private static final Logger LOG = LoggerFactory.getLogger(FelixHttpGuardComponent.class);

    private final BundleContext context;
    private final ConfigurationAdmin configurations;
    private final ServiceRegistration<ConfigurationPlugin> registration;
    private final ServiceRegistration<ConfigurationListener> consoleWatch;
    // Read by ConfigAdmin's delivery thread, replaced by DS on a change of dev.orchard.http.
    private volatile TokenState token;
    // Whether the last delivery turned HTTP off: a console change that flips it is delivered again.
    private volatile boolean refused;

    /**
     * Reads the token, registers the guard and has Felix HTTP's configuration delivered through it.
     *
     * @param context the bundle context
     * @param properties configuration {@code dev.orchard.http}
     * @param configurations ConfigurationAdmin
     */
    @Activate
    public FelixHttpGuardComponent(
            BundleContext context, Map<String, Object> properties, @Reference ConfigurationAdmin configurations) {
        this.context = context;
        this.configurations = configurations;
        this.token = readToken(context, properties);
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ConfigurationPlugin.CM_TARGET, new String[] {FELIX_PID});
        props.put(ConfigurationPlugin.CM_RANKING, 100);
        registration = context.registerService(ConfigurationPlugin.class, this, props);
        context.addBundleListener(this);
        consoleWatch = context.registerService(ConfigurationListener.class, this, null);
        redeliver(configurations);
    }

    /**
     * Takes a new token setting. Felix HTTP's configuration is delivered again only if the new token changes whether
     * Jetty may listen where it is configured to: a delivery restarts Jetty.
     *
     * @param properties configuration {@code dev.orchard.http}
     */
    @Modified
    void modified(Map<String, Object> properties) {
        token = readToken(context, properties);
        recheck();
    }

    @Deactivate
    void deactivate() {
        context.removeBundleListener(this);
        consoleWatch.unregister();
        registration.unregister();
    }

    /** A console installed or uninstalled: delivered again if that changes whether Jetty may listen. */
    @Override
    public void bundleChanged(BundleEvent event) {
        if ((event.getType() == BundleEvent.INSTALLED || event.getType() == BundleEvent.UNINSTALLED)
                && ConsoleLogin.BUNDLE.equals(event.getBundle().getSymbolicName())) {
            recheck();
        }
    }

    /** The console's configuration changed: delivered again if that changes whether Jetty may listen. */
    @Override
    public void configurationEvent(ConfigurationEvent event) {
        if (ConsoleLogin.PID.equals(event.getPid())) {
            recheck();
        }
    }

    @Override
    public void modifyConfiguration(ServiceReference<?> reference, Dictionary<String, Object> properties) {
        ServerRoles.mark(properties, properties.get(ConfigurationAdmin.SERVICE_FACTORYPID) == null);
        String host = host(properties);
        properties.put(BindingRule.HOST, host);
        if (properties.get(TIMEOUT) == null && context.getProperty(TIMEOUT) == null) {
            properties.put(TIMEOUT, DEFAULT_TIMEOUT_MS);
        }
        if (isKubeletServer(properties) && guardedByTheBridge(name(properties))) {
            LOG.info("Kubelet API server {} may listen on {}: it authenticates every request", name(properties), host);
            return;
        }
        Optional<String> refusal = refusal(host);
        if (properties.get(ConfigurationAdmin.SERVICE_FACTORYPID) == null) {
            // Only the main server's outcome is remembered: a recheck delivers that one again.
            refused = refusal.isPresent();
        }
        if (refusal.isPresent()) {
            properties.put(HTTP_ENABLE, Boolean.FALSE);
            properties.put(HTTPS_ENABLE, Boolean.FALSE);
            LOG.error("{}", refusal.get());
        } else {
            LOG.info("HTTP may listen on {}, authentication {}", host, token.configured() ? "on" : "off (auth=none)");
        }
    }

    /** A factory configuration's server that the kubelet bridge made, HTTPS only. */
    private static boolean isKubeletServer(Dictionary<String, Object> properties) {
        return FELIX_PID.equals(properties.get(ConfigurationAdmin.SERVICE_FACTORYPID))
                && BindingRule.isKubeletServer(
                        name(properties), flag(properties, HTTP_ENABLE, true), flag(properties, HTTPS_ENABLE, false));
    }

    /**
     * Whether the kubelet bridge's gate for this server is registered: a configuration left over from an instance
     * that is gone (or made by anyone else under the prefix) would otherwise serve whatever servlets target every
     * server, without the bridge's authentication and its refusal of every path but the kubelet's.
     */
    private boolean guardedByTheBridge(String name) {
        try {
            ServiceReference<?>[] filters = context.getAllServiceReferences(
                    BindingRule.KUBELET_GATE, "(" + BindingRule.KUBELET_GUARDED_SERVER + "=" + name + ")");
            if (filters != null) {
                for (ServiceReference<?> f : filters) {
                    if (f.getBundle() != null
                            && BindingRule.KUBELET_BUNDLE.equals(f.getBundle().getSymbolicName())) {
                        return true;
                    }
                }
            }
        } catch (InvalidSyntaxException e) {
            LOG.error("Kubelet server name {} makes no valid filter: {}", name, e.getMessage());
        }
        return false;
    }

    private static String name(Dictionary<String, Object> properties) {
        Object name = properties.get(BindingRule.SERVER_NAME);
        return name == null ? null : String.valueOf(name);
    }

    private static boolean flag(Dictionary<String, Object> properties, String key, boolean absent) {
        Object value = properties.get(key);
        return value == null
                ? absent
                : Boolean.parseBoolean(String.valueOf(value).strip());
    }

    /** Why Jetty must not listen on an address: no usable token, or the console's default login; empty if it may. */
    private Optional<String> refusal(String host) {
        return BindingRule.refusal(host, token).or(() -> console().refusal(host));
    }

    /** Delivers Felix HTTP's configuration again if whether Jetty may listen changed since the last delivery. */
    private void recheck() {
        if (refusal(configuredHost()).isPresent() != refused) {
            redeliver(configurations);
        }
    }

    /** The console as installed now, with its password: its configuration's, else the framework property. */
    private ConsoleLogin console() {
        boolean installed = false;
        for (Bundle b : context.getBundles()) {
            installed |= ConsoleLogin.BUNDLE.equals(b.getSymbolicName()) && b.getState() != Bundle.UNINSTALLED;
        }
        if (!installed || ConsoleLogin.requiresOrchardLogin(context.getProperty(ConsoleLogin.PROVIDERS))) {
            // With Orchard's login required, the console's own (admin/admin) lets nobody in.
            return ConsoleLogin.ABSENT;
        }
        Object password = null;
        try {
            Configuration[] found = configurations.listConfigurations("(service.pid=" + ConsoleLogin.PID + ")");
            if (found != null && found.length > 0 && found[0].getProperties() != null) {
                password = found[0].getProperties().get(ConsoleLogin.PASSWORD);
            }
        } catch (IOException | InvalidSyntaxException e) {
            LOG.warn(
                    "Cannot read configuration {}, so the console counts as having its default login: {}",
                    ConsoleLogin.PID,
                    e.getMessage());
        }
        if (password == null) {
            password = context.getProperty(ConsoleLogin.FRAMEWORK_PASSWORD);
        }
        return new ConsoleLogin(true, password == null ? null : String.valueOf(password));
    }

    /** The address Felix HTTP's configuration asks for: its own key, else the framework property, else loopback. */
    private String host(Dictionary<String, Object> properties) {
        Object configured = properties == null ? null : properties.get(BindingRule.HOST);
        String host = configured != null ? String.valueOf(configured) : context.getProperty(BindingRule.HOST);
        return host == null ? BindingRule.DEFAULT_HOST : host;
    }

    private String configuredHost() {
        try {
            return host(configurations.getConfiguration(FELIX_PID, "?").getProperties());
        } catch (IOException e) {
            return host(null);
        }
    }

    // The same credential the API resolves (it makes Orchard's own token if neither got to it first); the API's
    // component logs where it is.
    private static TokenState readToken(BundleContext context, Map<String, Object> properties) {
        try {
            return Credentials.resolve(HttpSettings.of(properties), context).state();
        } catch (InvalidInputException e) {
            return TokenState.refused(e.getMessage());
        }
    }

    /** Creates Felix HTTP's configuration if there is none, or delivers it again, now through this guard. */
    private static void redeliver(ConfigurationAdmin configurations) {
        try {
            var configuration = configurations.getConfiguration(FELIX_PID, "?");
            Dictionary<String, Object> current = configuration.getProperties();
            configuration.update(current == null ? new Hashtable<>() : current);
        } catch (IOException e) {
            LOG.error("Cannot write configuration {}, so HTTP waits for it: {}", FELIX_PID, e.getMessage());
        }
    }
}
