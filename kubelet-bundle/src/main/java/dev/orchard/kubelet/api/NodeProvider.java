package dev.orchard.kubelet.api;

import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.CallDeadline;
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
 * @param deadline how long a call may take before its client is answered 503
 */
public record NodeProvider(PodProviderRegistry registry, String provider, String node, CallDeadline deadline) {
    /** Checks the components. */
    public NodeProvider {
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(deadline, "deadline");
    }

    /**
     * Calls the provider that serves the name now, with the bridge's deadline, on the provider's bounded threads:
     * a provider that hangs answers 503 at the deadline and holds no more than its bound of threads.
     *
     * @param <R> what the call returns
     * @param operation the PodProvider method called, for the metrics and messages
     * @param call what to do with it
     * @return what the call returned
     */
    public <R> R call(String operation, Function<? super PodProvider, ? extends R> call) {
        return registry.call(provider, operation, deadline, call);
    }

    /**
     * Calls the provider that serves the name now, on the caller's thread and with no deadline: for a call that
     * lasts as long as its client, such as an exec session.
     *
     * @param <R> what the call returns
     * @param operation the PodProvider method called, for the metrics
     * @param call what to do with it
     * @return what the call returned
     */
    public <R> R callWithoutDeadline(String operation, Function<? super PodProvider, ? extends R> call) {
        return registry.call(provider, operation, call);
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
