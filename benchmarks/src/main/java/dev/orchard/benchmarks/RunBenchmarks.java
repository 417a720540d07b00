package dev.orchard.benchmarks;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Runs every benchmark, each beside its baseline in the same run, and reports ratios: a table on stdout and the
 * numbers in {@code results.properties}.
 * <ol>
 *   <li>JMH on the registry's plain-Java core ({@link Jmh});
 *   <li>the harness inside the runtime ({@link InFramework}): lookups against filter and tracker lookups, DS bind
 *       and unbind latency, heap per provider, bundle start and stop, hot swap under load, FileInstall;
 *   <li>cold start of {@code orchard.jar}, beside that of bare Felix with the Gogo shell and of the runtime's stack
 *       without Orchard's bundles, and on Java 25 if one is given ({@link ColdStart});
 *   <li>{@code -c} against a running runtime and starting its own, beside {@code java -version} ({@link OneShot});
 *   <li>the local provider in this JVM: volumes, pod start beside a bare process start, exec
 *       ({@link LocalProviderBenchmark});
 *   <li>the Kubernetes provider in this JVM against fabric8's mock API server, beside a bare fabric8 client
 *       ({@link KubernetesProviderBenchmark});
 *   <li>the kubelet bridge in this JVM against the same mock server: pod start beside a bare fabric8 client that
 *       starts the process itself, and 500 pods behind one bridge ({@link KubeletBenchmark});
 *   <li>the HTTP API in the runtime with the HTTP add-on: latency and throughput beside a hello-world servlet on the
 *       same Jetty, and log streaming beside reading the log file ({@link HttpBenchmark}).
 * </ol>
 * {@code --smoke} runs each once at tiny sizes, so that the normal build checks they still run; it measures
 * nothing.
 */
public final class RunBenchmarks {
    /**
     * The keys a full run must write, as issue 6 lists them, the local provider's pod start and memory (issues 12
     * and 13), the cold start against the stack and the one-shot commands (issue 14) and the Kubernetes provider's
     * figures (issue 15), the kubelet bridge's (issue 16) and the HTTP API's (issue 17).
     */
    static final List<String> REQUIRED = List.of(
            "lookup.ratio.n1",
            "lookup.ratio.n100",
            "lookup.ratio.n10000",
            "lookup.ratio_vs_checked.n1",
            "lookup.ratio_vs_checked.n100",
            "lookup.ratio_vs_checked.n10000",
            "lookup.vs_filter.n10000",
            "lookup.vs_tracker.n10000",
            "bind.growth",
            "unbind.growth",
            "swap.failed_calls",
            "swap.p99_ratio",
            "heap.bytes_per_provider",
            "deploy.visible_ms.median",
            "coldstart_ms.median",
            "coldstart.vs_stack",
            "oneshot.attached.vs_java_version",
            "oneshot_ms.own_runtime.median",
            "local.pod_run.vs_process_start",
            "local.nonewline.rss_mb",
            "kubernetes.volume_add.vs_direct",
            "kubernetes.get_pod.vs_direct",
            "kubernetes.heap_bytes_per_cached_pod",
            "kubelet.pod_running.vs_floor",
            "kubelet.restart_reconcile_ms",
            "kubelet.heap_bytes_per_pod",
            "http.get_providers.vs_hello",
            "http.throughput.vs_hello.c16",
            "http.log_stream_mbps",
            "http.log_file_mbps");

    private RunBenchmarks() {}

