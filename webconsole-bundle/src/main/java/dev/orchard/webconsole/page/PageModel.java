package dev.orchard.webconsole.page;

import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.Pod;
import java.util.List;
import java.util.Objects;

/**
 * Everything the Orchard page shows at one moment: every provider candidate, and the volumes, pods and node of the
 * chosen provider, each the outcome of its own call.
 *
 * @param providers every candidate of both kinds, orchestrators first, each kind ordered by name
 * @param selected the chosen provider's name; empty when there is no provider at all
 * @param volumes the chosen provider's volumes in every namespace
 * @param pods the chosen provider's pods
 * @param node the chosen provider's node
 */
public record PageModel(
        List<ProviderLine> providers,
        String selected,
        Outcome<List<Volume>> volumes,
        Outcome<List<Pod>> pods,
        Outcome<Node> node) {
    /** Checks the components and copies the list. */
    public PageModel {
        providers = List.copyOf(providers);
        selected = selected == null ? "" : selected;
        Objects.requireNonNull(volumes, "volumes");
        Objects.requireNonNull(pods, "pods");
        Objects.requireNonNull(node, "node");
    }
}
