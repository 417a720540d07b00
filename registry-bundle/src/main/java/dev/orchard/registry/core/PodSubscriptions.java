package dev.orchard.registry.core;

import dev.orchard.api.naming.Names;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.PodSubscriber;
import dev.orchard.api.registry.PodSubscription;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderListener;
import dev.orchard.api.registry.ProviderRegistry;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pod registry's subscriptions to provider names: one {@link PodChannel} per subscribed name, re-attached
 * whenever the candidate that serves the name changes.
 *
 * <p>It is the registry's own {@link ProviderListener}: the table tells it of every change of a name's serving
 * candidate, outside the table's lock, and it resynchronises that name's channel. A name nobody subscribes to costs
 * nothing here, and its provider is not obtained for the sake of a subscription.
 */
public final class PodSubscriptions implements ProviderListener {
    private final ProviderRegistry<PodProvider> registry;
    private final ConcurrentHashMap<String, PodChannel> channels = new ConcurrentHashMap<>();

    /**
     * Creates the subscriptions of a registry.
     *
     * @param registry where the channels find the serving candidate of their name
     */
    public PodSubscriptions(ProviderRegistry<PodProvider> registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    /**
     * Subscribes to a name; see {@code PodProviderRegistry.subscribe}.
     *
     * @param name the provider name
     * @param subscriber what receives pods and swaps
     * @return the subscription
     * @throws dev.orchard.api.error.InvalidInputException if the name is not a DNS-1123 label
     */
    public PodSubscription subscribe(String name, PodSubscriber subscriber) {
        Names.requireDns1123Label("provider name", name);
        Objects.requireNonNull(subscriber, "subscriber");
        while (true) {
            PodChannel channel = channels.computeIfAbsent(name, n -> new PodChannel(n, registry, this::closed));
            PodSubscription s = channel.add(subscriber);
            if (s != null) {
                return s;
            }
            // The channel closed as its last subscriber left, between the lookup and the add: take a fresh one.
            channels.remove(name, channel);
        }
    }

    /** Ends every subscription, e.g. when the registry stops. */
    public void closeAll() {
        for (PodChannel c : channels.values()) {
            c.closeAll();
        }
    }

    // A channel whose last subscriber left.
    private void closed(PodChannel channel) {
        channels.remove(channel.name(), channel);
    }

    private void resync(ProviderInfo changed) {
        PodChannel c = channels.get(changed.name());
        if (c != null) {
            c.resync();
        }
    }

    @Override
    public void added(ProviderInfo provider) {
        resync(provider);
    }

    @Override
    public void replaced(ProviderInfo previous, ProviderInfo current) {
        resync(current);
    }

    @Override
    public void removed(ProviderInfo provider) {
        resync(provider);
    }
}
