package dev.orchard.registry.shell;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.quantity.Quantity;
import dev.orchard.api.registry.OrchestratorRegistry;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * The volume commands: {@code orchard:volumes}, {@code volume-add}, {@code volume-info} and {@code volume-rm}.
 * Their names hold a '-', which no Java method can, so each is registered as a Gogo {@code Function} of its
 * own. The reference to the CommandProcessor keeps this component inactive (and its Gogo types unloaded) in a
 * framework without Gogo.
 */
@Component(service = {})
public final class VolumeCommands {
    static final String VOLUMES = "volumes [<orchestrator>] [-n <namespace>] [-l key=value]...";
    static final String ADD =
            "volume-add <orchestrator> <name> <capacity> [-n <namespace>] [-r <replicas>]" + " [-l key=value]...";
    static final String INFO = "volume-info <orchestrator> <name> [-n <namespace>]";
    static final String RM = "volume-rm <orchestrator> <name> [-n <namespace>]";

    private final OrchestratorRegistry registry;
    private final ShellFunctions functions;

    /**
     * Registers the commands.
     *
     * @param context this bundle's context
     * @param registry the orchestrator registry
     * @param shell the Gogo command processor; only required so that Gogo is present
     */
    @Activate
    public VolumeCommands(
            BundleContext context,
            @Reference(name = "orchestrators") OrchestratorRegistry registry,
            @Reference(name = "shell") CommandProcessor shell) {
        this.registry = registry;
        functions = new ShellFunctions(context)
                .add("volumes", this::volumes)
                .add("volume-add", this::add)
                .add("volume-info", this::info)
                .add("volume-rm", this::remove);
    }

    @Deactivate
    void deactivate() {
        functions.close();
    }

    // Calls the orchestrator's storage through the registry, so that a provider leaving drains this call.
    private <R> R storage(String orchestrator, Function<StorageOps, R> call) {
        return registry.call(
                orchestrator,
                (Orchestrator o) -> call.apply(o.storageOps()
                        .orElseThrow(() -> new UnsupportedException(
                                "orchestrator " + Names.quote(orchestrator) + " has no storage operations"))));
    }

    Object volumes(CommandSession session, List<Object> args) {
        ShellArguments a = new ShellArguments(VOLUMES, args, Set.of("-n", "-l")).expect(0, 1);
        String orchestrator = a.at(0, registry.detectDefault());
        VolumeProfile filter = VolumeProfile.builder()
                .namespace(a.option("-n", null))
                .labels(a.pairs("-l"))
                .build();
        List<Volume> volumes =
                storage(orchestrator, ops -> ops.listStorage(filter).items());
        if (volumes.isEmpty()) {
            return "No volumes in namespace " + filter.namespace() + " of " + orchestrator + ".";
        }
        TextTable t = new TextTable("NAME", "NAMESPACE", "CAPACITY", "REPLICAS", "PHASE", "LABELS");
        for (Volume v : volumes) {
            t.row(
                    v.name(),
                    v.namespace(),
                    Quantity.formatBytes(v.capacityBytes()),
                    v.replicas(),
                    phase(v),
                    labels(v.labels()));
        }
        return t.toString().stripTrailing();
    }

    Object add(CommandSession session, List<Object> args) {
        ShellArguments a = new ShellArguments(ADD, args, Set.of("-n", "-r", "-l")).expect(3, 3);
        VolumeProfile profile = VolumeProfile.builder()
                .orchestrator(a.at(0))
                .name(a.at(1))
                .capacity(a.at(2))
                .namespace(a.option("-n", null))
                .replicas(a.intOption("-r", 1))
                .labels(a.pairs("-l"))
                .build();
        Volume v = storage(a.at(0), ops -> ops.addStorage(profile));
        return "Volume " + v.namespace() + "/" + v.name() + " added to " + a.at(0) + ": "
                + Quantity.formatBytes(v.capacityBytes()) + ", " + v.replicas() + " replica(s), uid " + v.uid();
    }

    Object info(CommandSession session, List<Object> args) {
        ShellArguments a = new ShellArguments(INFO, args, Set.of("-n")).expect(2, 2);
        VolumeProfile profile = VolumeProfile.builder()
                .name(a.at(1))
                .namespace(a.option("-n", null))
                .build();
        Volume v = storage(a.at(0), ops -> ops.readStorage(profile))
                .orElseThrow(() -> new NotFoundException(
                        "volume " + profile.namespace() + "/" + a.at(1) + " not found in " + a.at(0)));
        Map<String, Object> fields = new java.util.LinkedHashMap<>();
        fields.put("name", v.name());
        fields.put("namespace", v.namespace());
        fields.put("uid", v.uid());
        fields.put("capacity", Quantity.formatBytes(v.capacityBytes()) + " (" + v.capacityBytes() + " bytes)");
        fields.put("used", v.usedBytes() < 0 ? "unknown" : v.usedBytes() + " bytes");
        fields.put("replicas", v.replicas());
        fields.put("storage class", v.storageClass().isEmpty() ? "-" : v.storageClass());
        fields.put("phase", phase(v) + (v.message().isEmpty() ? "" : " (" + v.message() + ")"));
        fields.put("labels", labels(v.labels()));
        fields.put("created", v.creationTime());
        StringBuilder b = new StringBuilder();
        fields.forEach((k, val) -> b.append(String.format("%-14s%s%n", k + ":", val)));
        return b.toString().stripTrailing();
    }

    Object remove(CommandSession session, List<Object> args) {
        ShellArguments a = new ShellArguments(RM, args, Set.of("-n")).expect(2, 2);
        VolumeProfile profile = VolumeProfile.builder()
                .name(a.at(1))
                .namespace(a.option("-n", null))
                .build();
        boolean removed = storage(a.at(0), ops -> ops.deleteStorage(profile));
        return removed
                ? "Volume " + profile.namespace() + "/" + a.at(1) + " removed from " + a.at(0) + "."
                : "Volume " + profile.namespace() + "/" + a.at(1) + " did not exist in " + a.at(0) + ".";
    }

    private static String phase(Volume v) {
        String p = v.phase().name();
        return p.charAt(0) + p.substring(1).toLowerCase(java.util.Locale.ROOT);
    }

    private static String labels(Map<String, String> labels) {
        if (labels.isEmpty()) {
            return "-";
        }
        StringBuilder b = new StringBuilder();
        new TreeMap<>(labels)
                .forEach((k, v) -> b.append(b.length() == 0 ? "" : ",")
                        .append(k)
                        .append('=')
                        .append(v));
        return b.toString();
    }
}
