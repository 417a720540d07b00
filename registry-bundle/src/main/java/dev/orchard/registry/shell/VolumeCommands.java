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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The bodies of the volume commands: {@code orchard:volumes}, {@code volume-add}, {@code volume-info} and
 * {@code volume-rm}. Each calls the orchestrator's storage through the registry, so that a provider that leaves
 * drains the call.
 */
final class VolumeCommands {
    private final OrchestratorRegistry registry;

    /**
     * Creates the bodies.
     *
     * @param registry the orchestrator registry
     */
    VolumeCommands(OrchestratorRegistry registry) {
        this.registry = registry;
    }

    private <R> R storage(String orchestrator, Function<StorageOps, R> call) {
        return registry.call(
                orchestrator,
                (Orchestrator o) -> call.apply(o.storageOps()
                        .orElseThrow(() -> new UnsupportedException(
                                "orchestrator " + Names.quote(orchestrator) + " has no storage operations"))));
    }

    /**
     * Prints the volumes of a namespace (all namespaces without {@code -n}), filtered by labels.
     *
     * @param call the invocation
     */
    void volumes(Invocation call) {
        Arguments a = call.arguments();
        String orchestrator = a.get("orchestrator", registry::detectDefault);
        VolumeProfile filter = VolumeProfile.builder()
                .namespace(a.option("-n", null))
                .labels(a.pairs("-l"))
                .build();
        List<Volume> volumes =
                storage(orchestrator, ops -> ops.listStorage(filter).items());
        if (volumes.isEmpty()) {
            call.out().println("No volumes in namespace " + filter.namespace() + " of " + orchestrator + ".");
            return;
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
        t.print(call.out());
    }

    /**
     * Creates a volume and prints what was made.
     *
     * @param call the invocation
     */
    void add(Invocation call) {
        Arguments a = call.arguments();
        String orchestrator = a.get("orchestrator");
        VolumeProfile profile = VolumeProfile.builder()
                .orchestrator(orchestrator)
                .name(a.get("name"))
                .capacity(a.get("capacity"))
                .namespace(a.option("-n", null))
                .replicas(a.number("-r", 1))
                .labels(a.pairs("-l"))
                .build();
        Volume v = storage(orchestrator, ops -> ops.addStorage(profile));
        call.out()
                .println("Volume " + v.namespace() + "/" + v.name() + " added to " + orchestrator + ": "
                        + Quantity.formatBytes(v.capacityBytes()) + ", " + v.replicas() + " replica(s), uid "
                        + v.uid());
    }

    /**
     * Prints one volume: uid, capacity, bytes used, replicas, storage class, phase, labels and creation time.
     *
     * @param call the invocation
     */
    void info(Invocation call) {
        Arguments a = call.arguments();
        String orchestrator = a.get("orchestrator");
        String name = a.get("name");
        VolumeProfile profile = VolumeProfile.builder()
                .name(name)
                .namespace(a.option("-n", null))
                .build();
        Volume v = storage(orchestrator, ops -> ops.readStorage(profile))
                .orElseThrow(() -> new NotFoundException(
                        "volume " + profile.namespace() + "/" + name + " not found in " + orchestrator));
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("name", v.name());
        fields.put("namespace", v.namespace());
        fields.put("uid", v.uid());
        fields.put("capacity", Quantity.formatBytes(v.capacityBytes()) + " (" + v.capacityBytes() + " bytes)");
        fields.put("used", used(v));
        fields.put("replicas", v.replicas());
        fields.put("storage class", v.storageClass().isEmpty() ? "-" : v.storageClass());
        fields.put("phase", phase(v) + (v.message().isEmpty() ? "" : " (" + v.message() + ")"));
        fields.put("labels", labels(v.labels()));
        fields.put("created", v.creationTime());
        fields.forEach((k, val) -> call.out().printf("%-14s%s%n", k + ":", val));
    }

    /**
     * Deletes a volume and prints whether there was one.
     *
     * @param call the invocation
     */
    void remove(Invocation call) {
        Arguments a = call.arguments();
        String orchestrator = a.get("orchestrator");
        String name = a.get("name");
        VolumeProfile profile = VolumeProfile.builder()
                .name(name)
                .namespace(a.option("-n", null))
                .build();
        boolean removed = storage(orchestrator, ops -> ops.deleteStorage(profile));
        String volume = "Volume " + profile.namespace() + "/" + name;
        call.out()
                .println(
                        removed
                                ? volume + " removed from " + orchestrator + "."
                                : volume + " did not exist in " + orchestrator + ".");
    }

    // The bytes in use beside the capacity, and plainly when they pass it.
    private static String used(Volume v) {
        if (v.usedBytes() < 0) {
            return "unknown";
        }
        long percent = (long) Math.floor(100.0 * v.usedBytes() / v.capacityBytes());
        return v.usedBytes() + " bytes, " + percent + "% of capacity"
                + (v.usedBytes() > v.capacityBytes() ? ": over capacity" : "");
    }

    private static String phase(Volume v) {
        String p = v.phase().name();
        return p.charAt(0) + p.substring(1).toLowerCase(Locale.ROOT);
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
