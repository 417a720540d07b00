package dev.orchard.registry.shell;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.pod.VolumeMount;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The bodies of the pod commands: {@code orchard:pods}, {@code pod-run}, {@code pod-rm}, {@code logs} and
 * {@code exec}. Every call goes through the registry, so a provider that leaves drains it.
 */
final class PodCommands {
    private final PodProviderRegistry pods;
    private final OrchestratorRegistry orchestrators;

    /**
     * Creates the bodies.
     *
     * @param pods the pod provider registry
     * @param orchestrators the orchestrator registry, for the default provider name
     */
    PodCommands(PodProviderRegistry pods, OrchestratorRegistry orchestrators) {
        this.pods = pods;
        this.orchestrators = orchestrators;
    }

    /**
     * Prints one line per pod: name, namespace, phase, ready containers and restarts.
     *
     * @param call the invocation
     */
    void list(Invocation call) {
        Arguments a = call.arguments();
        String provider = a.get("provider", orchestrators::detectDefault);
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
        if (shown == 0) {
            call.out().println("No pods on " + provider + ".");
        } else {
            t.print(call.out());
        }
    }

    /**
     * Creates a pod of one container, named like the pod, that runs the command line; prints its phase.
     *
     * @param call the invocation
     */
    void run(Invocation call) {
        Arguments a = call.arguments();
        String provider = a.get("provider");
        String name = a.get("pod");
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
        Container c = new Container(
                name, a.option("--image", ""), a.commandLine(), List.of(), env, "", mounts, Resources.NONE);
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
        call.out().println("Pod " + pod.namespace() + "/" + name + " created on " + provider + " (" + phase + ").");
    }

    private static RestartPolicy restart(String word) {
        return switch (word) {
            case "Never" -> RestartPolicy.NEVER;
            case "OnFailure" -> RestartPolicy.ON_FAILURE;
            case "Always" -> RestartPolicy.ALWAYS;
            default ->
                throw new InvalidInputException("--restart takes Never, OnFailure or Always, got \"" + word + "\"");
        };
    }

    /**
     * Deletes a pod and prints that it did.
     *
     * @param call the invocation
     */
    void remove(Invocation call) {
        Arguments a = call.arguments();
        String provider = a.get("provider");
        String name = a.get("pod");
        String ns = a.option("-n", "default");
        pods.call(provider, p -> {
            p.deletePod(ns, name);
            return null;
        });
        call.out().println("Pod " + ns + "/" + name + " deleted from " + provider + ".");
    }

    /**
     * Copies a container's log to the output; with {@code --follow}, until the container ends.
     *
     * @param call the invocation
     */
    void logs(Invocation call) {
        Arguments a = call.arguments();
        String provider = a.get("provider");
        String pod = a.get("pod");
        String ns = a.option("-n", "default");
        String container = a.get("container", () -> pod);
        LogOptions.Builder o = LogOptions.builder().follow(a.flag("--follow"));
        if (a.option("--tail", null) != null) {
            o.tail(a.number("--tail", 0));
        }
        LogOptions options = o.build();
        // The stream is read inside the call, so a provider that leaves waits for a follow to end.
        pods.call(provider, p -> {
            try (InputStream in = p.getContainerLogs(ns, pod, container, options)) {
                in.transferTo(call.out());
                call.out().flush();
            } catch (IOException e) {
                throw new UnavailableException("reading the logs failed: " + e.getMessage(), e);
            }
            return null;
        });
    }

    /**
     * Runs the command line in a container, its input the session's (a pipe's in Gogo, {@code -c}'s stdin), its output
     * and errors on the session's, and leaves its exit code as the session's status.
     *
     * @param call the invocation
     */
    void exec(Invocation call) {
        Arguments a = call.arguments();
        String ns = a.option("-n", "default");
        ExecIO io = new ExecIO(input(call), call.out(), call.err(), false);
        int code = pods.call(
                a.get("provider"), p -> p.runInContainer(ns, a.get("pod"), a.get("container"), a.commandLine(), io));
        call.out().flush();
        call.exitStatus(code);
    }

    // The statement's own input, taken on the command's thread: Gogo points System.in at it only for this thread, and
    // the provider reads it on a thread of its own. Null (no input) where no session runs the command.
    private static InputStream input(Invocation call) {
        org.apache.felix.service.command.Process process = org.apache.felix.service.command.Process.Utils.current();
        if (process != null) {
            return process.in();
        }
        return call.session() == null ? null : call.session().getKeyboard();
    }

    private static String word(String enumName) {
        StringBuilder b = new StringBuilder();
        for (String part : enumName.split("_")) {
            b.append(part.charAt(0)).append(part.substring(1).toLowerCase(Locale.ROOT));
        }
        return b.toString();
    }
}
