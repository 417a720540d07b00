package dev.orchard.http.api;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.ProviderInfo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The provider endpoints: every provider name with its state and candidates, and the candidates of one name. */
final class ProviderEndpoints {
    private final OrchestratorRegistry orchestrators;
    private final PodProviderRegistry pods;
    private final DefaultName names;

    ProviderEndpoints(OrchestratorRegistry orchestrators, PodProviderRegistry pods, DefaultName names) {
        this.orchestrators = orchestrators;
        this.pods = pods;
        this.names = names;
    }

    List<Route> routes() {
        return List.of(new Route("GET", "/providers", this::list), new Route("GET", "/providers/{name}", this::one));
    }

    private void list(Exchange ex) throws IOException {
        ex.allowQuery(List.of());
        List<ProviderInfo> all = new ArrayList<>(orchestrators.providers());
        all.addAll(pods.providers());
        ex.send(200, Map.of("items", group(all)));
    }

    private void one(Exchange ex) throws IOException {
        ex.allowQuery(List.of());
        String name = names.resolve(ex.path("name"));
        List<ProviderInfo> all = new ArrayList<>(orchestrators.candidates(name));
        all.addAll(pods.candidates(name));
        if (all.isEmpty()) {
            throw new NotFoundException(
                    "no provider is named " + Names.quote(name) + "; GET /providers lists the names there are");
        }
        ex.send(200, Map.of("name", name, "items", group(all)));
    }

    /** Groups candidates by name and kind, keeping the registries' order (by name, highest candidate first). */
    private static List<ProviderJson> group(List<ProviderInfo> infos) {
        Map<String, List<ProviderInfo>> byKey = new LinkedHashMap<>();
        for (ProviderInfo i : infos) {
            byKey.computeIfAbsent(i.name() + "\u0000" + i.kind(), k -> new ArrayList<>())
                    .add(i);
        }
        return byKey.values().stream()
                .map(c -> new ProviderJson(
                        c.get(0).name(),
                        c.get(0).kind().name(),
                        c.get(0).state().name(),
                        c.stream().map(ProviderJson.Candidate::of).toList()))
                .toList();
    }
}
