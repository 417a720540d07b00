package dev.orchard.kubelet.api;

import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.PodProviderRegistry;
import java.util.Objects;
import java.util.function.Function;

/**
 * The pod provider behind one bridge's node, as every kubelet API endpoint reaches it: by name, through the
 * registry's {@code call}, so that a provider swapped underneath is not seen. Immutable.
 *
 * @param registry the pod provider registry
 * @param provider the provider's name in it
 * @param node the bridge's node name
 */
public record NodeProvider(PodProviderRegistry registry, String provider, String node) {
    /** Checks the components. */
    public NodeProvider {
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(node, "node");
    }

    /**
     * Calls the provider that serves the name now.
     *
     * @param <R> what the call returns
     * @param call what to do with it
     * @return what the call returned
     */
    public <R> R call(Function<? super PodProvider, ? extends R> call) {
        return registry.call(provider, call);
    }

    /**
     * Tells whether a provider serves the name.
     *
     * @return true if one does
     */
    public boolean served() {
        return registry.exists(provider);
    }
}
