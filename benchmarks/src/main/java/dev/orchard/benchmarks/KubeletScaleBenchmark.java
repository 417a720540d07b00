package dev.orchard.benchmarks;

import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.provider.RecordingBundleContext;
import dev.orchard.kubelet.internal.Bridge;
import dev.orchard.provider.mock.internal.MockFactoryComponent;
import dev.orchard.testsupport.registry.PlainPodRegistry;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Many pods on the mock provider behind one bridge: the heap each adds (used heap after full collections with the
 * bridge running and every pod Running, less the same before the bridge started, the server holding the same pods
 * both times: the bridge's informer cache and status bookkeeping, and the mock provider's own record of the pod),
 * and the time to reconcile after a restart, while the bridge was down some pods were deleted and as many created:
 * from the new bridge's start until the provider holds exactly the server's pods and the new ones read Running.
 */
final class KubeletScaleBenchmark {
    private static final String NODE = "mock-node";

    private KubeletScaleBenchmark() {}

    /**
     * Measures it, on the kubelet benchmark's server.
     *
     * @param server the API server
     * @param observer the observer's client, which writes the pods
     * @param watch the observer's watch
     * @param sizes how many pods, and how many change while the bridge is down
     * @param out receives {@code kubelet.heap_bytes_per_pod}, {@code kubelet.restart_reconcile_ms} and the counts
     * @throws Exception if the bridge, the provider or the server fails
     */
    static void run(
            BenchApiServer server,
            KubernetesClient observer,
            RunningWatch watch,
            KubeletBenchmark.Sizes sizes,
            Map<String, Double> out)
            throws Exception {
        PodProvider mock = mockProvider(sizes.manyPods() + sizes.churn());
        PlainPodRegistry registry = new PlainPodRegistry();
        registry.add("mock", 0, mock);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < sizes.manyPods(); i++) {
            names.add("m" + i);
            watch.running("m" + i); // its future exists before the heap is first measured
            observer.pods()
                    .inNamespace(KubeletBenchmark.NS)
                    .resource(KubeletBenchmark.pod("m" + i, NODE))
                    .create();
        }
        long before = Heap.usedAfterGc();
        try (Bridge bridge = KubeletBenchmark.bridge(server, NODE, "mock", registry)) {
            for (String name : names) {
                watch.awaitRunning(name);
            }
            long after = Heap.usedAfterGc();
            out.put("kubelet.heap_bytes_per_pod", (double) (after - before) / sizes.manyPods());
        }

        // While the bridge is down: the first pods deleted, as many new ones created.
        List<String> expected = new ArrayList<>(names.subList(sizes.churn(), names.size()));
        for (int i = 0; i < sizes.churn(); i++) {
            observer.pods()
                    .inNamespace(KubeletBenchmark.NS)
                    .withName(names.get(i))
                    .delete();
            String name = "n" + i;
            expected.add(name);
            watch.running(name);
            observer.pods()
                    .inNamespace(KubeletBenchmark.NS)
                    .resource(KubeletBenchmark.pod(name, NODE))
                    .create();
        }
        expected.sort(null);
        long t = System.nanoTime();
        try (Bridge bridge = KubeletBenchmark.bridge(server, NODE, "mock", registry)) {
            KubeletBenchmark.await(
                    "the mock provider to hold the server's pods",
                    () -> KubeletBenchmark.names(mock).equals(expected));
            for (int i = 0; i < sizes.churn(); i++) {
                watch.awaitRunning("n" + i);
            }
            out.put("kubelet.restart_reconcile_ms", (System.nanoTime() - t) / 1e6);
        }
        out.put("kubelet.scale.pods", (double) sizes.manyPods());
        out.put("kubelet.scale.churn", (double) sizes.churn());
    }

    // The mock provider as its factory component publishes it, over a recording framework.
    private static PodProvider mockProvider(int maxPods) {
        RecordingBundleContext framework = new RecordingBundleContext();
        new MockFactoryComponent(
                framework.context(),
                Map.of(
                        "service.pid",
                        "dev.orchard.provider.mock~mock",
                        "name",
                        "mock",
                        "max.pods",
                        Integer.toString(maxPods)));
        return (PodProvider) framework.only(PodProvider.class).service();
    }
}
