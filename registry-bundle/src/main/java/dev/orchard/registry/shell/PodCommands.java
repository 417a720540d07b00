package dev.orchard.registry.shell;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerStats;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodStats;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.pod.StatsSummary;
import dev.orchard.api.pod.VolumeMount;
import dev.orchard.api.quantity.Quantity;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * The pod commands: {@code orchard:pods}, {@code pod-run}, {@code pod-rm}, {@code logs}, {@code exec},
 * {@code node} and {@code stats}. Each is a Gogo {@code Function}, registered by this component, which stays
 * inactive without Gogo. Every call goes through the registry, so a provider that leaves drains it.
 */
@Component(service = {})
public final class PodCommands {
    static final String PODS = "pods [<provider>] [-n <namespace>]";
    static final String RUN = "pod-run <provider> <pod> <command> [args...] [-n <namespace>] [-v <volume>:<mountPath>]"
            + " [-e K=V] [--restart Never|OnFailure|Always]";
    static final String RM = "pod-rm <provider> <pod> [-n <namespace>]";
    static final String LOGS = "logs <provider> <pod> [<container>] [--tail N] [--follow] [-n <namespace>]";
    static final String EXEC = "exec <provider> <pod> <container> <command> [args...] [-n <namespace>]";
    static final String NODE = "node <provider>";
    static final String STATS = "stats <provider>";

    private final PodProviderRegistry pods;
    private final OrchestratorRegistry orchestrators;
    private final ShellFunctions functions;

    /**
     * Registers the commands.
     *
     * @param context this bundle's context
     * @param pods the pod provider registry
     * @param orchestrators the orchestrator registry, for the default provider name
     * @param shell the Gogo command processor; only required so that Gogo is present
     */
    @Activate
    public PodCommands(
            BundleContext context,
            @Reference(name = "pods") PodProviderRegistry pods,
            @Reference(name = "orchestrators") OrchestratorRegistry orchestrators,
            @Reference(name = "shell") CommandProcessor shell) {
        this.pods = pods;
        this.orchestrators = orchestrators;
        functions = new ShellFunctions(context)
                .add("pods", this::list)
                .add("pod-run", this::run)
                .add("pod-rm", this::remove)
                .add("logs", this::logs)
                .add("exec", this::exec)
                .add("node", this::node)
                .add("stats", this::stats);
    }

    @Deactivate
    void deactivate() {
        functions.close();
    }

    Object list(CommandSession session, List<Object> args) {
        ShellArguments a = new ShellArguments(PODS, args, Set.of("-n")).expect(0, 1);
        String provider = a.at(0, orchestrators.detectDefault());
        String ns = a.option("-n", null);
        List<Pod> all = pods.call(provider, PodProvider::getPods);
        TextTable t = new TextTable("NAME", "NAMESPACE", "PHASE", "READY", "RESTARTS");
        int shown = 0;
        for (Pod p : all) {
            if (ns != null && !p.namespace().equals(ns)) {
                continue;
            }
            List<ContainerStatus> cs = p.status().containerStatuses();
            long ready = cs.stream().filter(ContainerStatus::ready).count();
            int restarts = cs.stream().mapToInt(ContainerStatus::restartCount).sum();
            t.row(
                    p.name(),
                    p.namespace(),
                    word(p.status().phase().name()),
                    ready + "/" + p.spec().containers().size(),
                    restarts);
            shown++;
        }
        return shown == 0 ? "No pods on " + provider + "." : t.toString().stripTrailing();
    }

    Object run(CommandSession session, List<Object> args) {
        ShellArguments a = new ShellArguments(RUN, args, Set.of("-n", "-v", "-e", "--restart"), Set.of(), 2);
        if (a.rest(0).size() < 3) {
            throw new InvalidInputException("expected a provider, a pod name and a command; usage: " + RUN);
        }
        String provider = a.at(0);
        String name = a.at(1);
        List<String> command = a.rest(2);
        List<PodVolume> volumes = new ArrayList<>();
        List<VolumeMount> mounts = new ArrayList<>();
        for (String v : a.all("-v")) {
            int colon = v.indexOf(':');
            if (colon <= 0 || colon == v.length() - 1) {
                throw new InvalidInputException("option -v takes <volume>:<mountPath>, got \"" + v + "\"");
            }
            String volume = v.substring(0, colon);
            volumes.add(new PodVolume(volume, volume));
            mounts.add(new VolumeMount(volume, v.substring(colon + 1), false));
        }
        Map<String, String> env = new LinkedHashMap<>(a.pairs("-e"));
        Container c = new Container(name, "", command, List.of(), env, "", mounts, Resources.NONE);
        PodSpec spec = new PodSpec(
                List.of(c), volumes, restart(a.option("--restart", "Never")), PodSpec.DEFAULT_GRACE_PERIOD_SECONDS, "");
        Pod pod = new Pod(ObjectMeta.of(a.option("-n", "default"), name), spec, null);
        pods.call(provider, p -> {
            p.createPod(pod);
            return null;
        });
        String phase = word(pods.call(provider, p -> p.getPodStatus(pod.namespace(), name))
                .phase()
                .name());
        return "Pod " + pod.namespace() + "/" + name + " created on " + provider + " (" + phase + ").";
    }

