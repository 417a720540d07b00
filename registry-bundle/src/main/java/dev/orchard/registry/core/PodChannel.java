package dev.orchard.registry.core;

import dev.orchard.api.naming.Secrets;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodNotifier;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.PodSubscriber;
import dev.orchard.api.registry.PodSubscription;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderRegistry;
import dev.orchard.api.registry.ProviderState;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The subscriptions to one provider name: holds the serving candidate's one {@code notifyPods} slot, hands each pod
 * it pushes to every subscriber, and moves to the next candidate when the serving one changes.
 *
 * <p>Each attachment gets a gate of its own; a swap shuts the old gate, so pods that a replaced candidate still
 * pushes are dropped, never mixed with the new one's. Swaps are worked out and told under this channel's monitor
 * (never the table's lock), so every subscriber hears them in the same order.
 */
final class PodChannel {
    private static final Logger LOG = LoggerFactory.getLogger(PodChannel.class);

    private final String name;
    private final ProviderRegistry<PodProvider> registry;
    private final Consumer<PodChannel> onEmpty;
    private final List<Subscription> subscribers = new CopyOnWriteArrayList<>();
    // All three guarded by this; the gate is read without it by the provider's thread.
    private PodProvider attached;
    private Optional<ProviderInfo> serving = Optional.empty();
    private volatile Gate gate;
    private boolean closed;

    PodChannel(String name, ProviderRegistry<PodProvider> registry, Consumer<PodChannel> onEmpty) {
        this.name = name;
        this.registry = registry;
        this.onEmpty = onEmpty;
    }

    String name() {
        return name;
    }

    /**
     * Adds a subscriber, attaching the channel first if it has no candidate yet, and tells the subscriber which
     * candidate serves now.
     *
     * @param subscriber the subscriber
     * @return its subscription, or null if this channel has closed and the caller must take a new one
     */
    synchronized PodSubscription add(PodSubscriber subscriber) {
        if (closed) {
            return null;
        }
        Subscription s = new Subscription(subscriber);
        subscribers.add(s);
        // A resync that attached told every subscriber, this one included; otherwise tell this one alone.
        if (!resync() && serving.isPresent()) {
            s.swapped(Optional.empty(), serving);
        }
        return s;
    }

    /**
     * Attaches to the candidate that serves the name now, if it is not the one attached, and tells every subscriber
     * of the swap.
     *
     * @return whether the serving candidate changed
     */
    synchronized boolean resync() {
        if (closed) {
            return false;
        }
        Optional<ProviderInfo> now = registry.candidates(name).stream()
                .filter(p -> p.state() == ProviderState.ACTIVE)
                .findFirst();
        PodProvider service = now.isPresent() ? registry.find(name).orElse(null) : null;
        if (service == null) {
            now = Optional.empty();
        }
        if (service == attached && sameCandidate(serving, now)) {
            return false;
        }
        shutGate();
        if (service instanceof PodNotifier notifier) {
            Gate g = new Gate();
            gate = g;
            try {
                notifier.notifyPods(g);
            } catch (RuntimeException e) {
                LOG.warn("Pod provider {} threw from notifyPods; its subscribers will poll", name, Secrets.redacted(e));
                gate = null;
            }
        }
        Optional<ProviderInfo> before = serving;
        attached = service;
        serving = now;
        LOG.info(
                "Pod subscriptions to {}: serving candidate {} -> {}",
                name,
                before.map(ProviderInfo::bundle).orElse("none"),
                now.map(ProviderInfo::bundle).orElse("none"));
        for (Subscription s : subscribers) {
            s.swapped(before, now);
        }
        return true;
    }

    private static boolean sameCandidate(Optional<ProviderInfo> a, Optional<ProviderInfo> b) {
        return a.map(ProviderInfo::serviceId).equals(b.map(ProviderInfo::serviceId));
    }

    private void shutGate() {
        Gate g = gate;
        if (g != null) {
            g.open = false;
            gate = null;
        }
    }

    /** Ends every subscription of the channel. */
    synchronized void closeAll() {
        for (Subscription s : subscribers) {
            s.closed = true;
        }
        subscribers.clear();
        close();
    }

    private synchronized void remove(Subscription s) {
        subscribers.remove(s);
        if (subscribers.isEmpty()) {
            close();
        }
    }

    private void close() {
        closed = true;
        shutGate();
        attached = null;
        serving = Optional.empty();
        onEmpty.accept(this);
    }

    private synchronized Optional<ProviderInfo> serving() {
        return serving;
    }

    private synchronized boolean pushing() {
        return gate != null;
    }

    /** The callback the serving candidate holds: hands its pods on while that candidate serves. */
    private final class Gate implements Consumer<Pod> {
        private volatile boolean open = true;

        @Override
        public void accept(Pod pod) {
            if (!open) {
                LOG.debug("Dropped pod {} pushed by a candidate that no longer serves {}", pod.name(), name);
                return;
            }
            for (Subscription s : subscribers) {
                s.podChanged(pod);
            }
        }
    }

    /** One subscriber's subscription; each subscriber is called in isolation. */
    private final class Subscription implements PodSubscription {
        private final PodSubscriber subscriber;
        private volatile boolean closed;

        Subscription(PodSubscriber subscriber) {
            this.subscriber = subscriber;
        }

        void podChanged(Pod pod) {
            if (closed) {
                return;
            }
            try {
                subscriber.podChanged(pod);
            } catch (RuntimeException | LinkageError | AssertionError e) {
                // One subscriber's failure must reach neither another subscriber nor the provider.
                LOG.warn(
                        "Pod subscriber {} of {} threw on pod {}; ignored",
                        subscriber,
                        name,
                        pod.name(),
                        Secrets.redacted(e));
            }
        }

        void swapped(Optional<ProviderInfo> before, Optional<ProviderInfo> now) {
            if (closed) {
                return;
            }
            try {
                subscriber.providerChanged(before, now);
            } catch (RuntimeException | LinkageError | AssertionError e) {
                LOG.warn(
                        "Pod subscriber {} of {} threw on a provider change; ignored",
                        subscriber,
                        name,
                        Secrets.redacted(e));
            }
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Optional<ProviderInfo> provider() {
            return serving();
        }

        @Override
        public boolean pushes() {
            return pushing();
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                remove(this);
            }
        }

        @Override
        public String toString() {
            return "subscription to pod provider " + name;
        }
    }
}
