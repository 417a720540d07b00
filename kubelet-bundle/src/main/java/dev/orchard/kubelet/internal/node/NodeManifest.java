package dev.orchard.kubelet.internal.node;

import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.NodeAddress;
import dev.orchard.api.pod.NodeCondition;
import dev.orchard.api.pod.Resources;
import dev.orchard.kubelet.internal.BridgeSettings;
import dev.orchard.provider.kubernetes.mapping.Quantities;
import io.fabric8.kubernetes.api.model.DaemonEndpoint;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.api.model.NodeDaemonEndpoints;
import io.fabric8.kubernetes.api.model.NodeStatus;
import io.fabric8.kubernetes.api.model.NodeStatusBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bridge's Node object as Kubernetes holds it: name, labels and taints from the bridge's settings, and a status
 * from what the provider's {@code configureNode} says, with a Ready condition that follows the provider's presence.
 */
final class NodeManifest {
    /** The kubelet version the node reports, as virtual-kubelet reports its own. */
    static final String KUBELET_VERSION = "v1.30.0-orchard";

    private NodeManifest() {}

    /**
     * The node before the provider has said anything about it: what {@code configureNode} is given.
     *
     * @param settings the bridge's settings
     * @return the Orchard node
     */
    static Node base(BridgeSettings settings) {
        return new Node(
                settings.nodeName(),
                settings.labels(),
                Resources.NONE,
                Resources.NONE,
                List.of(),
                List.of(),
                "linux",
                "amd64");
    }

    /**
     * The Kubernetes node: metadata and spec; its status comes apart through the status subresource.
     *
     * @param settings the bridge's settings
     * @param node what the provider made of the node
     * @param ready whether the provider is present
     * @param kubeletPort the kubelet API's port; 0 for none known
     * @return the node, with its status
     */
    static io.fabric8.kubernetes.api.model.Node toKubernetes(
            BridgeSettings settings, Node node, boolean ready, int kubeletPort) {
        Map<String, String> labels = new LinkedHashMap<>(node.labels());
        labels.putAll(settings.labels()); // the bridge's own labels win: the scheduler selects by them
        List<Taint> taints = new ArrayList<>();
        for (BridgeSettings.Taint t : settings.taints()) {
            taints.add(new Taint(
                    BridgeSettings.effectName(t.effect()),
                    t.key(),
                    null,
                    t.value().isEmpty() ? null : t.value()));
        }
        return new NodeBuilder()
                .withNewMetadata()
                .withName(settings.nodeName())
                .withLabels(labels)
                .endMetadata()
                .withNewSpec()
                .withTaints(taints)
                .endSpec()
                .withStatus(status(node, ready, Instant.now(), kubeletPort))
                .build();
    }

    /**
     * The node's status: capacity, allocatable, addresses, system info, and the conditions, with Ready set as told.
     *
     * @param node what the provider made of the node
     * @param ready whether the provider is present
     * @param now the heartbeat time
     * @param kubeletPort the kubelet API's port, which the API server calls for logs and exec; 0 for none known
     * @return the status
     */
    static NodeStatus status(Node node, boolean ready, Instant now, int kubeletPort) {
        String at = now.toString();
        NodeStatusBuilder b = new NodeStatusBuilder()
                .withCapacity(quantities(node.capacity()))
                .withAllocatable(quantities(node.allocatable()))
                .withNewNodeInfo()
                .withOperatingSystem(node.operatingSystem())
                .withArchitecture(node.architecture())
                .withKubeletVersion(KUBELET_VERSION)
                .endNodeInfo();
        if (kubeletPort > 0) {
            b.withDaemonEndpoints(new NodeDaemonEndpoints(new DaemonEndpoint(kubeletPort)));
        }
        for (NodeAddress a : node.addresses()) {
            b.addNewAddress(a.address(), a.type());
        }
        b.addToConditions(new NodeConditionBuilder()
                .withType("Ready")
                .withStatus(ready ? "True" : "False")
                .withReason(ready ? "KubeletReady" : "ProviderMissing")
                .withMessage(ready ? "the pod provider serves" : "no pod provider serves the configured name")
                .withLastHeartbeatTime(at)
                .withLastTransitionTime(at)
                .build());
        for (NodeCondition c : node.conditions()) {
            if (!c.type().equals("Ready")) {
                b.addToConditions(new NodeConditionBuilder()
                        .withType(c.type())
                        .withStatus(c.status() ? "True" : "False")
                        .withReason(c.reason())
                        .withMessage(c.message())
                        .withLastHeartbeatTime(at)
                        .withLastTransitionTime(at)
                        .build());
            }
        }
        return b.build();
    }

    private static Map<String, Quantity> quantities(Resources r) {
        Map<String, Quantity> out = new LinkedHashMap<>();
        out.put("cpu", Quantities.ofMillicores(r.cpuMillis()));
        out.put("memory", Quantities.ofBytes(r.memoryBytes()));
        out.put("pods", new Quantity(Long.toString(r.pods())));
        return out;
    }
}
