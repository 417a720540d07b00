package dev.orchard.benchmarks;

import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.kubelet.internal.Bridge;
import dev.orchard.kubelet.internal.BridgeSettings;
import dev.orchard.kubelet.internal.KubeletConfiguration;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.local.internal.LocalConfiguration;
import dev.orchard.provider.local.internal.LocalProvider;
import dev.orchard.testsupport.kubernetes.NodeNameDispatcher;
import dev.orchard.testsupport.registry.PlainPodRegistry;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The kubelet bridge's pod start, in this JVM, against fabric8's mock API server (CRUD mode, taught
 * {@code spec.nodeName}): from a pod written to the server until its status reads Running, through the bridge and
 * the local provider, beside a bare fabric8 client that does the same by hand ({@link BareKubelet}), alternately,
 * one observer timing both ({@link RunningWatch}). Then the bridge's scale on the mock provider
 * ({@link KubeletScaleBenchmark}). Medians; it asserts nothing.
 */
final class KubeletBenchmark {
    /** The namespace every benchmark pod is in. */
    static final String NS = "bench";

    /** How much of each is done: the full run, or one tiny pass that only checks it still runs. */
    record Sizes(int pods, int manyPods, int churn) {
        static final Sizes FULL = new Sizes(100, 500, 50);
        static final Sizes SMOKE = new Sizes(2, 10, 2);
    }

    private KubeletBenchmark() {}

    /**
     * Runs this part alone and prints its figures.
     *
     * @param args {@code --smoke} for one tiny pass
     * @throws Exception if the bridge, a provider or the server fails
     */
    public static void main(String[] args) throws Exception {
        run(List.of(args).contains("--smoke")).forEach((k, v) -> System.out.printf(Locale.ROOT, "%s=%.4f%n", k, v));
    }

    /**
     * Measures the kubelet bridge.
     *
     * @param smoke true for one tiny pass, which measures nothing
     * @return the figures, keyed as results.properties names them ({@code kubelet.*})
     * @throws Exception if the bridge, a provider or the server fails
     */
    static Map<String, Double> run(boolean smoke) throws Exception {
        Sizes sizes = smoke ? Sizes.SMOKE : Sizes.FULL;
        Map<String, Double> out = new TreeMap<>();
        try (BenchApiServer server = new BenchApiServer(new HashMap<>(), NodeNameDispatcher.create());
                KubernetesClient observer = server.client();
                RunningWatch watch = new RunningWatch(observer, NS)) {
            podRunning(server, observer, watch, sizes, out);
            KubeletScaleBenchmark.run(server, observer, watch, sizes, out);
        }
        return out;
    }

    // Alternately: a pod for the bridge's node, then one for the bare client's; the first of each is not counted.
    private static void podRunning(
            BenchApiServer server, KubernetesClient observer, RunningWatch watch, Sizes sizes, Map<String, Double> out)
            throws Exception {
        Path dir = Processes.freshFolder("orchard-bench-kubelet-");
        LocalProvider local = LocalProvider.open(
                ProviderConfiguration.of(
                        Map.of(
                                "volume.root", dir.resolve("volumes").toString(),
                                "sandbox.root", dir.resolve("pods").toString()),
                        LocalConfiguration.class,
                        "local"),
                dir,
                Clock.systemUTC());
        PlainPodRegistry registry = new PlainPodRegistry();
        registry.add("local", 0, local.pods());
        List<Double> bridged = new ArrayList<>();
        List<Double> bare = new ArrayList<>();
        try (Bridge bridge = bridge(server, "orchard-node", "local", registry);
                BareKubelet floor = new BareKubelet(server.client(), NS, "bare-node")) {
            for (int i = 0; i <= sizes.pods(); i++) {
                double viaBridge = timeToRunning(observer, watch, pod("o" + i, "orchard-node"));
                double viaFloor = timeToRunning(observer, watch, pod("b" + i, "bare-node"));
                if (i > 0) {
                    bridged.add(viaBridge);
                    bare.add(viaFloor);
                }
            }
            // The bridge ends its pods' processes on their delete; the bare client's end when it closes.
            observer.pods().inNamespace(NS).delete();
            await(
                    "the local provider to end the bridged pods",
                    () -> local.pods().getPods().isEmpty());
        } finally {
            local.close();
            Processes.deleteTree(dir);
        }
        double viaBridge = RunBenchmarks.median(bridged);
        double floor = RunBenchmarks.median(bare);
        out.put("kubelet.pod_running_ms.median", viaBridge);
        out.put("kubelet.pod_running_floor_ms.median", floor);
        out.put("kubelet.pod_running.vs_floor", viaBridge / floor);
    }

    // Milliseconds from the create until the observer saw the pod Running.
    private static double timeToRunning(KubernetesClient observer, RunningWatch watch, Pod pod) throws Exception {
        String name = pod.getMetadata().getName();
        watch.running(name); // registered before the create, so that no event can come first
        long t = System.nanoTime();
        observer.pods().inNamespace(NS).resource(pod).create();
        return (watch.awaitRunning(name) - t) / 1e6;
    }

    /**
     * A bridge as its component builds it, with the configuration's defaults but for the node and provider.
     *
     * @param server the API server
     * @param node the node's name
     * @param provider the pod provider's name in the registry
     * @param registry the registry
     * @return the started bridge
     */
    static Bridge bridge(BenchApiServer server, String node, String provider, PodProviderRegistry registry) {
        ProviderConfiguration config = ProviderConfiguration.of(
                        Map.of("node.name", node, "provider", provider), KubeletConfiguration.class, "")
                .requireKnownKeys();
        return new Bridge(
                BridgeSettings.from(config, provider),
                new ClusterClient(server.settings()),
                registry,
                Clock.systemUTC());
    }

    /**
     * A pod bound to a node that sleeps for five minutes, ended sooner by its delete.
     *
     * @param name its name
     * @param node the node it is bound to
     * @return the pod
     */
    static Pod pod(String name, String node) {
        return new PodBuilder()
                .withNewMetadata()
                .withName(name)
                .withNamespace(NS)
                .endMetadata()
                .withNewSpec()
                .withNodeName(node)
                .withTerminationGracePeriodSeconds(1L)
                .addNewContainer()
                .withName("main")
                .withImage("busybox")
                .withCommand("sleep", "300")
                .endContainer()
                .endSpec()
                .build();
    }

    /**
     * Waits, polling every 2 ms for at most two minutes, for what no event announces (a provider's own pod list).
     *
     * @param what what is awaited, for the error
     * @param condition the condition
     * @throws InterruptedException if interrupted
     * @throws IllegalStateException if it did not come true in time
     */
    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("waited two minutes for " + what);
            }
            Thread.sleep(2);
        }
    }

    /**
     * The pods of the benchmark's namespace that a provider holds.
     *
     * @param pods the provider
     * @return their names, sorted
     */
    static List<String> names(PodProvider pods) {
        return pods.getPods().stream()
                .filter(p -> p.namespace().equals(NS))
                .map(dev.orchard.api.pod.Pod::name)
                .sorted()
                .toList();
    }
}
