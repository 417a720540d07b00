package dev.orchard.benchmarks;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the JMH benchmarks, each beside its baseline, and reports ratios: a table on stdout and the numbers in a
 * properties file. {@code --smoke} runs every benchmark once, tiny and in-process, so the build can check they
 * still run.
 */
public final class RunBenchmarks {
    private RunBenchmarks() {}

    /**
     * Runs the benchmarks.
     *
     * @param args the properties file to write, and optionally {@code --smoke}
     * @throws RunnerException if JMH fails
     * @throws IOException if the file cannot be written
     */
    public static void main(String[] args) throws RunnerException, IOException {
        boolean smoke = args.length > 1 && args[1].equals("--smoke");
        Map<String, Double> results = run(smoke);
        Properties p = new Properties();
        results.forEach((k, v) -> p.setProperty(k, String.format("%.4f", v)));
        Path out = Path.of(args.length > 0 ? args[0] : "target/results.properties");
        Files.createDirectories(out.toAbsolutePath().getParent());
        try (OutputStream o = Files.newOutputStream(out)) {
            p.store(o, "Orchard benchmarks " + LocalDate.now() + (smoke ? " (smoke run: not a measurement)" : ""));
        }
        print(results);
    }

    static Map<String, Double> run(boolean smoke) throws RunnerException {
        Map<String, Double> score = new HashMap<>();
        score.putAll(runOne(LookupBenchmark.class, smoke, smoke ? new String[] {"1"} : new String[0]));
        score.putAll(runOne(ChurnBenchmark.class, smoke, smoke ? new String[] {"0"} : new String[0]));
        Map<String, Double> out = new TreeMap<>();
        for (String n : new String[] {"1", "100", "10000"}) {
            Double reg = score.get("registryGet.n" + n);
            Double chm = score.get("concurrentHashMapGet.n" + n);
            if (reg != null && chm != null) {
                out.put("lookup.ns.registry.n" + n, reg);
                out.put("lookup.ns.chm.n" + n, chm);
                out.put("lookup.ratio.n" + n, reg / chm);
            }
        }
        for (String n : new String[] {"0", "1000", "10000"}) {
            Double c = score.get("addThenRemove.n" + n);
            if (c != null) {
                out.put("core.churn.ns.n" + n, c);
            }
        }
        if (out.containsKey("core.churn.ns.n0") && out.containsKey("core.churn.ns.n10000")) {
            out.put("core.churn.growth", out.get("core.churn.ns.n10000") / out.get("core.churn.ns.n0"));
        }
        return out;
    }

    private static Map<String, Double> runOne(Class<?> benchmark, boolean smoke, String[] sizes)
            throws RunnerException {
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include(benchmark.getName() + "\\.")
                .shouldFailOnError(true);
        if (sizes.length > 0) {
            o.param("n", sizes);
        }
        if (smoke) {
            o.forks(0).warmupIterations(0).measurementIterations(1).measurementTime(TimeValue.milliseconds(20));
        } else {
            // Noisy 2-core machines: 3 forks and JMH's mean over them; the ratios compare scores of one run.
            o.forks(3).warmupIterations(3).warmupTime(TimeValue.seconds(1)).measurementIterations(5)
                    .measurementTime(TimeValue.seconds(1));
        }
        Map<String, Double> score = new HashMap<>();
        for (RunResult r : new Runner(o.build()).run()) {
            String method = r.getParams().getBenchmark();
            method = method.substring(method.lastIndexOf('.') + 1);
            score.put(method + ".n" + r.getParams().getParam("n"), r.getPrimaryResult().getScore());
        }
        return score;
    }

    private static void print(Map<String, Double> r) {
        System.out.println();
        System.out.println("| measure | N=1 / 0 | N=100 / 1,000 | N=10,000 |");
        System.out.println("|---|---|---|---|");
        System.out.printf("| registry.get / ConcurrentHashMap.get | %s | %s | %s |%n", f(r, "lookup.ratio.n1"),
                f(r, "lookup.ratio.n100"), f(r, "lookup.ratio.n10000"));
        System.out.printf("| registry.get, ns | %s | %s | %s |%n", f(r, "lookup.ns.registry.n1"),
                f(r, "lookup.ns.registry.n100"), f(r, "lookup.ns.registry.n10000"));
        System.out.printf("| core add + remove of one candidate, ns | %s | %s | %s |%n", f(r, "core.churn.ns.n0"),
                f(r, "core.churn.ns.n1000"), f(r, "core.churn.ns.n10000"));
        System.out.printf("| core churn growth (N=10,000 / N=0) | | | %s |%n", f(r, "core.churn.growth"));
    }

    private static String f(Map<String, Double> r, String key) {
        Double v = r.get(key);
        return v == null ? "-" : String.format("%.2f", v);
    }
}
