package dev.orchard.http.api;

import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.registry.OrchestratorRegistry;
import java.util.function.Function;

/** Calls an orchestrator's storage through the registry; an orchestrator without storage is Unsupported. */
final class StorageCalls {
    private StorageCalls() {}

    /**
     * Calls the storage of an orchestrator, keeping it from being released while the call runs.
     *
     * @param <R> the result type
     * @param orchestrators the registry
     * @param orchestrator the orchestrator's name
     * @param operation the StorageOps method called, for the metrics
     * @param call what to do with its storage
     * @return what the call returned
     */
    static <R> R call(
            OrchestratorRegistry orchestrators, String orchestrator, String operation, Function<StorageOps, R> call) {
        return orchestrators.call(
                orchestrator,
                operation,
                o -> call.apply(o.storageOps()
                        .orElseThrow(() -> new UnsupportedException(
                                "orchestrator " + Names.quote(orchestrator) + " has no storage operations"))));
    }
}
