package dev.orchard.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every benchmark still runs: JMH in-process, the harness inside the runtime, a cold start, and the local provider,
 * each once at tiny sizes. It measures nothing; it checks that each part yields its numbers, so that the benchmarks cannot rot.
 */
class BenchmarksSmokeTest {
    @TempDir
    Path dir;

    @Test
    void everyBenchmarkRunsAndYieldsItsNumbers() throws Exception {
        // The harness (bench.jar) and the bare-Felix floor are exported with bnd 7.1's launcher, which sets a
        // system-wide Policy and so dies on Java 24 and later (JEP 486; fixed in bnd 7.2, whose export plugin is not
        // served here). The benchmarks run on Java 17 and measure orchard.jar's cold start on Java 25 from there.
        assumeTrue(
                Runtime.version().feature() < 24,
                "the benchmark jars use bnd 7.1's launcher, which Java 24 and later refuse (JEP 486); run on Java 17");
        RunBenchmarks.Options options = new RunBenchmarks.Options(
                dir.resolve("results.properties"),
                Path.of(System.getProperty("orchard.bench.jar")),
                Path.of(System.getProperty("orchard.runtime.jar")),
                Path.of(System.getProperty("orchard.baseline.jar")),
                Path.of(System.getProperty("orchard.stack.jar")),
                Path.of(System.getProperty("orchard.http.deploy")),
                Path.of(System.getProperty("orchard.java25", "")),
                true);
        List<String> report = new ArrayList<>();
        Map<String, Double> r = RunBenchmarks.run(options, report);
        for (String key : List.of(
                "lookup.ratio.n1",
                "core.churn_ns.n0",
                "lookup.vs_filter.n10",
                "lookup.vs_tracker.n10",
                "bind.growth",
                "unbind.growth",
                "heap.bytes_per_provider",
                "heap.provider_vs_bare",
                "bundle.start_to_visible_us.median",
                "swap.p99_ratio",
                "deploy.visible_ms.median",
                "coldstart_ms.median",
                "coldstart.vs_bare_felix",
                "coldstart.vs_stack",
                "oneshot_ms.java_version.median",
                "oneshot_ms.attached.median",
                "oneshot.unix_socket_floor.vs_java_version",
                "oneshot.attached.vs_java_version",
                "oneshot_ms.own_runtime.median",
                "oneshot.own_runtime.vs_java_version",
                "local.volume_add_ms.median",
                "local.volume_list_ms.median",
                "local.pod_run_ms.median",
                "local.process_start_ms.median",
                "local.pod_run.vs_process_start",
                "local.pod_burst_ms.median",
                "local.exec_ms.median",
                "local.nonewline.rss_mb",
                "kubernetes.volume_add.vs_direct",
                "kubernetes.get_pod.vs_direct",
                "kubernetes.heap_bytes_per_cached_pod",
                "kubelet.pod_running.vs_floor",
                "kubelet.restart_reconcile_ms",
                "kubelet.heap_bytes_per_pod",
                "http.get_providers.vs_hello",
                "http.throughput.vs_hello.c16",
                "http.log_stream.vs_file")) {
            assertTrue(r.containsKey(key), () -> key + " missing from " + r.keySet());
        }
        // Heap differences of a few pods may come out below zero in a smoke run; the rest may not.
        assertTrue(
                r.entrySet().stream()
                        .filter(e -> !e.getKey().startsWith("kubernetes.heap")
                                && !e.getKey().startsWith("kubelet.heap"))
                        .allMatch(e -> e.getValue() >= 0 && Double.isFinite(e.getValue())),
                r::toString);
        assertEquals(0.0, r.get("swap.failed_calls"), "no call may fail while providers are swapped");
        assertTrue(
                report.stream().anyMatch(l -> l.contains("SingleRefPair")),
                () -> "the heap breakdown names SCR's per-reference class: " + report);
        String table = Table.of(r, true);
        assertTrue(table.contains("| heap per provider") && table.contains("targets met:"), table);
        assertTrue(table.contains("| local provider: pod create → Running"), table);
        assertTrue(table.contains("| local provider: peak memory of a pod writing"), table);
        assertTrue(table.contains("| kubernetes: getPod from the cache / a direct GET"), table);
        assertTrue(table.contains("| kubelet: pod written → Running"), table);
        assertTrue(table.contains("| http: GET /orchard/api/v1/providers / a hello-world servlet"), table);
        assertTrue(table.contains("| -c \"orchard:providers\" to a running runtime"), table);
        if (options.java25IfPresent() != null) {
            assertTrue(r.containsKey("coldstart_ms.java25.median"), r::toString);
        }
    }
}
