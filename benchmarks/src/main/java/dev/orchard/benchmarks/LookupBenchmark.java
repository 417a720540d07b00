package dev.orchard.benchmarks;

import dev.orchard.api.registry.ProviderKind;
import dev.orchard.registry.core.ProviderTable;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * registry.get(name) against ConcurrentHashMap.get(name), over the same names, in the same run; and against the
 * map read followed by the one check that any lookup by name needs, because a missing name is an error there.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class LookupBenchmark {
    @Param({"1", "100", "10000"})
    public int n;

    private String[] names;
    private ProviderTable<BenchHandle, Object> table;
    private ConcurrentHashMap<String, Object> map;
    private int next;

    /** Fills the registry core and the map with the same n names and services. */
    @Setup
    public void setUp() {
        names = new String[n];
        table = new ProviderTable<>(ProviderKind.ORCHESTRATOR, BenchHandle.ACCESS, List::of);
        map = new ConcurrentHashMap<>();
        for (int i = 0; i < n; i++) {
            names[i] = "provider-" + i;
            Object service = new Object();
            table.add(new BenchHandle(i, names[i], service));
            map.put(names[i], service);
            table.get(names[i]); // obtained once, as after a first call
        }
    }

    private String name() {
        int i = next + 1;
        if (i == names.length) {
            i = 0;
        }
        next = i;
        return names[i];
    }

    /**
     * The registry.
     *
     * @return the provider
     */
    @Benchmark
    public Object registryGet() {
        return table.get(name());
    }

    /**
     * The baseline.
     *
     * @return the value
     */
    @Benchmark
    public Object concurrentHashMapGet() {
        return map.get(name());
    }

    /**
     * The baseline with a miss check: what a registry that is only a map must still do.
     *
     * @return the value
     */
    @Benchmark
    public Object concurrentHashMapGetChecked() {
        String name = name();
        Object found = map.get(name);
        if (found == null) {
            throw new IllegalStateException("no provider is named " + name);
        }
        return found;
    }
}
