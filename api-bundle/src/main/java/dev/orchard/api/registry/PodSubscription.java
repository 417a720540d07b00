package dev.orchard.api.registry;

import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A subscription to the pods of a pod provider <em>name</em>, from {@link PodProviderRegistry#subscribe}: it
 * outlives the candidates that serve the name. Whenever another candidate starts to serve the name, the registry
 * attaches the subscription to it (its {@code PodNotifier.notifyPods}, if it has one) and tells the subscriber of
 * the swap.
 *
 * <p>Any number of subscriptions may share a name: the registry holds the provider's one {@code notifyPods}
 * callback itself and hands each pod to every subscriber of the name.
 */
@ProviderType
public interface PodSubscription extends AutoCloseable {
    /**
     * The provider name subscribed to.
     *
     * @return the name
     */
    String name();

    /**
     * The candidate that serves the name now, as the subscription last saw it.
     *
     * @return the candidate, or empty if none serves the name
     */
    Optional<ProviderInfo> provider();

    /**
     * Whether the candidate that serves the name pushes pod status ({@code PodNotifier}). A subscriber polls
     * {@code getPodStatus} when it does not.
     *
     * @return true if pods changes come through {@link PodSubscriber#podChanged}
     */
    boolean pushes();

    /** Ends the subscription: its subscriber hears nothing more. Idempotent. */
    @Override
    void close();
}