    private static RestartPolicy restart(String word) {
        switch (word) {
            case "Never":
                return RestartPolicy.NEVER;
            case "OnFailure":
                return RestartPolicy.ON_FAILURE;
            case "Always":
                return RestartPolicy.ALWAYS;
            default:
                throw new InvalidInputException("--restart takes Never, OnFailure or Always, got \"" + word + "\"");
        }
    }

    Object remove(CommandSession session, List<Object> args) {
        ShellArguments a = new ShellArguments(RM, args, Set.of("-n")).expect(2, 2);
        String ns = a.option("-n", "default");
        pods.call(a.at(0), p -> {
            p.deletePod(ns, a.at(1));
            return null;
        });
        return "Pod " + ns + "/" + a.at(1) + " deleted from " + a.at(0) + ".";
    }

    Object logs(CommandSession session, List<Object> args) {
        ShellArguments a = new ShellArguments(
                        LOGS, args, Set.of("-n", "--tail"), Set.of("--follow", "-f"), Integer.MAX_VALUE)
                .expect(2, 3);
        String ns = a.option("-n", "default");
        String container = a.at(2, a.at(1));
        LogOptions.Builder o = LogOptions.builder().follow(a.flag("--follow") || a.flag("-f"));
        if (a.option("--tail", null) != null) {
            o.tail(a.intOption("--tail", 0));
        }
        LogOptions options = o.build();
        PrintStream out = System.out;
        // The stream is read inside the call, so a provider that leaves waits for a follow to end.
        pods.call(a.at(0), p -> {
            try (InputStream in = p.getContainerLogs(ns, a.at(1), container, options)) {
                in.transferTo(out);
                out.flush();
            } catch (IOException e) {
                throw new UnavailableException("reading the logs failed: " + e.getMessage(), e);
            }
            return null;
        });
        return null;
    }

    Object exec(CommandSession session, List<Object> args) {
        ShellArguments a = new ShellArguments(EXEC, args, Set.of("-n"), Set.of(), 3);
        if (a.rest(0).size() < 4) {
            throw new InvalidInputException("expected a provider, a pod, a container and a command; usage: " + EXEC);
        }
        String ns = a.option("-n", "default");
        ExecIO io = new ExecIO(null, System.out, System.err, false);
        int code = pods.call(a.at(0), p -> p.runInContainer(ns, a.at(1), a.at(2), a.rest(3), io));
        System.out.flush();
        if (code != 0 && session != null) {
            session.put(ShellErrors.STATUS, code);
        }
        return null;
    }

    Object node(CommandSession session, List<Object> args) {
        ShellArguments a = new ShellArguments(NODE, args, Set.of()).expect(1, 1);
        Node n = pods.call(a.at(0), p -> p.configureNode(Node.named(a.at(0))));
        StringBuilder b = new StringBuilder();
        line(b, "name", n.name());
        line(b, "capacity", resources(n.capacity()));
        line(b, "allocatable", resources(n.allocatable()));
        n.conditions()
                .forEach(c -> line(
                        b,
                        "condition",
                        c.type() + "=" + c.status() + (c.reason().isEmpty() ? "" : " (" + c.reason() + ")")));
        n.addresses().forEach(ad -> line(b, "address", ad.type() + " " + ad.address()));
        line(b, "system", n.operatingSystem() + "/" + n.architecture());
        return b.toString().stripTrailing();
    }

    Object stats(CommandSession session, List<Object> args) {
        ShellArguments a = new ShellArguments(STATS, args, Set.of()).expect(1, 1);
        StatsSummary s = pods.call(a.at(0), PodProvider::getStatsSummary);
        TextTable t = new TextTable("POD", "NAMESPACE", "CONTAINER", "CPU", "WORKING SET", "RSS");
        for (PodStats p : s.pods()) {
            for (ContainerStats c : p.containers()) {
                t.row(
                        p.name(),
                        p.namespace(),
                        c.name(),
                        millicores(c.cpuUsageNanoCores()),
                        Quantity.formatBytes(c.memoryWorkingSetBytes()),
                        Quantity.formatBytes(c.memoryRssBytes()));
            }
        }
        return "node " + s.nodeName() + ": cpu " + millicores(s.cpuUsageNanoCores()) + ", memory "
                + Quantity.formatBytes(s.memoryWorkingSetBytes()) + ", "
                + s.pods().size() + " pod(s)\n"
                + t.toString().stripTrailing();
    }

    private static String millicores(long nanoCores) {
        return (nanoCores / 1_000_000) + "m";
    }

    private static String resources(Resources r) {
        return "cpu " + Quantity.formatMillis(Math.max(1, r.cpuMillis())) + ", memory "
                + Quantity.formatBytes(Math.max(1, r.memoryBytes())) + ", pods " + r.pods();
    }

    private static void line(StringBuilder b, String key, Object value) {
        b.append(String.format("%-13s%s%n", key + ":", value));
    }

    private static String word(String enumName) {
        StringBuilder b = new StringBuilder();
        for (String part : enumName.split("_")) {
            b.append(part.charAt(0)).append(part.substring(1).toLowerCase(Locale.ROOT));
        }
        return b.toString();
    }
}
