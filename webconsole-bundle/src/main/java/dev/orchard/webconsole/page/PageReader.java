package dev.orchard.webconsole.page;

import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.ProviderInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Reads what the page shows from the registries: every provider candidate, and the volumes, pods and node of the
 * chosen provider, each through {@code call} so that a provider swapped meanwhile is drained as for any caller.
 */
public final class PageReader {
    private final OrchestratorRegistry orchestrators;
    private final PodProviderRegistry pods;
    private final Function<ProviderInfo, OptionalLong> bundleIds;

    /**
     * Creates a reader.
     *
     * @param orchestrators the orchestrator registry
     * @param pods the pod provider registry
     * @param bundleIds the id of the bundle that registered a candidate, empty if it is gone
     */
    public PageReader(
            OrchestratorRegistry orchestrators,
            PodProviderRegistry pods,
            Function<ProviderInfo, OptionalLong> bundleIds) {
        this.orchestrators = orchestrators;
        this.pods = pods;
        this.bundleIds = bundleIds;
    }

    /**
     * Reads the page's content now.
     *
     * @param requested the provider the user chose; blank means the default orchestrator
     * @param namespace the namespace whose volumes to list; blank means {@value VolumeProfile#DEFAULT_NAMESPACE}
     * @return the content
     */
    public PageModel read(String requested, String namespace) {
        List<ProviderLine> lines = new ArrayList<>();
        for (ProviderInfo info : sorted(orchestrators.providers())) {
            lines.add(new ProviderLine(info, bundleIds.apply(info)));
        }
        for (ProviderInfo info : sorted(pods.providers())) {
            lines.add(new ProviderLine(info, bundleIds.apply(info)));
        }
        String selected = requested == null || requested.isBlank() ? defaultName() : requested.strip();
        if (selected.isEmpty()) {
            String none = "no provider is registered";
            return new PageModel(lines, "", Outcome.absent(none), Outcome.absent(none), Outcome.absent(none));
        }
        String ns = namespace == null || namespace.isBlank() ? VolumeProfile.DEFAULT_NAMESPACE : namespace.strip();
        return new PageModel(lines, selected, volumes(selected, ns), pods(selected), node(selected));
    }

    private Outcome<List<Volume>> volumes(String name, String namespace) {
        if (!orchestrators.has(name)) {
            return Outcome.absent("no orchestrator is named " + Names.quote(name));
        }
        return Outcome.of(() -> {
            VolumeProfile filter = VolumeProfile.builder().namespace(namespace).build();
            return orchestrators.call(
                    name,
                    (Orchestrator o) -> o.storageOps()
                            .orElseThrow(() -> new UnsupportedException("orchestrator " + Names.quote(name)
                                    + " has no storage operations; it lists no volumes"))
                            .listStorage(filter)
                            .items());
        });
    }

    private Outcome<List<Pod>> pods(String name) {
        if (!pods.exists(name)) {
            return Outcome.absent("no pod provider is named " + Names.quote(name));
        }
        return Outcome.of(() -> pods.call(name, PodProvider::getPods).stream()
                .sorted(Comparator.comparing(Pod::namespace).thenComparing(Pod::name))
                .toList());
    }

    private Outcome<Node> node(String name) {
        if (!pods.exists(name)) {
            return Outcome.absent("no pod provider is named " + Names.quote(name));
        }
        // A node named after its provider, as the HTTP API's /node and the shell's node command ask for it.
        return Outcome.of(() -> pods.call(name, p -> p.configureNode(Node.named(name))));
    }

    /** The default orchestrator if it is registered, else the first name of either kind, else none. */
    private String defaultName() {
        try {
            String detected = orchestrators.detectDefault();
            if (orchestrators.has(detected)) {
                return detected;
            }
        } catch (RuntimeException e) {
            // no usable default: fall back to the first registered name
        }
        if (!orchestrators.names().isEmpty()) {
            return orchestrators.names().first();
        }
        return pods.names().isEmpty() ? "" : pods.names().first();
    }

    private static List<ProviderInfo> sorted(List<ProviderInfo> providers) {
        return providers.stream()
                .sorted(Comparator.comparing(ProviderInfo::name)
                        .thenComparing(ProviderInfo::state)
                        .thenComparing(
                                Comparator.comparingInt(ProviderInfo::ranking).reversed()))
                .toList();
    }
}
