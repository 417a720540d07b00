package dev.orchard.kubelet.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.provider.RecordingBundleContext;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.mock.internal.MockFactoryComponent;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The bridge against kubernetes-server-mock, over the mock provider, with the registry's own core between them:
 * node and lease, pods bound to the node carried to the provider and their status back, deletes, the provider's
 * absence, a swap under 20 running pods, and reconciliation at start.
 */
class BridgeTest {
    private static final String NODE = "orchard-node";
    private static final String NS = "default";

    private final ApiServer server = new ApiServer();
    private final TestRegistry registry = new TestRegistry();
    private final List<Bridge> bridges = new ArrayList<>();

    @AfterEach
    void stop() {
        bridges.forEach(Bridge::close);
        server.close();
    }

    private static PodProvider mockProvider() {
        RecordingBundleContext framework = new RecordingBundleContext();
        new MockFactoryComponent(
                framework.context(),
                Map.of("service.pid", "dev.orchard.provider.mock~mock", "name", "mock", "max.pods", "50"));
        return (PodProvider) framework.only(PodProvider.class).service();
    }

    private Bridge bridge(String... more) {
        Map<String, Object> properties = new java.util.HashMap<>(Map.of(
                "service.pid", "dev.orchard.kubelet~" + NODE,
                "provider", "mock",
                "node.labels", "zone=lab",
                "lease.interval.ms", "200",
                "status.interval.ms", "200"));
        for (int i = 0; i < more.length; i += 2) {
            properties.put(more[i], more[i + 1]);
        }
        ProviderConfiguration config = ProviderConfiguration.of(properties, KubeletConfiguration.class, "")
                .requireKnownKeys();
        Bridge b = new Bridge(
                BridgeSettings.from(config, "local"),
                new ClusterClient(server.settings()),
                registry,
                Clock.systemUTC());
        bridges.add(b);
        return b;
    }

    private void createInServer(String name, String node) {
        server.client()
                .pods()
                .inNamespace(NS)
                .resource(new PodBuilder()
                        .withNewMetadata()
                        .withName(name)
                        .withNamespace(NS)
                        .endMetadata()
                        .withNewSpec()
                        .withNodeName(node)
                        .addNewContainer()
                        .withName("main")
                        .withImage("busybox")
                        .withCommand("sleep", "3600")
                        .endContainer()
                        .endSpec()
                        .build())
                .create();
    }

    private String phaseInServer(String name) {
        var pod = server.client().pods().inNamespace(NS).withName(name).get();
        return pod == null || pod.getStatus() == null ? null : pod.getStatus().getPhase();
    }

