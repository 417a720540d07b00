package dev.orchard.http.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodSpec;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The pod endpoints of a pod provider: list (namespace filter), create, read, delete, the logs of a container,
 * the node and the stats.
 */
final class PodEndpoints {
    private static final String BASE = "/pod-providers/{name}";

    private final ProviderCalls pods;
    private final DefaultName names;
    private final LogStream logs;

    PodEndpoints(ProviderCalls pods, DefaultName names) {
        this.pods = pods;
        this.names = names;
        this.logs = new LogStream(pods);
    }

    List<Route> routes() {
        return List.of(
                new Route("GET", BASE + "/pods", this::list),
                new Route("POST", BASE + "/pods", this::create),
                new Route("GET", BASE + "/pods/{namespace}/{pod}", this::read),
                new Route("DELETE", BASE + "/pods/{namespace}/{pod}", this::delete),
                new Route("GET", BASE + "/pods/{namespace}/{pod}/logs/{container}", this::logs),
                new Route("GET", BASE + "/node", this::node),
                new Route("GET", BASE + "/stats", this::stats));
    }

    private void list(Exchange ex) throws IOException {
        ex.allowQuery(List.of("namespace"));
        String provider = names.resolve(ex.path("name"));
        String namespace = ex.query("namespace").orElse(null);
        List<Pod> items = pods.pod(provider, "getPods", PodProvider::getPods).stream()
                .filter(p -> namespace == null || p.metadata().namespace().equals(namespace))
                .toList();
        ex.send(200, Map.of("items", items));
    }

    private void create(Exchange ex) throws IOException {
        ex.allowQuery(List.of());
        String provider = names.resolve(ex.path("name"));
        Pod pod = ex.body(Pod.class, PodEndpoints::withDefaults);
        if (pod.spec() == null) {
            throw new InvalidInputException("field spec is missing; a pod needs a spec with its containers");
        }
        String ns = pod.metadata().namespace();
        String name = pod.metadata().name();
        Pod created = pods.pod(provider, "createPod", p -> {
            p.createPod(pod);
            return p.getPod(ns, name);
        });
        ex.created("/pod-providers/" + ex.path("name") + "/pods/" + ns + "/" + name, created);
    }

    /**
     * Fills in the grace period a pod spec gives when none is set: as a record component it would be 0, an
     * immediate kill.
     */
    private static JsonNode withDefaults(JsonNode body) {
        if (body.path("spec") instanceof ObjectNode spec && !spec.has("terminationGracePeriodSeconds")) {
            spec.put("terminationGracePeriodSeconds", PodSpec.DEFAULT_GRACE_PERIOD_SECONDS);
        }
        return body;
    }

    private void read(Exchange ex) throws IOException {
        ex.allowQuery(List.of());
        String provider = names.resolve(ex.path("name"));
        ex.send(200, pods.pod(provider, "getPod", p -> p.getPod(ex.path("namespace"), ex.path("pod"))));
    }

    private void delete(Exchange ex) throws IOException {
        ex.allowQuery(List.of());
        String provider = names.resolve(ex.path("name"));
        pods.pod(provider, "deletePod", p -> {
            p.deletePod(ex.path("namespace"), ex.path("pod"));
            return null;
        });
        ex.noContent();
    }

    private void logs(Exchange ex) throws IOException {
        logs.serve(ex, names.resolve(ex.path("name")));
    }

    private void node(Exchange ex) throws IOException {
        ex.allowQuery(List.of());
        String provider = names.resolve(ex.path("name"));
        ex.send(200, pods.pod(provider, "configureNode", p -> p.configureNode(Node.named(provider))));
    }

    private void stats(Exchange ex) throws IOException {
        ex.allowQuery(List.of());
        String provider = names.resolve(ex.path("name"));
        ex.send(200, pods.pod(provider, "getStatsSummary", PodProvider::getStatsSummary));
    }
}
