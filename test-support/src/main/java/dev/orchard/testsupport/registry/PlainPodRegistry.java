package dev.orchard.testsupport.registry;

import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.CallDeadline;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.PodSubscriber;
import dev.orchard.api.registry.PodSubscription;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.registry.core.PodSubscriptions;
import dev.orchard.registry.core.ProviderTable;
import dev.orchard.registry.core.ServiceAccess;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The registry's own core (its provider table and name subscriptions) outside a framework: providers are added and
 * removed as a bundle's services would be, with the same ordering, swaps and subscription semantics.
 */
public class PlainPodRegistry implements PodProviderRegistry {
    private final AtomicLong ids = new AtomicLong();
    private final PodSubscriptions subscriptions = new PodSubscriptions(this);
    private final ProviderTable<Slot, PodProvider> table =
            new ProviderTable<>(ProviderKind.POD, new Access(), () -> List.of(subscriptions));

    /** Creates an empty registry. */
    public PlainPodRegistry() {}

    /**
     * One registration: a provider under a name, with a ranking.
     *
     * @param name the provider's name
     * @param ranking its service ranking
     * @param id its service id, in the order of adding
     * @param service the provider
     */
    public record Slot(String name, int ranking, long id, PodProvider service) {}

    /**
     * Registers a provider, as a bundle's service registration would.
     *
     * @param name the name it serves
     * @param ranking its ranking among candidates of the name
     * @param provider the provider
     * @return its registration, to remove it with
     */
    public Slot add(String name, int ranking, PodProvider provider) {
        Slot s = new Slot(name, ranking, ids.incrementAndGet(), provider);
        table.add(s);
        return s;
    }

    /**
     * Unregisters a provider, as its bundle's stop would, waiting up to a second for calls in flight.
     *
     * @param slot its registration
     */
    public void remove(Slot slot) {
        table.remove(slot, 1, TimeUnit.SECONDS);
    }

    @Override
    public boolean exists(String name) {
        return table.find(name).isPresent();
    }

    @Override
    public PodSubscription subscribe(String name, PodSubscriber subscriber) {
        return subscriptions.subscribe(name, subscriber);
    }

    @Override
    public PodProvider get(String name) {
        return table.get(name);
    }

    @Override
    public Optional<PodProvider> find(String name) {
        return table.find(name);
    }

    @Override
    public <R> R call(String name, Function<? super PodProvider, ? extends R> call) {
        return table.call(name, call);
    }

    @Override
    public <R> R call(
            String name, String operation, CallDeadline deadline, Function<? super PodProvider, ? extends R> call) {
        return table.call(name, operation, deadline, call);
    }

    @Override
    public SortedSet<String> names() {
        return table.names();
    }

    @Override
    public List<ProviderInfo> providers() {
        return table.providers();
    }

    @Override
    public List<ProviderInfo> candidates(String name) {
        return table.candidates(name);
    }

    private static final class Access implements ServiceAccess<Slot, PodProvider> {
        @Override
        public Object nameProperty(Slot key) {
            return key.name();
        }

        @Override
        public int ranking(Slot key) {
            return key.ranking();
        }

        @Override
        public long serviceId(Slot key) {
            return key.id();
        }

        @Override
        public String bundleSymbolicName(Slot key) {
            return "test.provider." + key.id();
        }

        @Override
        public String bundleVersion(Slot key) {
            return "1.0.0";
        }

        @Override
        public PodProvider obtain(Slot key) {
            return key.service();
        }

        @Override
        public String obtainFailureReason(Slot key) {
            return "never fails";
        }

        @Override
        public void release(Slot key) {}

        @Override
        public int compare(Slot a, Slot b) {
            int byRanking = Integer.compare(a.ranking(), b.ranking());
            return byRanking != 0 ? byRanking : Long.compare(b.id(), a.id());
        }
    }
}
