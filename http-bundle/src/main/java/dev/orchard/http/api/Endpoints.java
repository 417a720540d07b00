package dev.orchard.http.api;

import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import java.util.ArrayList;
import java.util.List;

/**
 * The API's route table: every endpoint under the root, built over the two registries. The OpenAPI document
 * ({@code openapi.json}) describes exactly these.
 */
public final class Endpoints {
    private final List<Route> routes;

    /**
     * Builds the table.
     *
     * @param orchestrators the orchestrator registry; it also names the default pod provider
     * @param pods the pod provider registry
     * @param calls how the endpoints call providers, with the API's deadline
     */
    public Endpoints(OrchestratorRegistry orchestrators, PodProviderRegistry pods, ProviderCalls calls) {
        DefaultName names = new DefaultName(orchestrators);
        List<Route> all = new ArrayList<>();
        all.addAll(new ProviderEndpoints(orchestrators, pods, names).routes());
        all.addAll(new VolumeEndpoints(calls, names).routes());
        all.addAll(new PodEndpoints(calls, names).routes());
        all.add(new Route("GET", "/openapi.json", OpenApi::serve));
        routes = List.copyOf(all);
    }

    List<Route> routes() {
        return routes;
    }
}
