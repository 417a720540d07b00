package dev.orchard.provider.kubernetes.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.NodeCondition;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.StatsSummary;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.PodMetricsListBuilder;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The node a provider offers, container logs through the pods/log API, and stats from the metrics API. */
class NodeLogsAndStatsTest {
    private final Cluster cluster = new Cluster();

    @AfterEach
    void close() {
        cluster.close();
    }

    private void node(String name, String cpu, String memory, String pods, boolean ready, String region) {
        Map<String, Quantity> capacity =
                Map.of("cpu", new Quantity(cpu), "memory", new Quantity(memory), "pods", new Quantity(pods));
        cluster.api
                .client()
                .nodes()
                .resource(new NodeBuilder()
                        .withNewMetadata()
                        .withName(name)
                        .withLabels(Map.of("topology.kubernetes.io/region", region))
                        .endMetadata()
                        .withNewStatus()
                        .withCapacity(capacity)
                        .withAllocatable(capacity)
                        .addNewCondition()
                        .withType("Ready")
                        .withStatus(ready ? "True" : "False")
                        .endCondition()
                        .endStatus()
                        .build())
                .create();
    }

    @Test
    void theNodeSumsTheReadyNodesAndIsNotReadyWhileTheServerIsAway() {
        node("a", "4", "8Gi", "110", true, "eu-west-1");
        node("b", "2500m", "4Gi", "50", true, "eu-west-1");
        node("c", "64", "256Gi", "500", false, "eu-west-1");
        Node node = cluster.pods.configureNode(Node.named("virtual-node"));
        assertEquals("virtual-node", node.name());
        assertEquals(new Resources(6_500, 12L << 30, 160), node.capacity(), "the Ready nodes only");
        assertEquals("eu-west-1", node.labels().get("topology.kubernetes.io/region"));
        assertEquals("eu-west-1", cluster.node.region());
        NodeCondition ready = node.conditions().get(0);
        assertTrue(ready.status());

        cluster.api.stop();
        Node away = cluster.pods.configureNode(Node.named("virtual-node"));
        NodeCondition notReady = away.conditions().get(0);
        assertEquals("Ready", notReady.type());
        assertFalse(notReady.status(), "False while the API server cannot be reached");
        assertEquals("ClusterUnreachable", notReady.reason());
        assertEquals(node.capacity(), away.capacity(), "the last sums stand");
    }

    @Test
    void logsMapEveryOptionToThePodsLogApi() throws Exception {
        cluster.pods.createPod(PodsTest.pod("prod", "web"));
        cluster.run("prod", "web");
        Cluster.await("Running", () -> cluster.pods.getPodStatus("prod", "web").phase() == PodPhase.RUNNING);
        cluster.api
                .mock()
                .expect()
                .get()
                .withPath("/api/v1/namespaces/orchard-prod/pods/web/log?container=web&tailLines=2&limitBytes=100"
                        + "&timestamps=true&sinceSeconds=60")
                .andReturn(200, "b\nc\n")
                .always();
        cluster.api
                .mock()
                .expect()
                .get()
                .withPath("/api/v1/namespaces/orchard-prod/pods/web/log?container=web&follow=true"
                        + "&sinceTime=2024-05-01T12%3A00%3A00Z")
                .andReturn(200, "followed\n")
                .always();
        LogOptions some = LogOptions.builder()
                .tail(2)
                .limitBytes(100)
                .timestamps(true)
                .sinceSeconds(60)
                .build();
        assertEquals("b\nc\n", read(cluster.pods.getContainerLogs("prod", "web", "web", some)));
        LogOptions follow = LogOptions.builder()
                .follow(true)
                .sinceTime(Instant.parse("2024-05-01T12:00:00Z"))
                .build();
        assertEquals("followed\n", read(cluster.pods.getContainerLogs("prod", "web", "web", follow)));
        NotFoundException previous = assertThrows(
                NotFoundException.class,
                () -> cluster.pods.getContainerLogs(
                        "prod",
                        "web",
                        "web",
                        LogOptions.builder().previous(true).build()));
        assertTrue(previous.getMessage().contains("never restarted"), previous.getMessage());
    }

    @Test
    void statsComeFromTheMetricsApiOrAreUnsupportedWithTheReason() {
        cluster.pods.createPod(PodsTest.pod("prod", "web"));
        cluster.run("prod", "web");
        Cluster.await("Running", () -> cluster.pods.getPodStatus("prod", "web").phase() == PodPhase.RUNNING);
        // A cluster without metrics-server has no metrics.k8s.io group: 404 (the CRUD mock itself answers an empty
        // list).
        cluster.api
                .mock()
                .expect()
                .get()
                .withPath("/apis/metrics.k8s.io/v1beta1/namespaces/orchard-prod/pods")
                .andReturn(404, "404 page not found\n")
                .once();
        UnsupportedException none = assertThrows(UnsupportedException.class, cluster.pods::getStatsSummary);
        assertTrue(none.getMessage().contains("serves no metrics API (metrics.k8s.io)"), none.getMessage());

        cluster.api
                .mock()
                .expect()
                .get()
                .withPath("/apis/metrics.k8s.io/v1beta1/namespaces/orchard-prod/pods")
                .andReturn(
                        200,
                        new PodMetricsListBuilder()
                                .addNewItem()
                                .withNewMetadata()
                                .withName("web")
                                .withNamespace("orchard-prod")
                                .endMetadata()
                                .addNewContainer()
                                .withName("web")
                                .withUsage(Map.of("cpu", new Quantity("250m"), "memory", new Quantity("64Mi")))
                                .endContainer()
                                .endItem()
                                .build())
                .always();
        StatsSummary stats = cluster.pods.getStatsSummary();
        assertEquals(1, stats.pods().size());
        var web = stats.pods().get(0);
        assertEquals("prod", web.namespace());
        assertEquals(250_000_000L, web.containers().get(0).cpuUsageNanoCores());
        assertEquals(64L << 20, web.containers().get(0).memoryWorkingSetBytes());
    }

    private static String read(InputStream in) throws Exception {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
