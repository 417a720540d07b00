package dev.orchard.kubelet.internal.pods;

import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodCondition;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.provider.kubernetes.mapping.PodManifest;
import dev.orchard.provider.kubernetes.mapping.Timestamps;
import io.fabric8.kubernetes.api.model.ContainerStateBuilder;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A cluster's pod as the Orchard pod the provider runs, and the provider's status back as the cluster's, through
 * the Kubernetes provider's pod mapping. The Orchard pod carries a label naming the bridge's node, so that the
 * bridge knows, among a provider's pods, those it put there.
 */
final class PodTranslation {
    /** The label on every Orchard pod the bridge creates: its value is the node's name. */
    static final String NODE_LABEL = "orchard.dev/kubelet-node";

    private PodTranslation() {}

    /**
     * The Orchard pod of a cluster pod bound to the node.
     *
     * @param pod the cluster's pod
     * @param node the bridge's node name
     * @return the Orchard pod, with no status
     * @throws dev.orchard.api.error.InvalidInputException if the pod uses what Orchard's pod model cannot hold
     */
    static Pod toOrchard(io.fabric8.kubernetes.api.model.Pod pod, String node) {
        var m = pod.getMetadata();
        Map<String, String> labels = new HashMap<>(m.getLabels() == null ? Map.of() : m.getLabels());
        labels.put(NODE_LABEL, node);
        ObjectMeta meta = new ObjectMeta(
                m.getName(),
                m.getNamespace(),
                m.getUid(),
                labels,
                m.getAnnotations() == null ? Map.of() : m.getAnnotations(),
                Timestamps.parse("creationTimestamp", m.getCreationTimestamp()));
        PodSpec s = PodManifest.spec(pod);
        // The mapping reads the offloading provider's node annotation; here the node is the pod's own spec.nodeName.
        PodSpec spec = new PodSpec(
                s.containers(),
                s.volumes(),
                s.restartPolicy(),
                s.terminationGracePeriodSeconds(),
                pod.getSpec().getNodeName(),
                s.initContainers(),
                s.nodeSelector(),
                s.tolerations());
        return new Pod(meta, spec, PodStatus.NONE);
    }

    /**
     * The key of a cluster pod.
     *
     * @param pod the pod
     * @return its namespace and name
     */
    static NamespacedName key(io.fabric8.kubernetes.api.model.Pod pod) {
        return new NamespacedName(
                pod.getMetadata().getNamespace(), pod.getMetadata().getName());
    }

    /**
     * The cluster's status of what the provider reports.
     *
     * @param status the provider's status
     * @return the status to write through the status subresource
     */
    static io.fabric8.kubernetes.api.model.PodStatus toKubernetes(PodStatus status) {
        PodStatusBuilder b = new PodStatusBuilder()
                .withPhase(phase(status.phase()))
                .withReason(blankToNull(status.reason()))
                .withMessage(blankToNull(status.message()))
                .withHostIP(blankToNull(status.hostIp()))
                .withPodIP(blankToNull(status.podIp()))
                .withStartTime(time(status.startTime()));
        for (PodCondition c : status.conditions()) {
            b.addToConditions(new PodConditionBuilder()
                    .withType(c.type())
                    .withStatus(c.status() ? "True" : "False")
                    .withReason(blankToNull(c.reason()))
                    .withMessage(blankToNull(c.message()))
                    .withLastTransitionTime(time(c.lastTransitionTime()))
                    .build());
        }
        b.withContainerStatuses(containers(status.containerStatuses()));
        b.withInitContainerStatuses(containers(status.initContainerStatuses()));
        return b.build();
    }

    /**
     * The phase as Kubernetes names it.
     *
     * @param phase the phase
     * @return Pending, Running, Succeeded, Failed or Unknown
     */
    static String phase(PodPhase phase) {
        return switch (phase) {
            case PENDING -> "Pending";
            case RUNNING -> "Running";
            case SUCCEEDED -> "Succeeded";
            case FAILED -> "Failed";
            case UNKNOWN -> "Unknown";
        };
    }

    private static List<io.fabric8.kubernetes.api.model.ContainerStatus> containers(List<ContainerStatus> statuses) {
        return statuses.stream().map(PodTranslation::container).toList();
    }

    private static io.fabric8.kubernetes.api.model.ContainerStatus container(ContainerStatus c) {
        ContainerStateBuilder state = new ContainerStateBuilder();
        if (c.state() == ContainerState.RUNNING) {
            state.withNewRunning().withStartedAt(time(c.startedAt())).endRunning();
        } else if (c.state() == ContainerState.TERMINATED) {
            state.withNewTerminated()
                    .withExitCode(c.exitCode() == null ? 0 : c.exitCode())
                    .withReason(blankToNull(c.reason()))
                    .withMessage(blankToNull(c.message()))
                    .withStartedAt(time(c.startedAt()))
                    .withFinishedAt(time(c.finishedAt()))
                    .endTerminated();
        } else {
            state.withNewWaiting()
                    .withReason(blankToNull(c.reason()))
                    .withMessage(blankToNull(c.message()))
                    .endWaiting();
        }
        return new ContainerStatusBuilder()
                .withName(c.name())
                .withImage(c.image())
                .withReady(c.ready())
                .withRestartCount(c.restartCount())
                .withState(state.build())
                .build();
    }

    // Whole seconds, as a kubelet writes them and an API server keeps them (metav1.Time is RFC 3339 to the second):
    // a status read back from the server is then equal to the one written, and a restarted bridge need not
    // rewrite it.
    private static String time(Instant t) {
        return t == null ? null : t.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    private static String blankToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
