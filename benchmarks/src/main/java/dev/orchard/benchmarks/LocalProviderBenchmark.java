package dev.orchard.benchmarks;

import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.provider.local.internal.LocalConfiguration;
import dev.orchard.provider.local.internal.LocalProvider;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The local provider's figures, in this JVM, against a fresh instance in a temp folder: volume add, the list of
 * 1,000 volumes, pod create until Running beside a bare {@code ProcessBuilder.start()} of {@code /bin/true}
 * measured alternately in the same run (its floor), 50 pods created at once until all run, and the exec round
 * trip, and the peak memory of a pod that writes 100 MB with no newline. Medians, in milliseconds; it asserts
 * nothing.
 */
final class LocalProviderBenchmark {
    /** How much of each is done: the full run, or one tiny pass that only checks it still runs. */
    record Sizes(int volumes, int listRounds, int pods, int execs, int burst, int burstRounds, long noNewline) {
        static final Sizes FULL = new Sizes(1_000, 7, 21, 21, 50, 3, 100_000_000L);
        static final Sizes SMOKE = new Sizes(10, 1, 2, 2, 3, 1, 1_000_000L);
    }

    /** The bound the table holds {@code local.nonewline.rss_mb} to: the pod's processes, whatever the line. */
    static final double NONEWLINE_RSS_BOUND_MB = 32;

    private LocalProviderBenchmark() {}

    /**
     * Runs only this benchmark, at full size, and prints its figures: to measure the local provider without the
     * whole run ({@code java -cp <benchmarks' classpath> dev.orchard.benchmarks.LocalProviderBenchmark}).
     *
     * @param args {@code --smoke} for one tiny pass
     * @throws Exception if the provider fails
     */
    public static void main(String[] args) throws Exception {
        run(List.of(args).contains("--smoke")).forEach((k, v) -> System.out.printf(Locale.ROOT, "%s=%.4f%n", k, v));
    }

    /**
     * Measures the local provider.
     *
     * @param smoke true for one tiny pass, which measures nothing
     * @return the figures, keyed as results.properties names them ({@code local.*})
     * @throws Exception if the provider fails
     */
    static Map<String, Double> run(boolean smoke) throws Exception {
        Sizes sizes = smoke ? Sizes.SMOKE : Sizes.FULL;
        Path dir = Processes.freshFolder("orchard-bench-local-");
        LocalProvider local = LocalProvider.open(
                ProviderConfiguration.of(
                        Map.of(
                                "volume.root", dir.resolve("volumes").toString(),
                                "sandbox.root", dir.resolve("pods").toString(),
                                "volume.pool", "1Pi"),
                        LocalConfiguration.class,
                        "local"),
                dir,
                Clock.systemUTC());
        try {
            Map<String, Double> out = new TreeMap<>();
            volumes(local.orchestrator().storageOps().orElseThrow(), sizes, out);
            pods(local.pods(), sizes, out);
            noNewline(local.pods(), sizes, out);
            return out;
        } finally {
            local.close();
            Processes.deleteTree(dir);
        }
    }

    private static void volumes(StorageOps storage, Sizes sizes, Map<String, Double> out) {
        List<Double> add = new ArrayList<>();
        for (int i = 0; i < sizes.volumes(); i++) {
            long t = System.nanoTime();
            storage.addStorage(
                    VolumeProfile.builder().name("v" + i).capacity("1Mi").build());
            add.add(ms(t));
        }
        List<Double> list = new ArrayList<>();
        for (int i = 0; i < sizes.listRounds(); i++) {
            long t = System.nanoTime();
            storage.listStorage(VolumeProfile.builder().build());
            list.add(ms(t));
        }
        out.put("local.volume_add_ms.median", RunBenchmarks.median(add));
        out.put("local.volume_list_ms.median", RunBenchmarks.median(list));
        out.put("local.volume_list.count", (double) sizes.volumes());
    }

