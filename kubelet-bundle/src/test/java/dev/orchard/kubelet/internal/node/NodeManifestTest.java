package dev.orchard.kubelet.internal.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.kubelet.internal.BridgeSettings;
import dev.orchard.kubelet.internal.KubeletConfiguration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The node's status names the kubelet API's port, where the API server calls for logs and exec. */
class NodeManifestTest {
    private static final BridgeSettings SETTINGS = BridgeSettings.from(
            ProviderConfiguration.of(Map.of("node.name", "edge-1", "provider", "mock"), KubeletConfiguration.class, ""),
            "mock");

    @Test
    void theKubeletPortIsTheNodesDaemonEndpoint() {
        var status = NodeManifest.status(NodeManifest.base(SETTINGS), true, Instant.now(), 10250);
        assertEquals(10250, status.getDaemonEndpoints().getKubeletEndpoint().getPort());
        var node = NodeManifest.toKubernetes(SETTINGS, NodeManifest.base(SETTINGS), true, 11250);
        assertEquals(
                11250,
                node.getStatus().getDaemonEndpoints().getKubeletEndpoint().getPort());
    }

    @Test
    void withoutAKubeletApiNoEndpointIsClaimed() {
        assertNull(NodeManifest.status(NodeManifest.base(SETTINGS), true, Instant.now(), 0)
                .getDaemonEndpoints());
    }
}
