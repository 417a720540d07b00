package dev.orchard.benchmarks;

import dev.orchard.api.registry.ProviderKind;
import dev.orchard.registry.core.ProviderTable;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Adding and removing one candidate while n others are registered: its cost must not grow with n. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ChurnBenchmark {
    @Param({"0", "1000", "10000"})
    public int n;

    private ProviderTable<BenchHandle, Object> table;
    private long nextId = 1_000_000;

    /** Registers n providers. */
    @Setup
    public void setUp() {
        table = new ProviderTable<>(ProviderKind.ORCHESTRATOR, BenchHandle.ACCESS, List::of);
        for (int i = 0; i < n; i++) {
            table.add(new BenchHandle(i, "provider-" + i, new Object()));
        }
    }

    /**
     * One bind and one unbind, with the drain of a provider that has no call in flight.
     *
     * @return whether the removal found the registration
     */
    @Benchmark
    public boolean addThenRemove() {
        BenchHandle h = new BenchHandle(nextId++, "churn", new Object());
        table.add(h);
        return table.remove(h, 0, TimeUnit.MILLISECONDS);
    }
}
