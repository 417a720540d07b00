package dev.orchard.kubelet.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.provider.RecordingBundleContext;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.local.internal.LocalProviderComponent;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pod bound to the bridge's node runs on the local provider as a real process, and a delete ends it. */
class LocalPodTest {
    private static final String NODE = "local-node";
    private static final String NS = "default";

    @TempDir
    Path dir;

    @Test
    void aPodBoundToTheNodeRunsAsAProcessAndItsDeleteEndsItAndRemovesTheObject() throws IOException {
        RecordingBundleContext framework = new RecordingBundleContext();
        new LocalProviderComponent(
                framework.context(),
                Map.of(
                        "volume.root", dir.resolve("volumes").toString(),
                        "sandbox.root", dir.resolve("pods").toString()));
        PodProvider local = (PodProvider) framework.only(PodProvider.class).service();
        TestRegistry registry = new TestRegistry();
        registry.add("local", 0, local);
        Path pidFile = dir.resolve("pid");
        try (ApiServer server = new ApiServer();
                Bridge bridge = new Bridge(
                        BridgeSettings.from(
                                ProviderConfiguration.of(
                                        Map.of(
                                                "node.name", NODE,
                                                "provider", "local",
                                                "lease.interval.ms", "200",
                                                "status.interval.ms", "200"),
                                        KubeletConfiguration.class,
                                        ""),
                                "local"),
                        new ClusterClient(server.settings()),
                        registry,
                        Clock.systemUTC())) {
            server.client()
                    .pods()
                    .inNamespace(NS)
                    .resource(new PodBuilder()
                            .withNewMetadata()
                            .withName("sleeper")
                            .withNamespace(NS)
                            .endMetadata()
                            .withNewSpec()
                            .withNodeName(NODE)
                            .withTerminationGracePeriodSeconds(1L)
                            .addNewContainer()
                            .withName("main")
                            .withImage("busybox")
                            .withCommand("sh", "-c", "echo $$ > " + pidFile + "; exec sleep 3600")
                            .endContainer()
                            .endSpec()
                            .build())
                    .create();

            Await.until(
                    "the process to start",
                    () -> Files.isRegularFile(pidFile) && pid(pidFile).isPresent());
            ProcessHandle process = ProcessHandle.of(pid(pidFile).orElseThrow()).orElseThrow();
            assertTrue(process.isAlive());
            Await.until("Running in the server", () -> "Running".equals(phase(server)));
            var status = server.client()
                    .pods()
                    .inNamespace(NS)
                    .withName("sleeper")
                    .get()
                    .getStatus();
            assertEquals("main", status.getContainerStatuses().get(0).getName());
            assertTrue(status.getContainerStatuses().get(0).getState().getRunning() != null);

            server.client().pods().inNamespace(NS).withName("sleeper").delete();

            Await.until("the process to end", () -> !process.isAlive());
            Await.until(
                    "the object to go",
                    () -> server.client()
                                    .pods()
                                    .inNamespace(NS)
                                    .withName("sleeper")
                                    .get()
                            == null);
        }
    }

    private static String phase(ApiServer server) {
        var pod = server.client().pods().inNamespace(NS).withName("sleeper").get();
        return pod == null || pod.getStatus() == null ? null : pod.getStatus().getPhase();
    }

    private static Optional<Long> pid(Path file) {
        try {
            String text = Files.readString(file).trim();
            return text.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(text));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }
}