    private static void pods(PodProvider pods, Sizes sizes, Map<String, Double> out) throws Exception {
        List<Double> floor = new ArrayList<>();
        List<Double> start = new ArrayList<>();
        for (int i = 0; i < sizes.pods(); i++) {
            // The floor: what Running means here, a process forked and exec'd (not waited for).
            long t = System.nanoTime();
            Process p = new ProcessBuilder("/bin/true").start();
            floor.add(ms(t));
            p.waitFor();
            t = System.nanoTime();
            pods.createPod(pod("p" + i));
            awaitRunning(pods, "p" + i);
            start.add(ms(t));
        }
        List<Double> exec = new ArrayList<>();
        for (int i = 0; i < sizes.execs(); i++) {
            long t = System.nanoTime();
            pods.runInContainer(
                    "default",
                    "p0",
                    "main",
                    List.of("true"),
                    new ExecIO(null, new ByteArrayOutputStream(), null, false));
            exec.add(ms(t));
        }
        for (int i = 0; i < sizes.pods(); i++) {
            pods.deletePod("default", "p" + i);
        }
        double podRun = RunBenchmarks.median(start);
        double processStart = RunBenchmarks.median(floor);
        out.put("local.pod_run_ms.median", podRun);
        out.put("local.process_start_ms.median", processStart);
        out.put("local.pod_run.vs_process_start", podRun / processStart);
        out.put("local.exec_ms.median", RunBenchmarks.median(exec));
        out.put("local.pod_burst_ms.median", burst(pods, sizes));
        out.put("local.pod_burst.count", (double) sizes.burst());
    }

    // A pod writes a line of sizes.noNewline() bytes and no newline; the peak of its processes' resident memory
    // (wrapper, log loop and command, as the stats summary sums it), sampled every 20 ms until it has ended.
    private static void noNewline(PodProvider pods, Sizes sizes, Map<String, Double> out) {
        pods.createPod(Pod.of(
                "default",
                "nonewline",
                new PodSpec(
                        List.of(Container.of(
                                "main",
                                "none",
                                "sh",
                                "-c",
                                "head -c " + sizes.noNewline() + " /dev/zero | tr '\\000' a")),
                        List.of(),
                        RestartPolicy.NEVER,
                        1,
                        "")));
        long peak = 0;
        while (true) {
            PodPhase phase = pods.getPodStatus("default", "nonewline").phase();
            if (phase == PodPhase.SUCCEEDED || phase == PodPhase.FAILED) {
                break;
            }
            for (var p : pods.getStatsSummary().pods()) {
                if (p.name().equals("nonewline")) {
                    for (var c : p.containers()) {
                        peak = Math.max(peak, c.memoryRssBytes());
                    }
                }
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        pods.deletePod("default", "nonewline");
        out.put("local.nonewline.rss_mb", peak / (1024.0 * 1024.0));
        out.put("local.nonewline.bytes", (double) sizes.noNewline());
    }

    // Creates a burst of pods from 8 threads at once until every one runs, then deletes them; the median round.
    private static double burst(PodProvider pods, Sizes sizes) throws Exception {
        List<Double> rounds = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            for (int round = 0; round < sizes.burstRounds(); round++) {
                List<String> names = new ArrayList<>();
                for (int i = 0; i < sizes.burst(); i++) {
                    names.add("b" + round + "-" + i);
                }
                long t = System.nanoTime();
                List<Future<?>> all = new ArrayList<>();
                names.forEach(name -> all.add(pool.submit(() -> pods.createPod(pod(name)))));
                for (Future<?> f : all) {
                    f.get();
                }
                for (String name : names) {
                    awaitRunning(pods, name);
                }
                rounds.add(ms(t));
                List<Future<?>> gone = new ArrayList<>();
                names.forEach(name -> gone.add(pool.submit(() -> pods.deletePod("default", name))));
                for (Future<?> f : gone) {
                    f.get();
                }
            }
        } finally {
            pool.shutdown();
        }
        return RunBenchmarks.median(rounds);
    }

    private static void awaitRunning(PodProvider pods, String name) {
        while (pods.getPodStatus("default", name).phase() != PodPhase.RUNNING) {
            Thread.onSpinWait();
        }
    }

    private static Pod pod(String name) {
        return Pod.of(
                "default",
                name,
                new PodSpec(
                        List.of(Container.of("main", "none", "sleep", "300")), List.of(), RestartPolicy.NEVER, 1, ""));
    }

    private static double ms(long start) {
        return (System.nanoTime() - start) / 1e6;
    }
}
