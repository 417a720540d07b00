package dev.orchard.api.registry;

import dev.orchard.api.pod.Pod;
import java.util.Optional;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Receives what a {@link PodSubscription} delivers: the pods whose status the provider of a name pushed, and each
 * change of the candidate that serves the name.
 *
 * <p>Both methods must return quickly and must not block: pods come on the provider's notification thread, swaps on
 * the thread that changed the registry. An exception thrown here is logged and reaches no other subscriber.
 */
@ConsumerType
public interface PodSubscriber {
    /**
     * A pod whose status changed, pushed by the candidate that serves the name now. Pods pushed by a candidate
     * that no longer serves the name are dropped before they reach here.
     *
     * @param pod the pod with its new status
     */
    void podChanged(Pod pod);

    /**
     * The candidate that serves the name changed: the first one arrived, a higher ranked one or the next one took
     * over, or the last one left. Also called once when the subscription starts, with an empty previous, if a
     * candidate serves the name then.
     *
     * @param previous the candidate that served the name, empty if none did
     * @param current the candidate that serves it now, empty if none does (the name has no usable provider)
     */
    default void providerChanged(Optional<ProviderInfo> previous, Optional<ProviderInfo> current) {}
}
