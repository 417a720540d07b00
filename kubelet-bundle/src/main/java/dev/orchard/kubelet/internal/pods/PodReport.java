package dev.orchard.kubelet.internal.pods;

import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.Pod;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.List;
import java.util.Map;

/**
 * The pods a provider runs for one node, as Kubernetes pods: those carrying the bridge's node label, with their
 * metadata, containers (name and image), node name and status as the bridge writes statuses to the API server.
 * What the kubelet API's {@code /pods} answers.
 */
public final class PodReport {
    private PodReport() {}

    /**
     * The node's pods among a provider's.
     *
     * @param provided every pod the provider reports
     * @param node the bridge's node name
     * @return the node's pods, in the provider's order
     */
    public static List<io.fabric8.kubernetes.api.model.Pod> of(List<Pod> provided, String node) {
        return provided.stream()
                .filter(p -> node.equals(p.metadata().labels().get(PodTranslation.NODE_LABEL)))
                .map(p -> toKubernetes(p, node))
                .toList();
    }

    private static io.fabric8.kubernetes.api.model.Pod toKubernetes(Pod pod, String node) {
        Map<String, String> labels = pod.metadata().labels();
        List<io.fabric8.kubernetes.api.model.Container> containers =
                pod.spec().containers().stream().map(PodReport::container).toList();
        return new PodBuilder()
                .withNewMetadata()
                .withName(pod.name())
                .withNamespace(pod.namespace())
                .withUid(pod.metadata().uid().isEmpty() ? null : pod.metadata().uid())
                .withLabels(labels.isEmpty() ? null : labels)
                .endMetadata()
                .withNewSpec()
                .withNodeName(node)
                .withContainers(containers)
                .endSpec()
                .withStatus(PodTranslation.toKubernetes(pod.status()))
                .build();
    }

    private static io.fabric8.kubernetes.api.model.Container container(Container c) {
        return new ContainerBuilder().withName(c.name()).withImage(c.image()).build();
    }
}