    private static boolean has(PodProvider provider, String name) {
        try {
            provider.getPod(NS, name);
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }

    private String ready() {
        var node = server.client().nodes().withName(NODE).get();
        if (node == null || node.getStatus() == null || node.getStatus().getConditions() == null) {
            return null;
        }
        return node.getStatus().getConditions().stream()
                .filter(c -> c.getType().equals("Ready"))
                .map(c -> c.getStatus())
                .findFirst()
                .orElse(null);
    }

    @Test
    void theNodeIsRegisteredWithItsLabelsAndTaintAndItsLeaseIsRenewed() {
        registry.add("mock", 0, mockProvider());
        bridge();

        Await.until("the node to be Ready", () -> "True".equals(ready()));
        var node = server.client().nodes().withName(NODE).get();
        Map<String, String> labels = node.getMetadata().getLabels();
        assertEquals("virtual-kubelet", labels.get("type"));
        assertEquals("agent", labels.get("kubernetes.io/role"));
        assertEquals("lab", labels.get("zone"));
        var taint = node.getSpec().getTaints().get(0);
        assertEquals("virtual-kubelet.io/provider", taint.getKey());
        assertEquals("mock", taint.getValue());
        assertEquals("NoSchedule", taint.getEffect());
        assertEquals("20", node.getStatus().getCapacity().get("cpu").getAmount(), "capacity from configureNode");

        Await.until("a lease", () -> lease() != null);
        var first = lease().getSpec().getRenewTime();
        assertEquals(NODE, lease().getSpec().getHolderIdentity());
        Await.until(
                "the lease to be renewed",
                () -> lease().getSpec().getRenewTime().isAfter(first));
    }

    @Test
    void afterTheApiServerComesBackThePodsAreReconciledAndTheLeaseRenewedAgain() {
        PodProvider mock = mockProvider();
        registry.add("mock", 0, mock);
        bridge();
        createInServer("web", NODE);
        Await.until("web Running in the server", () -> "Running".equals(phaseInServer("web")));

        server.stop();
        mock.deletePod(NS, "web"); // lost on the provider's side while the API server was away
        server.restart();

        Await.until("web to run again: the cluster is the source of truth", () -> has(mock, "web"));
        var before = lease().getSpec().getRenewTime();
        Await.until(
                "the lease to be renewed again",
                () -> lease().getSpec().getRenewTime().isAfter(before));
    }

    @Test
    void onStopTheNodeIsLeftNotReadyOrRemovedAsConfigured() {
        registry.add("mock", 0, mockProvider());
        Bridge kept = bridge();
        Await.until("Ready", () -> "True".equals(ready()));
        kept.close();
        bridges.remove(kept);
        assertEquals("False", ready(), "node.on.stop=not-ready leaves the node, NotReady");

        Bridge removed = bridge("node.on.stop", "remove");
        Await.until("Ready again", () -> "True".equals(ready()));
        removed.close();
        bridges.remove(removed);
        assertEquals(null, server.client().nodes().withName(NODE).get(), "node.on.stop=remove deletes the node");
    }

    private Lease lease() {
        return server.client()
                .leases()
                .inNamespace("kube-node-lease")
                .withName(NODE)
                .get();
    }

    @Test
    void aPodBoundToTheNodeRunsOnTheProviderAndItsStatusInTheServerBecomesRunning() {
        PodProvider mock = mockProvider();
        registry.add("mock", 0, mock);
        bridge();

        createInServer("web", NODE);
        createInServer("elsewhere", "another-node");

        Await.until("web to run on the provider", () -> has(mock, "web"));
        Await.until("web Running in the server", () -> "Running".equals(phaseInServer("web")));
        assertFalse(has(mock, "elsewhere"), "a pod bound to another node is not this bridge's");
        assertEquals(NODE, mock.getPod(NS, "web").spec().nodeName());
    }

    @Test
    void deletingAPodInTheServerDeletesItFromTheProviderAndTheObjectGoes() {
        PodProvider mock = mockProvider();
        registry.add("mock", 0, mock);
        bridge();
        createInServer("web", NODE);
        Await.until("web Running in the server", () -> "Running".equals(phaseInServer("web")));

        server.client().pods().inNamespace(NS).withName("web").delete();

        Await.until("web gone from the provider", () -> !has(mock, "web"));
        Await.until(
                "web gone from the server",
                () -> server.client().pods().inNamespace(NS).withName("web").get() == null);
    }

    @Test
    void theNodeIsNotReadyWhileTheProviderIsMissingAndReadyAndReconciledWhenOneIsBack() {
        var slot = registry.add("mock", 0, mockProvider());
        Bridge bridge = bridge();
        Await.until("Ready", () -> "True".equals(ready()));

        registry.remove(slot);
        Await.until("NotReady while no provider serves", () -> "False".equals(ready()));
        assertFalse(bridge.ready());
        createInServer("while-away", NODE);

        PodProvider back = mockProvider();
        registry.add("mock", 0, back);
        Await.until("Ready again", () -> "True".equals(ready()));
        Await.until("the pod created while away to run on the provider that came back", () -> has(back, "while-away"));
        Await.until("and Running in the server", () -> "Running".equals(phaseInServer("while-away")));
    }

    @Test
    void replacingTheProviderWhileTwentyPodsRunRecreatesNoneAndNoStatusGoesBack() {
        PodProvider mock = mockProvider();
        CountingPods before = new CountingPods(mock);
        registry.add("mock", 0, before);
        bridge();
        Map<String, List<String>> phases = new ConcurrentHashMap<>();
        var watch = server.client().pods().inNamespace(NS).watch(new Watcher<io.fabric8.kubernetes.api.model.Pod>() {
            @Override
            public void eventReceived(Action action, io.fabric8.kubernetes.api.model.Pod pod) {
                if (pod.getStatus() != null && pod.getStatus().getPhase() != null) {
                    phases.computeIfAbsent(pod.getMetadata().getName(), n -> new CopyOnWriteArrayList<>())
                            .add(pod.getStatus().getPhase());
                }
            }

            @Override
            public void onClose(WatcherException cause) {}
        });
        for (int i = 0; i < 20; i++) {
            createInServer("pod-" + i, NODE);
        }
        Await.until("20 pods Running", () -> runningCount() == 20, () -> phases.toString());

        // The same pods, now served by a higher ranked registration: a provider bundle replaced by its next version.
        CountingPods after = new CountingPods(mock);
        registry.add("mock", 10, after);
        Await.until(
                "the swap to reach the bridge",
                () -> !registry.candidates("mock").isEmpty()
                        && registry.candidates("mock").get(0).ranking() == 10);
        // Pushed statuses and a reconcile go through the new provider; give them a few status intervals.
        createInServer("after-swap", NODE);
        Await.until("a pod created after the swap to run", () -> "Running".equals(phaseInServer("after-swap")));
        watch.close();

        assertEquals(1, after.creates.get(), "only the new pod is created on the new provider: " + after.creates);
        assertEquals(20, before.creates.get());
        assertEquals(0, before.deletes.get() + after.deletes.get(), "no pod deleted");
        assertEquals(20, runningCount() - 1, "all 20 still Running");
        phases.forEach((name, seen) -> {
            int running = seen.indexOf("Running");
            assertTrue(
                    running < 0 || seen.subList(running, seen.size()).stream().allMatch("Running"::equals),
                    "status of " + name + " went back: " + seen);
        });
    }

    private long runningCount() {
        return server.client().pods().inNamespace(NS).list().getItems().stream()
                .filter(p ->
                        p.getStatus() != null && "Running".equals(p.getStatus().getPhase()))
                .count();
    }

    @Test
    void aRestartedBridgeCreatesNoPodTheProviderHasAndRewritesNoStatusTheServerReads() {
        CountingPods mock = new CountingPods(mockProvider());
        registry.add("mock", 0, mock);
        Bridge first = bridge();
        List<String> names = List.of("a", "b", "c", "d", "e");
        names.forEach(n -> createInServer(n, NODE));
        Await.until("5 pods Running", () -> runningCount() == 5);
        first.close();
        bridges.remove(first);
        long writes = names.stream().mapToLong(this::statusWrites).sum();

        bridge();
        createInServer("after-restart", NODE);

        Await.until("a pod created after the restart to run", () -> "Running".equals(phaseInServer("after-restart")));
        assertEquals(6, mock.creates.get(), "only the new pod is created: " + mock.creates);
        assertEquals(writes, names.stream().mapToLong(this::statusWrites).sum(), "no status written again");
        assertEquals(1, statusWrites("after-restart"));
        assertEquals(6, runningCount());
    }

    private long statusWrites(String pod) {
        return server.requests("PATCH", "/api/v1/namespaces/" + NS + "/pods/" + pod + "/status");
    }

    @Test
    void atStartPodsAreReconciledBothWaysWithTheClusterAsTheSourceOfTruth() {
        PodProvider mock = mockProvider();
        registry.add("mock", 0, mock);
        // Left on the provider by a bridge that stopped before its pod was deleted from the server.
        Pod orphan = new Pod(
                new ObjectMeta("orphan", NS, "", Map.of("orchard.dev/kubelet-node", NODE), Map.of(), null),
                PodSpec.of(Container.of("main", "busybox", "sleep", "3600")),
                PodStatus.NONE);
        mock.createPod(orphan);
        // Someone else's pod on the same provider (the shell's, say): not the bridge's to delete.
        mock.createPod(Pod.of(NS, "not-mine", PodSpec.of(Container.of("main", "busybox"))));
        // Created in the server while the bridge was down.
        createInServer("missed", NODE);

        bridge();

        Await.until("the missed pod to run", () -> has(mock, "missed"));
        Await.until("the orphan to be deleted", () -> !has(mock, "orphan"));
        assertTrue(has(mock, "not-mine"), "a pod the bridge did not make stays");
    }
}
