package dev.orchard.provider.local.internal;

import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.registry.core.ProviderTable;
import dev.orchard.registry.core.ServiceAccess;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.Collections;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;

/**
 * A fake framework whose pod-provider registrations go straight into the registry's own core (the
 * {@link ProviderTable} behind {@code PodProviderRegistry.call}), at once and on the registering thread, as SCR's
 * bind, updated and unbind methods do in a real one: a registration is added, a change of its properties updates
 * it, and an unregistration returns only once the registry has drained the calls in flight on it. The API's
 * {@code RecordingBundleContext} only records; this one must deliver the events while the component runs.
 */
final class RegistryFramework {
    /** One registration, the table's key for it. */
    static final class Handle {
        private final long id;
        private final String bundleVersion;
        private final Object service;
        private volatile Map<String, Object> properties;

        private Handle(long id, String bundleVersion, Object service, Dictionary<String, ?> properties) {
            this.id = id;
            this.bundleVersion = bundleVersion;
            this.service = service;
            this.properties = copy(properties);
        }
    }

    private final AtomicLong ids = new AtomicLong();
    private final long drainMillis;
    private final ProviderTable<Handle, PodProvider> table;

    /**
     * A framework with an empty registry.
     *
     * @param drainMillis how long an unregistration waits for the calls in flight on it, as the registry's
     *     {@code drain.timeout.ms}
     */
    RegistryFramework(long drainMillis) {
        this.drainMillis = drainMillis;
        this.table = new ProviderTable<>(ProviderKind.POD, new Access(), List::of);
    }

    /** The registry's core, to call through and to read the providers' states from. */
    ProviderTable<Handle, PodProvider> registry() {
        return table;
    }

    /**
     * The context of one bundle: its pod-provider registrations reach the registry; its others are kept out.
     *
     * @param bundleVersion the bundle's version, as the registry shows it
     * @return the context
     */
    BundleContext bundle(String bundleVersion) {
        return (BundleContext) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {BundleContext.class}, (p, m, a) -> {
                    if (!m.getName().equals("registerService") || !(a[0] instanceof String[] names)) {
                        throw new UnsupportedOperationException(m.getName());
                    }
                    @SuppressWarnings("unchecked")
                    Handle h = new Handle(ids.incrementAndGet(), bundleVersion, a[1], (Dictionary<String, ?>) a[2]);
                    boolean pods = Arrays.asList(names).contains(PodProvider.class.getName());
                    if (pods) {
                        table.add(h);
                    }
                    return registration(h, pods);
                });
    }

    private ServiceRegistration<?> registration(Handle h, boolean pods) {
        return (ServiceRegistration<?>) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {ServiceRegistration.class}, (q, n, b) -> {
                    switch (n.getName()) {
                        case "setProperties" -> {
                            @SuppressWarnings("unchecked")
                            Dictionary<String, ?> d = (Dictionary<String, ?>) b[0];
                            h.properties = copy(d);
                            if (pods) {
                                table.update(h);
                            }
                        }
                        case "unregister" -> {
                            if (pods) {
                                table.remove(h, drainMillis, TimeUnit.MILLISECONDS);
                            }
                        }
                        default -> throw new UnsupportedOperationException(n.getName());
                    }
                    return null;
                });
    }

    private static Map<String, Object> copy(Dictionary<String, ?> d) {
        Map<String, Object> out = new HashMap<>();
        Collections.list(d.keys()).forEach(k -> out.put(k, d.get(k)));
        return Map.copyOf(out);
    }

    // The registrations as the registry reads them, ordered as ServiceReference.compareTo orders them.
    private static final class Access implements ServiceAccess<Handle, PodProvider> {
        @Override
        public Object nameProperty(Handle key) {
            return key.properties.get(ProviderProperties.NAME);
        }

        @Override
        public String declaredFailure(Handle key) {
            Object failure = key.properties.get(ProviderProperties.FAILURE);
            return failure == null ? null : failure.toString();
        }

        @Override
        public int ranking(Handle key) {
            return key.properties.get(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0;
        }

        @Override
        public long serviceId(Handle key) {
            return key.id;
        }

        @Override
        public String bundleSymbolicName(Handle key) {
            return "dev.orchard.provider.local";
        }

        @Override
        public String bundleVersion(Handle key) {
            return key.bundleVersion;
        }

        @Override
        public PodProvider obtain(Handle key) {
            return (PodProvider) key.service;
        }

        @Override
        public String obtainFailureReason(Handle key) {
            return "never fails";
        }

        @Override
        public void release(Handle key) {
            // nothing was counted
        }

        @Override
        public int compare(Handle a, Handle b) {
            int byRanking = Integer.compare(ranking(a), ranking(b));
            return byRanking != 0 ? byRanking : Long.compare(b.id, a.id);
        }
    }
}
