package dev.orchard.provider.local.internal;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.RestartPolicy;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Measures the local provider, as the local provider issue asks; prints medians, asserts nothing. Skipped unless
 * asked for:
 *
 * <pre>mvn -B -q -pl provider-bundles/local -am install -DskipTests
 * mvn -B -pl provider-bundles/local test -Dtest=LocalMeasurement -Dorchard.measure=true</pre>
 */
class LocalMeasurement {
    @TempDir
    Path dir;

    @Test
    void measure() throws Exception {
        assumeTrue(Boolean.getBoolean("orchard.measure"), "set -Dorchard.measure=true to measure");
        LocalStorage storage = new LocalStorage(dir.resolve("volumes"), 1L << 50, Clock.systemUTC());
        List<Double> add = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            long t = System.nanoTime();
            storage.addStorage(
                    VolumeProfile.builder().name("v" + i).capacity("1Mi").build());
            add.add(ms(t));
        }
        List<Double> list = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            long t = System.nanoTime();
            storage.listStorage(VolumeProfile.builder().build());
            list.add(ms(t));
        }
        LocalPods pods = new LocalPods(dir.resolve("pods"), storage, Clock.systemUTC(), "local", 110);
        try {
            List<Double> floor = new ArrayList<>();
            List<Double> start = new ArrayList<>();
            for (int i = 0; i < 21; i++) {
                // The floor: what Running means here, a process forked and exec'd (not waited for).
                long t = System.nanoTime();
                Process p = new ProcessBuilder("/bin/true").start();
                floor.add(ms(t));
                p.waitFor();
                t = System.nanoTime();
                pods.createPod(pod("p" + i));
                while (pods.getPodStatus("default", "p" + i).phase() != PodPhase.RUNNING) {
                    Thread.onSpinWait();
                }
                start.add(ms(t));
            }
            List<Double> exec = new ArrayList<>();
            for (int i = 0; i < 21; i++) {
                long t = System.nanoTime();
                pods.runInContainer(
                        "default",
                        "p0",
                        "main",
                        List.of("true"),
                        new ExecIO(null, new ByteArrayOutputStream(), null, false));
                exec.add(ms(t));
            }
            for (int i = 0; i < 21; i++) {
                pods.deletePod("default", "p" + i);
            }
            List<Double> fifty = new ArrayList<>();
            ExecutorService pool = Executors.newFixedThreadPool(8);
            for (int round = 0; round < 3; round++) {
                long t = System.nanoTime();
                List<Future<?>> all = new ArrayList<>();
                for (int i = 0; i < 50; i++) {
                    String name = "b" + round + "-" + i;
                    all.add(pool.submit(() -> pods.createPod(pod(name))));
                }
                for (Future<?> f : all) {
                    f.get();
                }
                for (int i = 0; i < 50; i++) {
                    while (pods.getPodStatus("default", "b" + round + "-" + i).phase() != PodPhase.RUNNING) {
                        Thread.onSpinWait();
                    }
                }
                fifty.add(ms(t));
                List<Future<?>> gone = new ArrayList<>();
                for (int i = 0; i < 50; i++) {
                    String name = "b" + round + "-" + i;
                    gone.add(pool.submit(() -> pods.deletePod("default", name)));
                }
                for (Future<?> f : gone) {
                    f.get();
                }
            }
            pool.shutdown();
            double podStart = median(start);
            double fork = median(floor);
            System.out.printf(
                    "local provider, medians (%d cores):%n",
                    Runtime.getRuntime().availableProcessors());
            System.out.printf("  volume add                      %8.2f ms  (1,000 adds)%n", median(add));
            System.out.printf("  list of 1,000 volumes           %8.2f ms%n", median(list));
            System.out.printf("  pod create until Running        %8.2f ms  (21 pods)%n", podStart);
            System.out.printf(
                    "  bare fork/exec of /bin/true     %8.2f ms  (ProcessBuilder.start, same run; pod start is %.1fx)%n",
                    fork, podStart / fork);
            System.out.printf("  50 pods at once until Running   %8.2f ms  (3 rounds)%n", median(fifty));
            System.out.printf("  exec round trip (true)          %8.2f ms  (21 execs)%n", median(exec));
        } finally {
            pods.close();
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

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
