package dev.orchard.registry.internal;

import dev.orchard.api.registry.CallDeadline;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderListener;
import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.api.registry.ProviderRegistry;
import dev.orchard.api.registry.RegistryObserver;
import dev.orchard.registry.core.ProviderTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What both registry components share: the OSGi side of a {@link ProviderTable}. Binding keeps only the
 * service reference; the service is obtained on first use.
 *
 * @param <S> the provider contract
 */
abstract class RegistryComponent<S> implements ProviderRegistry<S> {
    private static final Logger LOG = LoggerFactory.getLogger(RegistryComponent.class);
    private static final int DEFAULT_CALL_THREADS = 16;
    private static final int DEFAULT_CALL_QUEUE = 16;
    private static final String BOUNDS_SET_BY =
            "call.threads and call.queue in configuration " + ProviderProperties.REGISTRY_PID;

    final ProviderTable<ServiceReference<S>, S> table;
    private volatile long drainMillis;

    // Declared here for both registries; bnd reads them through -dsannotations-options: inherit. Not private:
    // SCR injects a superclass field only if the subclass could see it.
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    volatile List<ProviderListener> listeners;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile ServiceComponentRuntime scr;

    RegistryComponent(BundleContext context, ProviderKind kind, RegistryConfiguration config) {
        this.table = new ProviderTable<>(kind, new OsgiServiceAccess<>(context, this::scr), this::listeners);
        configure(config);
    }

    private List<ProviderListener> listeners() {
        List<ProviderListener> whiteboard = listeners;
        ProviderListener own = ownListener();
        if (own == null) {
            return whiteboard;
        }
        // The registry's own listener hears each change first, before the whiteboard's listeners.
        List<ProviderListener> all = new ArrayList<>(whiteboard == null ? 1 : whiteboard.size() + 1);
        all.add(own);
        if (whiteboard != null) {
            all.addAll(whiteboard);
        }
        return all;
    }

    /**
     * A listener of the registry's own, told of every change before the whiteboard's listeners.
     *
     * @return the listener, or null if the registry has none
     */
    ProviderListener ownListener() {
        return null;
    }

    /**
     * Starts reporting this registry's calls, drains and swaps to an observer service.
     *
     * @param observer the observer
     */
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void bindObserver(RegistryObserver observer) {
        table.observe(observer);
    }

    void unbindObserver(RegistryObserver observer) {
        table.unobserve(observer);
    }

    /** Stops reporting to observers, when the registry stops. */
    final void close() {
        table.close();
    }

    // The DS runtime, to explain activation failures; null if absent.
    private ServiceComponentRuntime scr() {
        return scr;
    }

    final void configure(RegistryConfiguration config) {
        drainMillis = Math.max(0L, config.drain_timeout_ms());
        int threads = config.call_threads();
        int queue = config.call_queue();
        if (threads < 1 || queue < 0) {
            LOG.error(
                    "Configuration {} has call.threads {} and call.queue {}; call.threads must be at least 1 and"
                            + " call.queue at least 0. Using {} and {} until it is fixed",
                    ProviderProperties.REGISTRY_PID,
                    threads,
                    queue,
                    DEFAULT_CALL_THREADS,
                    DEFAULT_CALL_QUEUE);
            threads = DEFAULT_CALL_THREADS;
            queue = DEFAULT_CALL_QUEUE;
        }
        table.callBounds(threads, queue, BOUNDS_SET_BY);
    }

    final void bind(ServiceReference<S> reference) {
        table.add(reference);
    }

    final void updated(ServiceReference<S> reference) {
        table.update(reference);
    }

    final void unbind(ServiceReference<S> reference) {
        table.remove(reference, drainMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public final S get(String name) {
        return table.get(name);
    }

    @Override
    public final Optional<S> find(String name) {
        return table.find(name);
    }

    @Override
    public final <R> R call(String name, Function<? super S, ? extends R> call) {
        return table.call(name, call);
    }

    @Override
    public final <R> R call(String name, String operation, Function<? super S, ? extends R> call) {
        return table.call(name, operation, call);
    }

    @Override
    public final <R> R call(
            String name, String operation, CallDeadline deadline, Function<? super S, ? extends R> call) {
        return table.call(name, operation, deadline, call);
    }

    @Override
    public final SortedSet<String> names() {
        return table.names();
    }

    @Override
    public final List<ProviderInfo> providers() {
        return table.providers();
    }

    @Override
    public final List<ProviderInfo> candidates(String name) {
        return table.candidates(name);
    }
}