    /**
     * What to run, and where the jars are.
     *
     * @param httpDeploy the HTTP add-on's folder ({@code http-bundle/target/deploy/})
     * @param java25 the java executable of a Java 25 to time the runtime's cold start on too; null or missing: not
     *     measured
     */
    record Options(
            Path results,
            Path benchJar,
            Path runtimeJar,
            Path baselineJar,
            Path stackJar,
            Path httpDeploy,
            Path java25,
            boolean smoke) {
        static Options parse(String[] args) {
            Path results = null;
            Path bench = null;
            Path runtime = null;
            Path baseline = null;
            Path stack = null;
            Path http = null;
            Path java25 = null;
            boolean smoke = false;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--bench-jar" -> bench = Path.of(args[++i]);
                    case "--runtime-jar" -> runtime = Path.of(args[++i]);
                    case "--baseline-jar" -> baseline = Path.of(args[++i]);
                    case "--stack-jar" -> stack = Path.of(args[++i]);
                    case "--http-deploy" -> http = Path.of(args[++i]);
                    case "--java25" -> java25 = Path.of(args[++i]);
                    case "--smoke" -> smoke = true;
                    default -> results = Path.of(args[i]);
                }
            }
            if (results == null
                    || bench == null
                    || runtime == null
                    || baseline == null
                    || stack == null
                    || http == null) {
                throw new IllegalArgumentException("usage: RunBenchmarks <results.properties> --bench-jar <bench.jar>"
                        + " --runtime-jar <orchard.jar> --baseline-jar <baseline.jar> --stack-jar <stack.jar>"
                        + " --http-deploy <http-bundle/target/deploy> [--java25 <bin/java of Java 25>] [--smoke]");
            }
            return new Options(results, bench, runtime, baseline, stack, http, java25, smoke);
        }

        /**
         * The Java 25 executable to time the cold start on, if one was given and exists.
         *
         * @return its path as a string, or null
         */
        String java25IfPresent() {
            return java25 != null && Files.isRegularFile(java25) && Files.isExecutable(java25)
                    ? java25.toString()
                    : null;
        }
    }

    /**
     * Runs the benchmarks and writes the results.
     *
     * @param args the results file, {@code --bench-jar}, {@code --runtime-jar}, {@code --baseline-jar},
     *     {@code --stack-jar}, {@code --http-deploy}, and optionally {@code --java25} and {@code --smoke}
     * @throws Exception if a benchmark fails
     */
    public static void main(String[] args) throws Exception {
        Options options = Options.parse(args);
        List<String> report = new ArrayList<>();
        Map<String, Double> results = run(options, report);
        write(results, options);
        System.out.println();
        report.forEach(System.out::println);
        System.out.println();
        System.out.print(Table.of(results, options.smoke()));
        if (!options.smoke()) {
            List<String> missing =
                    REQUIRED.stream().filter(k -> !results.containsKey(k)).toList();
            if (!missing.isEmpty()) {
                throw new IllegalStateException("results.properties lacks " + missing);
            }
        }
    }

    /**
     * Runs every part.
     *
     * @param options what to run
     * @param report receives what the in-framework harness printed
     * @return every result
     * @throws Exception if a part fails
     */
    static Map<String, Double> run(Options options, List<String> report) throws Exception {
        Map<String, Double> results = new TreeMap<>(Jmh.run(options.smoke()));
        results.putAll(InFramework.run(options.benchJar(), options.smoke() ? "smoke" : "full", report));
        results.putAll(coldStart(options));
        results.putAll(OneShot.measure(options.runtimeJar(), options.smoke() ? 1 : 10));
        results.putAll(LocalProviderBenchmark.run(options.smoke()));
        results.putAll(KubernetesProviderBenchmark.run(options.smoke()));
        results.putAll(KubeletBenchmark.run(options.smoke()));
        results.putAll(HttpBenchmark.run(options.runtimeJar(), options.httpDeploy(), options.smoke()));
        return results;
    }

    // The runtime's cold start beside its two floors, and on Java 25 if there is one, alternately.
    private static Map<String, Double> coldStart(Options options) throws IOException, InterruptedException {
        List<ColdStart.Subject> subjects = new ArrayList<>(List.of(
                ColdStart.Subject.runtime(options.runtimeJar()),
                ColdStart.Subject.bundleList(options.baselineJar()),
                ColdStart.Subject.bundleList(options.stackJar())));
        String java25 = options.java25IfPresent();
        if (java25 != null) {
            subjects.add(ColdStart.Subject.runtime(java25, options.runtimeJar()));
        }
        List<List<Double>> starts = ColdStart.measure(subjects, options.smoke() ? 1 : 5);
        Map<String, Double> results = new TreeMap<>();
        List<Double> runtime = starts.get(0);
        for (int i = 0; i < runtime.size(); i++) {
            results.put("coldstart_ms.run" + (i + 1), runtime.get(i));
        }
        results.put("coldstart_ms.median", median(runtime));
        results.put("coldstart_ms.bare_felix.median", median(starts.get(1)));
        results.put("coldstart.vs_bare_felix", median(runtime) / median(starts.get(1)));
        results.put("coldstart_ms.stack.median", median(starts.get(2)));
        results.put("coldstart.vs_stack", median(runtime) / median(starts.get(2)));
        if (java25 != null) {
            results.put("coldstart_ms.java25.median", median(starts.get(3)));
        }
        return results;
    }

    /**
     * The median of some values.
     *
     * @param values the values, at least one
     * @return the middle one of them sorted (the upper one of an even count)
     */
    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        return sorted.get(sorted.size() / 2);
    }

    private static void write(Map<String, Double> results, Options options) throws IOException {
        Properties p = new Properties();
        results.forEach((k, v) -> p.setProperty(k, String.format(Locale.ROOT, "%.4f", v)));
        Path out = options.results().toAbsolutePath();
        Files.createDirectories(out.getParent());
        try (OutputStream o = Files.newOutputStream(out)) {
            p.store(
                    o,
                    "Orchard benchmarks, " + LocalDate.now() + ", "
                            + Runtime.getRuntime().availableProcessors() + " cores"
                            + (options.smoke() ? " (smoke run: not a measurement)" : ""));
        }
    }
}
