package dev.orchard.api.provider;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/**
 * A {@link BundleContext} for plain unit tests of provider components: it records what is registered, as
 * {@link ProviderPublication} registers it, and answers nothing else. The API's own tests and the providers' tests
 * share it through the API's test jar.
 */
public final class RecordingBundleContext {
    /** One service registration, as the fake framework saw it. */
    public static final class Registration {
        private final List<String> contracts;
        private final Object service;
        private volatile Map<String, Object> properties;
        private volatile boolean unregistered;

        private Registration(String[] contracts, Object service, Dictionary<String, ?> properties) {
            this.contracts = List.of(contracts);
            this.service = service;
            this.properties = copy(properties);
        }

        /**
         * The names it was registered under.
         *
         * @return the contracts' class names, in order
         */
        public List<String> contracts() {
            return contracts;
        }

        /**
         * The service object.
         *
         * @return the object
         */
        public Object service() {
            return service;
        }

        /**
         * One of its current service properties.
         *
         * @param key the property
         * @return the value, or null
         */
        public Object property(String key) {
            return properties.get(key);
        }

        /**
         * Whether it was unregistered.
         *
         * @return true once unregistered
         */
        public boolean unregistered() {
            return unregistered;
        }
    }

    private final List<Registration> registrations = new ArrayList<>();
    private final BundleContext context = (BundleContext) Proxy.newProxyInstance(
            getClass().getClassLoader(), new Class<?>[] {BundleContext.class}, (p, m, a) -> {
                if (!m.getName().equals("registerService") || !(a[0] instanceof String[] names)) {
                    throw new UnsupportedOperationException(m.getName());
                }
                @SuppressWarnings("unchecked")
                Registration r = new Registration(names, a[1], (Dictionary<String, ?>) a[2]);
                synchronized (registrations) {
                    registrations.add(r);
                }
                return registrationOf(r);
            });

    private static ServiceRegistration<?> registrationOf(Registration r) {
        return (ServiceRegistration<?>) Proxy.newProxyInstance(
                RecordingBundleContext.class.getClassLoader(),
                new Class<?>[] {ServiceRegistration.class},
                (q, n, b) -> {
                    switch (n.getName()) {
                        case "setProperties" -> {
                            @SuppressWarnings("unchecked")
                            Dictionary<String, ?> d = (Dictionary<String, ?>) b[0];
                            r.properties = copy(d);
                        }
                        case "unregister" -> {
                            if (r.unregistered) {
                                throw new IllegalStateException("already unregistered"); // as a framework does
                            }
                            r.unregistered = true;
                        }
                        default -> throw new UnsupportedOperationException(n.getName());
                    }
                    return null;
                });
    }

    private static Map<String, Object> copy(Dictionary<String, ?> d) {
        Hashtable<String, Object> out = new Hashtable<>();
        for (var keys = d.keys(); keys.hasMoreElements(); ) {
            String k = keys.nextElement();
            out.put(k, d.get(k));
        }
        return Map.copyOf(out);
    }

    /**
     * The context to give the component under test.
     *
     * @return the fake context
     */
    public BundleContext context() {
        return context;
    }

    /**
     * Everything registered so far, in order.
     *
     * @return a copy
     */
    public List<Registration> registrations() {
        synchronized (registrations) {
            return List.copyOf(registrations);
        }
    }

    /**
     * The one registration under a contract.
     *
     * @param contract the contract
     * @return the registration
     * @throws AssertionError if there is none, or more than one
     */
    public Registration only(Class<?> contract) {
        List<Registration> of = registrations().stream()
                .filter(r -> r.contracts.contains(contract.getName()))
                .toList();
        if (of.size() != 1) {
            throw new AssertionError(of.size() + " registrations under " + contract.getName() + ", expected 1");
        }
        return of.get(0);
    }
}
