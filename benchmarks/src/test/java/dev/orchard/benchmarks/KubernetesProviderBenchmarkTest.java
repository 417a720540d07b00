package dev.orchard.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Kubernetes part runs alone at tiny sizes and yields every figure it names; it measures nothing. */
class KubernetesProviderBenchmarkTest {
    @Test
    void yieldsItsFigures() throws Exception {
        Map<String, Double> r = KubernetesProviderBenchmark.run(true);
        assertEquals(
                java.util.Set.of(
                        "kubernetes.volume_add_ms.median",
                        "kubernetes.volume_add_direct_ms.median",
                        "kubernetes.volume_add.vs_direct",
                        "kubernetes.get_pod_us.median",
                        "kubernetes.get_pod_direct_us.median",
                        "kubernetes.get_pod.vs_direct",
                        "kubernetes.heap_bytes_per_cached_pod",
                        "kubernetes.cached_pods.count"),
                r.keySet());
        assertTrue(r.get("kubernetes.volume_add.vs_direct") > 0, r::toString);
        assertTrue(r.get("kubernetes.get_pod.vs_direct") > 0, r::toString);
        assertEquals(5.0, r.get("kubernetes.cached_pods.count"));
    }
}
