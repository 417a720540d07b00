package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import java.io.File;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Kubernetes provider installed as a user installs it: the jars of its {@code target/deploy/} and a
 * {@code .cfg} copied into a running runtime's {@code deploy/}, with no restart, against fabric8's mock API server
 * on 127.0.0.1 (CRUD mode, an expectation for the log). The runtime jar itself holds no Kubernetes bundle.
 */
class KubernetesDeployEndToEndIT {
    private static final Map<String, String> ORIGIN = Map.of(
            "app.kubernetes.io/managed-by", "orchard",
            "orchard.dev/provider", "k8s",
            "orchard.dev/namespace", "default",
            "orchard.dev/name", "web");

    @TempDir
    Path folder;

    private KubernetesMockServer server;
    private KubernetesClient cluster;

    @BeforeEach
    void startApiServer() throws Exception {
        Map<ServerRequest, Queue<ServerResponse>> responses = new HashMap<>();
        server = new KubernetesMockServer(
                new Context(), new MockWebServer(), responses, new KubernetesMixedDispatcher(responses), false);
        server.start(InetAddress.getByName("127.0.0.1"), 0);
        Config config = new ConfigBuilder(Config.empty())
                .withAutoConfigure(false)
                .withMasterUrl(url())
                .build();
        cluster = new KubernetesClientBuilder().withConfig(config).build();
    }

    @AfterEach
    void stopApiServer() {
        cluster.close();
        server.shutdown();
    }

    private String url() {
        return "http://127.0.0.1:" + server.getPort() + "/";
    }

    @Test
    void theDeployFolderAndACfgAreTheWholeInstallation() throws Exception {
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            assertTrue(!orchard.run("lb").contains("io.fabric8"), "the runtime itself holds no fabric8 bundle");
            Path deploy = folder.resolve("deploy");
            for (Path jar : deployFolderJars()) {
                write(deploy.resolve(jar.getFileName().toString()), Files.readAllBytes(jar));
            }
            write(
                    deploy.resolve("dev.orchard.provider.kubernetes~k8s.cfg"),
                    ("master.url=" + url() + "\nrequest.timeout.ms=5000\n").getBytes(StandardCharsets.ISO_8859_1));
            await(
                    orchard,
                    "orchard:providers",
                    out -> row(out, "k8s", "orchestrator", "ACTIVE") && row(out, "k8s", "pod", "ACTIVE"));

            // orchard:volume-add creates the claim in the cluster.
            String added = orchard.run("orchard:volume-add k8s data 1Gi -n shop -l app=db");
            assertTrue(added.startsWith("Volume shop/data added to k8s: 1Gi"), added);
            PersistentVolumeClaim pvc = cluster.persistentVolumeClaims()
                    .inNamespace("orchard-shop")
                    .withName("data")
                    .get();
            assertNotNull(pvc, "the claim is in the cluster");
            assertEquals(
                    "1073741824",
                    pvc.getSpec().getResources().getRequests().get("storage").toString());
            assertEquals("db", pvc.getMetadata().getLabels().get("app"));
            String list = orchard.run("orchard:volumes k8s -n shop");
            assertTrue(list.lines().anyMatch(l -> l.matches("data\\s+shop\\s+1Gi\\s+1\\s+Pending\\s+app=db")), list);

            // orchard:pod-run makes a container without an image, which no cluster can run: refused, named.
            String imageless = orchard.runFailing("orchard:pod-run k8s web echo hello");
            assertTrue(
                    imageless.startsWith(
                            "InvalidInput: container \"web\" has no image; a Kubernetes cluster runs" + " images only"),
                    imageless);

            // With an image, orchard:pod-run creates the pod in the cluster; the status its kubelet writes shows in
            // orchard:pods, and orchard:logs prints what the API server returns.
            String created = orchard.run("orchard:pod-run --image nginx:1.27 k8s web echo hello");
            assertTrue(created.startsWith("Pod default/web created on k8s"), created);
            Pod inCluster = cluster.pods()
                    .inNamespace("orchard-default")
                    .withName("web")
                    .get();
            assertEquals(
                    "nginx:1.27", inCluster.getSpec().getContainers().get(0).getImage());
            assertEquals(
                    List.of("echo", "hello"),
                    inCluster.getSpec().getContainers().get(0).getCommand());
            assertTrue(
                    inCluster.getMetadata().getLabels().entrySet().containsAll(ORIGIN.entrySet()),
                    "marked with its origin: " + inCluster.getMetadata().getLabels());
            await(
                    orchard,
                    "orchard:pods k8s",
                    out -> out.lines().anyMatch(l -> l.matches("web\\s+default\\s+Pending.*")));
            running();
            await(
                    orchard,
                    "orchard:pods k8s",
                    out -> out.lines().anyMatch(l -> l.matches("web\\s+default\\s+Running.*")));
            server.expect()
                    .get()
                    .withPath("/api/v1/namespaces/orchard-default/pods/web/log?container=web")
                    .andReturn(200, "hello from the cluster\n")
                    .always();
            assertEquals("hello from the cluster", orchard.run("orchard:logs k8s web"));

            assertEquals("Volume shop/data removed from k8s.", orchard.run("orchard:volume-rm k8s data -n shop"));
            assertNull(cluster.persistentVolumeClaims()
                    .inNamespace("orchard-shop")
                    .withName("data")
                    .get());
            orchard.type("stop 0");
            assertEquals(0, orchard.waitFor(30));
        }
    }

    // The provider's deploy folder, beside its jar on the test's class path.
    private static List<Path> deployFolderJars() throws Exception {
        Path provider = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of)
                .filter(p -> p.getFileName().toString().startsWith("orchard-provider-kubernetes-"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("orchard-provider-kubernetes is not on the test's class path"));
        Path deploy = provider.resolveSibling("deploy");
        try (Stream<Path> jars = Files.list(deploy)) {
            List<Path> all =
                    jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
            assertTrue(all.size() > 20, "the deploy folder " + deploy + " holds the provider and fabric8: " + all);
            return all;
        }
    }

    // What the target cluster's kubelet writes once the container runs.
    private void running() {
        Pod p = cluster.pods().inNamespace("orchard-default").withName("web").get();
        p.setStatus(new PodStatusBuilder()
                .withPhase("Running")
                .withStartTime("2024-05-01T12:00:00Z")
                .withContainerStatuses(new ContainerStatusBuilder()
                        .withName("web")
                        .withImage("nginx:1.27")
                        .withReady(true)
                        .withRestartCount(0)
                        .withNewState()
                        .withNewRunning()
                        .withStartedAt("2024-05-01T12:00:00Z")
                        .endRunning()
                        .endState()
                        .build())
                .build());
        cluster.pods().inNamespace("orchard-default").resource(p).updateStatus();
    }

    // Writes a file into deploy/ whole: FileInstall never reads it half-written.
    private static void write(Path file, byte[] content) throws Exception {
        Files.createDirectories(file.getParent());
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.write(partial, content);
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    // Runs a command until its output matches: FileInstall polls deploy/, and the watch brings changes.
    private static String await(OrchardProcess orchard, String command, Predicate<String> condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String out;
        while (!condition.test(out = orchard.run(command))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(command + " never matched; last:\n" + out);
            }
            Thread.sleep(100);
        }
        return out;
    }

    private static boolean row(String providers, String name, String kind, String state) {
        return providers.lines().anyMatch(l -> l.matches(name + "\\s+" + kind + "\\s+" + state + "\\s.*"));
    }
}
