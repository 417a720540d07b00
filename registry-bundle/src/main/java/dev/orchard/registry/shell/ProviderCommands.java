package dev.orchard.registry.shell;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The bodies of {@code orchard:providers} and {@code orchard:provider}: what the registries know about each
 * provider name, its candidates and why one failed.
 */
final class ProviderCommands {
    private final OrchestratorRegistry orchestrators;
    private final PodProviderRegistry pods;

    /**
     * Creates the bodies.
     *
     * @param orchestrators the orchestrator registry
     * @param pods the pod provider registry
     */
    ProviderCommands(OrchestratorRegistry orchestrators, PodProviderRegistry pods) {
        this.orchestrators = orchestrators;
        this.pods = pods;
    }

    /**
     * Prints one row per provider name and kind: the state of its active candidate (or FAILED), its bundle and its
     * ranking, and how many candidates it has.
     *
     * @param call the invocation
     */
    void providers(Invocation call) {
        List<ProviderInfo> all = new ArrayList<>(orchestrators.providers());
        all.addAll(pods.providers());
        if (all.isEmpty()) {
            call.out().println("No providers.");
            return;
        }
        // One row per (name, kind): the first candidate of each is the most preferred; prefer an ACTIVE one.
        Map<String, ProviderInfo> shown = new LinkedHashMap<>();
        Map<String, Integer> count = new LinkedHashMap<>();
        for (ProviderInfo p : all) {
            String key = p.name().isEmpty() ? "#" + p.serviceId() : p.kind() + "/" + p.name();
            count.merge(key, 1, Integer::sum);
            ProviderInfo current = shown.get(key);
            if (current == null || (current.state() != ProviderState.ACTIVE && p.state() == ProviderState.ACTIVE)) {
                shown.put(key, p);
            }
        }
        TextTable t = new TextTable("NAME", "KIND", "STATE", "BUNDLE", "RANKING", "CANDIDATES");
        shown.entrySet().stream()
                .sorted(Map.Entry.comparingByValue((a, b) -> {
                    int c = a.name().compareTo(b.name());
                    return c != 0 ? c : a.kind().compareTo(b.kind());
                }))
                .forEach(e -> {
                    ProviderInfo p = e.getValue();
                    t.row(
                            p.name().isEmpty() ? "-" : p.name(),
                            kindWord(p),
                            p.state(),
                            p.bundle(),
                            p.ranking(),
                            count.get(e.getKey()));
                });
        t.print(call.out());
    }

    /**
     * Prints every candidate of one name, orchestrators first, each with its state, bundle, service id, ranking and
     * failure reason.
     *
     * @param call the invocation, with the parameter {@code name}
     * @throws InvalidInputException if the name is not a DNS-1123 label
     * @throws NotFoundException if no candidate has that name
     */
    void provider(Invocation call) {
        String name = call.arguments().get("name");
        String why = Names.whyNotDns1123Label(name);
        if (why != null) {
            throw new InvalidInputException("invalid provider name " + Names.quote(name) + ": it " + why);
        }
        List<ProviderInfo> all = new ArrayList<>(orchestrators.candidates(name));
        all.addAll(pods.candidates(name));
        if (all.isEmpty()) {
            throw new NotFoundException("provider " + Names.quote(name) + " not found");
        }
        TextTable t = new TextTable("STATE", "KIND", "BUNDLE", "SERVICE", "RANKING", "REASON");
        for (ProviderInfo p : all) {
            t.row(
                    p.state(),
                    kindWord(p),
                    p.bundle(),
                    p.serviceId(),
                    p.ranking(),
                    p.failureReason().orElse(""));
        }
        t.print(call.out());
    }

    private static String kindWord(ProviderInfo p) {
        return p.kind().name().toLowerCase(Locale.ROOT);
    }
}
