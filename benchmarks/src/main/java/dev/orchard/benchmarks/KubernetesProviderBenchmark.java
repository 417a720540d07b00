package dev.orchard.benchmarks;

import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.Pod;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.kubernetes.internal.node.KubernetesNode;
import dev.orchard.provider.kubernetes.internal.pods.KubernetesPods;
import dev.orchard.provider.kubernetes.internal.volumes.KubernetesStorage;
import dev.orchard.provider.kubernetes.mapping.NamespaceMapping;
import dev.orchard.provider.kubernetes.mapping.OriginLabels;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;

/**
 * The Kubernetes provider's figures, in this JVM, against fabric8's mock API server on 127.0.0.1 (CRUD mode):
 * a volume add through the provider beside a bare fabric8 client creating the same claim, alternately in the same
 * run; getPod from the provider's cache beside a direct GET of the same pod; and the heap each offloaded pod holds
 * in the cache (used heap after full collections with the informer running, less the same without it). Medians; it
 * asserts nothing. The registry's own lookup in front of the provider is measured by the lookup figures.
 */
final class KubernetesProviderBenchmark {
    /** How much of each is done: the full run, or one tiny pass that only checks it still runs. */
    record Sizes(int volumes, int gets, int cachedPods) {
        static final Sizes FULL = new Sizes(201, 2_001, 1_000);
        static final Sizes SMOKE = new Sizes(3, 3, 5);
    }

    private KubernetesProviderBenchmark() {}

    /**
     * Runs this part alone and prints its figures, for a quick look without the whole run.
     *
     * @param args {@code --smoke} for one tiny pass
     * @throws Exception if the provider or the server fails
     */
    public static void main(String[] args) throws Exception {
        run(List.of(args).contains("--smoke")).forEach((k, v) -> System.out.printf("%s=%.4f%n", k, v));
    }

    /**
     * Measures the Kubernetes provider.
     *
     * @param smoke true for one tiny pass, which measures nothing
     * @return the figures, keyed as results.properties names them ({@code kubernetes.*})
     * @throws Exception if the provider or the server fails
     */
    static Map<String, Double> run(boolean smoke) throws Exception {
        Sizes sizes = smoke ? Sizes.SMOKE : Sizes.FULL;
        Map<ServerRequest, Queue<ServerResponse>> responses = new HashMap<>();
        try (BenchApiServer server = new BenchApiServer(responses, new KubernetesMixedDispatcher(responses));
                KubernetesClient direct = server.client();
                ClusterClient cluster = new ClusterClient(server.settings())) {
            Map<String, Double> out = new TreeMap<>();
            volumes(cluster, direct, sizes, out);
            pods(cluster, direct, sizes, out);
            return out;
        }
    }

    private static void volumes(ClusterClient cluster, KubernetesClient direct, Sizes sizes, Map<String, Double> out) {
        KubernetesStorage storage =
                new KubernetesStorage(cluster, new NamespaceMapping("orchard-"), new OriginLabels("k8s"), "");
        List<Double> orchard = new ArrayList<>();
        List<Double> bare = new ArrayList<>();
        for (int i = 0; i < sizes.volumes(); i++) {
            long t = System.nanoTime();
            storage.addStorage(VolumeProfile.builder()
                    .namespace("bench")
                    .name("v" + i)
                    .capacity("1Gi")
                    .build());
            orchard.add(ms(t));
            PersistentVolumeClaim pvc = new PersistentVolumeClaimBuilder()
                    .withNewMetadata()
                    .withName("d" + i)
                    .withNamespace("orchard-bench")
                    .endMetadata()
                    .withNewSpec()
                    .withAccessModes("ReadWriteOnce")
                    .withNewResources()
                    .addToRequests("storage", new Quantity("1073741824"))
                    .endResources()
                    .endSpec()
                    .build();
            t = System.nanoTime();
            direct.persistentVolumeClaims()
                    .inNamespace("orchard-bench")
                    .resource(pvc)
                    .create();
            bare.add(ms(t));
        }
        double viaOrchard = RunBenchmarks.median(orchard);
        double viaClient = RunBenchmarks.median(bare);
        out.put("kubernetes.volume_add_ms.median", viaOrchard);
        out.put("kubernetes.volume_add_direct_ms.median", viaClient);
        out.put("kubernetes.volume_add.vs_direct", viaOrchard / viaClient);
    }

    private static void pods(ClusterClient cluster, KubernetesClient direct, Sizes sizes, Map<String, Double> out)
            throws InterruptedException {
        // The pods are the server's before the provider starts: its informer lists them once.
        OriginLabels origin = new OriginLabels("k8s");
        for (int i = 0; i < sizes.cachedPods(); i++) {
            direct.pods()
                    .inNamespace("orchard-bench")
                    .resource(clusterPod("p" + i, origin))
                    .create();
        }
        long withoutCache = Heap.usedAfterGc();
        NamespaceMapping namespaces = new NamespaceMapping("orchard-");
        KubernetesNode node = new KubernetesNode(cluster, namespaces, "k8s", Clock.systemUTC());
        KubernetesStorage storage = new KubernetesStorage(cluster, namespaces, origin, "");
        try (KubernetesPods pods = new KubernetesPods(cluster, namespaces, origin, node, storage, Clock.systemUTC())) {
            while (pods.getPods().size() < sizes.cachedPods()) {
                Thread.sleep(10); // the first list of a large set; nothing to be told of
            }
            long withCache = Heap.usedAfterGc();
            out.put("kubernetes.heap_bytes_per_cached_pod", (double) (withCache - withoutCache) / sizes.cachedPods());
            out.put("kubernetes.cached_pods.count", (double) sizes.cachedPods());

            List<Double> cached = new ArrayList<>();
            List<Double> get = new ArrayList<>();
            for (int i = 0; i < sizes.gets(); i++) {
                String name = "p" + (i % sizes.cachedPods());
                long t = System.nanoTime();
                Pod p = pods.getPod("bench", name);
                cached.add(us(t));
                t = System.nanoTime();
                direct.pods().inNamespace("orchard-bench").withName(name).get();
                get.add(us(t));
                if (p == null) {
                    throw new IllegalStateException("no pod " + name);
                }
            }
            double fromCache = RunBenchmarks.median(cached);
            double directGet = RunBenchmarks.median(get);
            out.put("kubernetes.get_pod_us.median", fromCache);
            out.put("kubernetes.get_pod_direct_us.median", directGet);
            out.put("kubernetes.get_pod.vs_direct", fromCache / directGet);
        }
    }

    // A pod as the provider makes it: in the mapped namespace, marked with its origin.
    private static io.fabric8.kubernetes.api.model.Pod clusterPod(String name, OriginLabels origin) {
        return new PodBuilder()
                .withNewMetadata()
                .withName(name)
                .withNamespace("orchard-bench")
                .withLabels(origin.mark(new NamespacedName("bench", name), Map.of("app", "web")))
                .endMetadata()
                .withNewSpec()
                .addNewContainer()
                .withName("main")
                .withImage("nginx:1.27")
                .withCommand("nginx")
                .endContainer()
                .endSpec()
                .build();
    }

    private static double ms(long start) {
        return (System.nanoTime() - start) / 1e6;
    }

    private static double us(long start) {
        return (System.nanoTime() - start) / 1e3;
    }
}
