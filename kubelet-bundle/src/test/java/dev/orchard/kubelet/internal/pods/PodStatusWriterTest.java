package dev.orchard.kubelet.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.kubelet.internal.ApiServer;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The requests a status write makes: one PATCH that replaces the status whole, none for a status the server already
 * reads when the bridge starts, none for a status that goes back.
 */
class PodStatusWriterTest {
    private static final NamespacedName WEB = new NamespacedName("default", "web");
    private static final String POD_PATH = "/api/v1/namespaces/default/pods/web";
    private static final String STATUS_PATH = POD_PATH + "/status";
    private static final Instant STARTED = Instant.parse("2026-12-03T10:15:30.123456789Z");

    private final ApiServer server = new ApiServer();
    private final ClusterClient cluster = new ClusterClient(server.settings());
    // The informer's cache as the writer sees it: refreshed by the test, so that it can also be stale.
    private final AtomicReference<Pod> cache = new AtomicReference<>();

    @BeforeEach
    void createPod() {
        server.client()
                .pods()
                .inNamespace("default")
                .resource(new PodBuilder()
                        .withNewMetadata()
                        .withName("web")
                        .withNamespace("default")
                        .endMetadata()
                        .withNewSpec()
                        .addNewContainer()
                        .withName("main")
                        .withImage("busybox")
                        .endContainer()
                        .endSpec()
                        .build())
                .create();
        refresh();
    }

    @AfterEach
    void stop() {
        cluster.close();
        server.close();
    }

    private void refresh() {
        cache.set(server.client().pods().inNamespace("default").withName("web").get());
    }

    private PodStatusWriter writer() {
        return new PodStatusWriter(cluster, key -> key.equals(WEB) ? cache.get() : null);
    }

    private static PodStatus status(PodPhase phase, String reason) {
        return new PodStatus(
                phase, reason, reason.isEmpty() ? "" : "because", "10.0.0.1", "10.0.0.2", STARTED, List.of());
    }

    private io.fabric8.kubernetes.api.model.PodStatus inServer() {
        return server.client()
                .pods()
                .inNamespace("default")
                .withName("web")
                .get()
                .getStatus();
    }

    @Test
    void aStatusIsOnePatchWithNoGetAndReplacesTheStatusWhole() {
        PodStatusWriter writer = writer();
        long gets = server.requests("GET", POD_PATH);

        writer.write(WEB, status(PodPhase.PENDING, "ContainerCreating"));
        refresh();
        assertEquals("ContainerCreating", inServer().getReason());
        writer.write(WEB, status(PodPhase.RUNNING, ""));

        assertEquals(2, server.requests("PATCH", STATUS_PATH), "one request per status");
        assertEquals(gets + 2, server.requests("GET", POD_PATH), "the test's own two reads only");
        var written = inServer();
        assertEquals("Running", written.getPhase());
        assertNull(written.getReason(), "a field the new status lacks is removed, not merged");
        assertNull(written.getMessage());
        assertEquals("2026-12-03T10:15:30Z", written.getStartTime(), "whole seconds, as an API server keeps them");
    }

    @Test
    void aRestartedWriterWritesNoStatusTheServerAlreadyReadsButWritesEachChangeAfterItsFirst() {
        writer().write(WEB, status(PodPhase.RUNNING, ""));
        refresh();
        assertEquals(1, server.requests("PATCH", STATUS_PATH));

        PodStatusWriter restarted = writer();
        restarted.write(WEB, status(PodPhase.RUNNING, ""));
        assertEquals(1, server.requests("PATCH", STATUS_PATH), "the server reads it already: not written again");

        restarted.write(WEB, status(PodPhase.RUNNING, "Degraded"));
        assertEquals(2, server.requests("PATCH", STATUS_PATH));
        assertEquals("Degraded", inServer().getReason());
        // The cache still shows the first status, as an informer may a moment after a write: once the writer has
        // written, a cache equal to the status is no proof that the server reads it.
        restarted.write(WEB, status(PodPhase.RUNNING, ""));
        assertEquals(3, server.requests("PATCH", STATUS_PATH));
        assertNull(inServer().getReason());
    }

    @Test
    void aStatusBehindTheServersIsHeldBack() {
        PodStatusWriter writer = writer();
        writer.write(WEB, status(PodPhase.RUNNING, ""));
        refresh();

        writer.write(WEB, status(PodPhase.PENDING, "ContainerCreating"));

        assertEquals(1, server.requests("PATCH", STATUS_PATH));
        assertEquals("Running", inServer().getPhase());
    }
}
