package dev.orchard.benchmarks;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** The JMH half: the registry's plain-Java core outside OSGi, each benchmark beside its baseline in one run. */
final class Jmh {
    private Jmh() {}

    /**
     * Runs the JMH benchmarks.
     *
     * @param smoke true for one tiny in-process iteration of each at the smallest size, which measures nothing
     * @return lookup ns and ratios (against the bare map read and against the read with a miss check), and churn
     *     ns, keyed as results.properties names them
     * @throws RunnerException if JMH fails
     */
    static Map<String, Double> run(boolean smoke) throws RunnerException {
        Map<String, Double> score = new HashMap<>();
        score.putAll(runOne(LookupBenchmark.class, smoke, smoke ? new String[] {"1"} : new String[0]));
        score.putAll(runOne(ChurnBenchmark.class, smoke, smoke ? new String[] {"0"} : new String[0]));
        Map<String, Double> out = new TreeMap<>();
        for (String n : new String[] {"1", "100", "10000"}) {
            Double reg = score.get("registryGet.n" + n);
            Double chm = score.get("concurrentHashMapGet.n" + n);
            if (reg != null && chm != null) {
                out.put("lookup.ns.registry_core.n" + n, reg);
                out.put("lookup.ns.chm.n" + n, chm);
                out.put("lookup.ratio.n" + n, reg / chm);
            }
            Double checked = score.get("concurrentHashMapGetChecked.n" + n);
            if (reg != null && checked != null) {
                out.put("lookup.ns.chm_checked.n" + n, checked);
                out.put("lookup.ratio_vs_checked.n" + n, reg / checked);
            }
        }
        for (String n : new String[] {"0", "1000", "10000"}) {
            Double c = score.get("addThenRemove.n" + n);
            if (c != null) {
                out.put("core.churn_ns.n" + n, c);
            }
        }
        if (out.containsKey("core.churn_ns.n0") && out.containsKey("core.churn_ns.n10000")) {
            out.put("core.churn.growth", out.get("core.churn_ns.n10000") / out.get("core.churn_ns.n0"));
        }
        return out;
    }

    private static Map<String, Double> runOne(Class<?> benchmark, boolean smoke, String[] sizes)
            throws RunnerException {
        ChainedOptionsBuilder o =
                new OptionsBuilder().include(benchmark.getName() + "\\.").shouldFailOnError(true);
        if (sizes.length > 0) {
            o.param("n", sizes);
        }
        if (smoke) {
            o.forks(0).warmupIterations(0).measurementIterations(1).measurementTime(TimeValue.milliseconds(20));
        } else {
            // Noisy 2-core machines: 3 forks, since a fork's JIT can land on slower code for all its iterations.
            o.forks(3)
                    .warmupIterations(3)
                    .warmupTime(TimeValue.seconds(1))
                    .measurementIterations(5)
                    .measurementTime(TimeValue.seconds(1));
        }
        Map<String, Double> score = new HashMap<>();
        for (RunResult r : new Runner(o.build()).run()) {
            String method = r.getParams().getBenchmark();
            method = method.substring(method.lastIndexOf('.') + 1);
            // The median of every measured iteration of every fork, as the rest of the benchmarks quote medians.
            score.put(
                    method + ".n" + r.getParams().getParam("n"),
                    r.getPrimaryResult().getStatistics().getPercentile(50));
        }
        return score;
    }
}
