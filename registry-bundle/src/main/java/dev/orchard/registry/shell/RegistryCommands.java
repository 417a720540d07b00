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
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * The {@code orchard:providers} and {@code orchard:provider} shell commands. They return text, which Gogo
 * prints. A name that is unknown or invalid prints one line such as {@code NotFound: ...} (see
 * {@link ShellErrors}), never a stack trace, and makes a one-shot run exit with a failure status.
 */
@Component(service = RegistryCommands.class)
@GogoCommand(
        scope = "orchard",
        function = {"providers", "provider"})
public final class RegistryCommands {
    private final OrchestratorRegistry orchestrators;
    private final PodProviderRegistry pods;

    /**
     * Creates the commands.
     *
     * @param orchestrators the orchestrator registry
     * @param pods the pod provider registry
     * @param shell the Gogo command processor; only required, so that without Gogo this component stays
     *     inactive and its Gogo types are never loaded
     */
    @Activate
    public RegistryCommands(
            @Reference(name = "orchestrators") OrchestratorRegistry orchestrators,
            @Reference(name = "pods") PodProviderRegistry pods,
            @Reference(name = "shell") CommandProcessor shell) {
        this.orchestrators = orchestrators;
        this.pods = pods;
    }

    /**
     * Lists one row per provider name and kind: the state of its active candidate (or FAILED), its bundle and
     * its ranking, and how many candidates it has.
     *
     * @param session the shell session
     * @return the table
     */
    @Descriptor("list the providers: one row per name and kind, with the active candidate's state, bundle and ranking")
    public Object providers(CommandSession session) {
        return ShellErrors.run(session, this::providerTable);
    }

    private String providerTable() {
        List<ProviderInfo> all = new ArrayList<>(orchestrators.providers());
        all.addAll(pods.providers());
        if (all.isEmpty()) {
            return "No providers.";
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
        return t.toString().stripTrailing();
    }

    /**
     * Lists every candidate of one name, orchestrators first, each with its state, bundle, service id, ranking
     * and failure reason.
     *
     * @param session the shell session
     * @param name the provider name
     * @return one line per candidate; an invalid or unknown name prints InvalidInput or NotFound instead
     */
    @Descriptor("show every candidate of a provider name: state, bundle, service id, ranking, failure reason")
    public Object provider(CommandSession session, @Descriptor("the provider name, e.g. mock") String name) {
        return ShellErrors.run(session, () -> candidateTable(name));
    }

    private String candidateTable(String name) {
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
        return t.toString().stripTrailing();
    }

    private static String kindWord(ProviderInfo p) {
        return p.kind().name().toLowerCase(Locale.ROOT);
    }
}
