package dev.orchard.api.provider;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.Secrets;
import dev.orchard.api.registry.ProviderProperties;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;

/**
 * The registrations of one provider instance, made the one way every Orchard provider makes them.
 *
 * <p>A provider's component reads its configuration and builds its services through {@link #publish}. If that
 * fails, for an invalid configuration or anything else, the instance does not vanish: its contracts are still
 * registered, under the configured name (or, if that is invalid, the instance's name: {@link
 * ProviderConfiguration#failedName}), with {@link ProviderProperties#FAILURE} holding the reason, so that
 * {@code orchard:providers} and {@code orchard:provider <name>} show it FAILED with why. Those registrations are
 * stand-ins that answer every call with {@link UnavailableException}, for a caller that bypasses the registry.
 *
 * <p>A reason is a service property, which anyone may read (the Web Console lists services), so it is redacted
 * ({@link Secrets}) before it is registered.
 *
 * <p>An instance that serves can later declare itself FAILED and recover ({@link #fail}, {@link #serve}); the
 * registry follows the service property.
 */
public final class ProviderPublication {
    private final List<ServiceRegistration<?>> registrations;
    private final Dictionary<String, Object> properties;
    private final Runnable onStop;

    private ProviderPublication(
            List<ServiceRegistration<?>> registrations, Dictionary<String, Object> properties, Runnable onStop) {
        this.registrations = registrations;
        this.properties = properties;
        this.onStop = onStop;
    }

    /**
     * Starts a provider instance and registers its services, or, if it cannot start, registers it as FAILED.
     *
     * @param context the provider bundle's context
     * @param config the instance's configuration; its unknown keys, name and ranking are checked here
     * @param contracts every contract the instance offers when it works, for the FAILED stand-in
     * @param start builds the services from the configuration; any exception it throws becomes the reason
     * @return the publication, to close when the component deactivates
     */
    public static ProviderPublication publish(
            BundleContext context,
            ProviderConfiguration config,
            List<Class<?>> contracts,
            Function<ProviderConfiguration, ProviderServices> start) {
        ProviderServices services;
        String name;
        int ranking;
        try {
            config.requireKnownKeys();
            name = config.name();
            ranking = config.ranking();
            services = start.apply(config);
        } catch (OrchardException e) {
            return failed(context, config, contracts, Secrets.redact(e.getMessage()));
        } catch (RuntimeException e) {
            StackTraceElement[] at = e.getStackTrace();
            return failed(
                    context,
                    config,
                    contracts,
                    "it failed to start: " + Secrets.describe(e) + (at.length > 0 ? " (at " + at[0] + ")" : ""));
        }
        for (Class<?> contract : contracts) {
            if (!services.byContract().containsKey(contract)) {
                services.onStop().run();
                throw new IllegalArgumentException("the services offer no " + contract.getName());
            }
        }
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, name);
        props.put(Constants.SERVICE_RANKING, ranking);
        if (services.failure() != null) {
            props.put(ProviderProperties.FAILURE, Secrets.redact(services.failure()));
        }
        List<ServiceRegistration<?>> registrations;
        try {
            registrations = register(context, services.byContract(), props);
        } catch (RuntimeException e) {
            services.onStop().run(); // e.g. the bundle is stopping: what the instance started must not leak
            throw e;
        }
        return new ProviderPublication(registrations, props, services.onStop());
    }

    private static ProviderPublication failed(
            BundleContext context, ProviderConfiguration config, List<Class<?>> contracts, String reason) {
        String name = config.failedName();
        int ranking;
        try {
            ranking = config.ranking();
        } catch (OrchardException e) {
            ranking = 0; // the reason may be this very key; the stand-in needs some ranking
        }
        Object standIn = Proxy.newProxyInstance(
                contracts.get(0).getClassLoader(),
                contracts.toArray(new Class<?>[0]),
                (proxy, method, args) -> switch (method.getName()) {
                    case "toString" -> "FAILED provider " + name + ": " + reason;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default ->
                        throw new UnavailableException(
                                "provider " + Names.quote(name) + " is FAILED and serves no calls: " + reason);
                });
        Map<Class<?>, Object> byContract = new LinkedHashMap<>();
        contracts.forEach(c -> byContract.put(c, standIn));
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, name);
        props.put(Constants.SERVICE_RANKING, ranking);
        props.put(ProviderProperties.FAILURE, reason);
        return new ProviderPublication(register(context, byContract, props), props, () -> {});
    }

    // One registration per distinct service object, under every contract it serves, in the order of the contracts.
    private static List<ServiceRegistration<?>> register(
            BundleContext context, Map<Class<?>, Object> byContract, Dictionary<String, Object> props) {
        List<Object> services = new ArrayList<>();
        List<List<String>> names = new ArrayList<>();
        byContract.forEach((contract, service) -> {
            int i = 0;
            while (i < services.size() && services.get(i) != service) {
                i++;
            }
            if (i == services.size()) {
                services.add(service);
                names.add(new ArrayList<>());
            }
            names.get(i).add(contract.getName());
        });
        List<ServiceRegistration<?>> out = new ArrayList<>();
        try {
            for (int i = 0; i < services.size(); i++) {
                out.add(context.registerService(names.get(i).toArray(new String[0]), services.get(i), props));
            }
        } catch (RuntimeException e) {
            out.forEach(ProviderPublication::unregister);
            throw e;
        }
        return List.copyOf(out);
    }

    /**
     * Declares the instance FAILED: the registry stops calling it and shows the reason.
     *
     * @param reason why it cannot serve
     */
    public synchronized void fail(String reason) {
        properties.put(ProviderProperties.FAILURE, Secrets.redact(reason));
        update();
    }

    /** Declares the instance usable again, after {@link #fail} or {@link ProviderServices#failing}. */
    public synchronized void serve() {
        if (properties.remove(ProviderProperties.FAILURE) != null) {
            update();
        }
    }

    private void update() {
        for (ServiceRegistration<?> r : registrations) {
            try {
                r.setProperties(properties);
            } catch (IllegalStateException e) {
                // closed meanwhile: nothing left to update
            }
        }
    }

    /** Unregisters every service, then runs the instance's stop action. */
    public void close() {
        try {
            registrations.forEach(ProviderPublication::unregister);
        } finally {
            onStop.run();
        }
    }

    private static void unregister(ServiceRegistration<?> r) {
        try {
            r.unregister();
        } catch (IllegalStateException e) {
            // already unregistered, e.g. the bundle is stopping
        }
    }
}
