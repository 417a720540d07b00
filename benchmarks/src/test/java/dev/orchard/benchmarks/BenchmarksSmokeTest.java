package dev.orchard.benchmarks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every benchmark still runs: once, tiny and in-process. It measures nothing. */
class BenchmarksSmokeTest {
    @Test
    void everyBenchmarkRunsAndYieldsItsRatio() throws Exception {
        Map<String, Double> r = RunBenchmarks.run(true);
        assertTrue(r.containsKey("lookup.ratio.n1"), r::toString);
        assertTrue(r.containsKey("core.churn.ns.n0"), r::toString);
        assertTrue(r.values().stream().allMatch(v -> v > 0 && Double.isFinite(v)), r::toString);
    }
}
