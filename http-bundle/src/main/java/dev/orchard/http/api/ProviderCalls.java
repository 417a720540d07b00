package dev.orchard.http.api;

import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.CallDeadline;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import java.util.function.Function;

/**
 * How every API and maya endpoint calls a provider: through the registry, with the configured deadline
 * ({@value #TIMEOUT_KEY} in configuration {@code dev.orchard.http}), so that a provider that hangs answers its
 * client 503 at the deadline and holds no more of Jetty's threads than its bulkhead allows.
 */
public final class ProviderCalls {
    /** The configuration key of the deadline, in milliseconds. */
    public static final String TIMEOUT_KEY = "call.timeout.ms";
    /** The deadline without configuration. */
    public static final long DEFAULT_TIMEOUT_MS = 30_000;

    private static final String SET_BY = TIMEOUT_KEY + " in configuration dev.orchard.http";

    private final OrchestratorRegistry orchestrators;
    private final PodProviderRegistry pods;
    private volatile CallDeadline deadline = CallDeadline.ofMillis(DEFAULT_TIMEOUT_MS, SET_BY);

    /**
     * Calls over the two registries.
     *
     * @param orchestrators the orchestrator registry
     * @param pods the pod provider registry
     */
    public ProviderCalls(OrchestratorRegistry orchestrators, PodProviderRegistry pods) {
        this.orchestrators = orchestrators;
        this.pods = pods;
    }

    /**
     * Sets the deadline of the calls that start from now on.
     *
     * @param millis how long a call may take, at least 1
     */
    public void timeout(long millis) {
        deadline = CallDeadline.ofMillis(millis, SET_BY);
    }

    /**
     * Calls a pod provider.
     *
     * @param <R> the result type
     * @param provider the provider's name
     * @param operation the PodProvider method called, for the metrics and messages
     * @param call what to do with it
     * @return what the call returned
     */
    <R> R pod(String provider, String operation, Function<? super PodProvider, ? extends R> call) {
        return pods.call(provider, operation, deadline, call);
    }

    /**
     * Calls the storage of an orchestrator; an orchestrator without storage is Unsupported.
     *
     * @param <R> the result type
     * @param orchestrator the orchestrator's name
     * @param operation the StorageOps method called, for the metrics and messages
     * @param call what to do with its storage
     * @return what the call returned
     */
    <R> R storage(String orchestrator, String operation, Function<StorageOps, R> call) {
        return orchestrators.call(
                orchestrator,
                operation,
                deadline,
                o -> call.apply(o.storageOps()
                        .orElseThrow(() -> new UnsupportedException(
                                "orchestrator " + Names.quote(orchestrator) + " has no storage operations"))));
    }
}
