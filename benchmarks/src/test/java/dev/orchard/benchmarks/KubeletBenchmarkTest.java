package dev.orchard.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The kubelet part runs alone at tiny sizes and yields every figure it names; it measures nothing. */
class KubeletBenchmarkTest {
    @Test
    void yieldsItsFigures() throws Exception {
        Map<String, Double> r = KubeletBenchmark.run(true);
        assertEquals(
                Set.of(
                        "kubelet.pod_running_ms.median",
                        "kubelet.pod_running_floor_ms.median",
                        "kubelet.pod_running.vs_floor",
                        "kubelet.heap_bytes_per_pod",
                        "kubelet.restart_reconcile_ms",
                        "kubelet.scale.pods",
                        "kubelet.scale.churn"),
                r.keySet());
        assertTrue(r.get("kubelet.pod_running_ms.median") > 0, r::toString);
        assertTrue(r.get("kubelet.pod_running_floor_ms.median") > 0, r::toString);
        assertTrue(r.get("kubelet.restart_reconcile_ms") > 0, r::toString);
        assertEquals(10.0, r.get("kubelet.scale.pods"));
    }
}
