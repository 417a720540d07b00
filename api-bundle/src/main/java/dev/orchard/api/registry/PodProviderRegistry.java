package dev.orchard.api.registry;

import dev.orchard.api.pod.PodProvider;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The registry of {@link PodProvider}s: the counterpart of virtual-kubelet's provider store.
 */
@ProviderType
public interface PodProviderRegistry extends ProviderRegistry<PodProvider> {
    /**
     * Tells whether a usable pod provider has a name.
     *
     * @param name the name
     * @return true if {@link #get(String)} would return one
     */
    boolean exists(String name);

    /**
     * Subscribes to the pods of a provider name. The subscription outlives the candidates of the name: it attaches
     * to the one that serves the name now, if any, and to each one that serves it later, and tells the subscriber
     * of every such swap. Several subscriptions to one name each get every pod.
     *
     * @param name the provider name; it need not have a provider yet
     * @param subscriber receives the pods and the swaps
     * @return the subscription; close it to stop
     * @throws dev.orchard.api.error.InvalidInputException if the name is not a DNS-1123 label
     * @since 1.2
     */
    PodSubscription subscribe(String name, PodSubscriber subscriber);
}
