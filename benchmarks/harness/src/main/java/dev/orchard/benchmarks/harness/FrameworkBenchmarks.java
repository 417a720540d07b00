package dev.orchard.benchmarks.harness;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.ProviderProperties;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The in-framework measurements, each against its OSGi baseline in the same run. Results go into one map of
 * numbers, keyed as {@code benchmarks/target/results.properties} names them.
 */
final class FrameworkBenchmarks {
    private static final long SETTLE_MILLIS = 10_000;

    private final BundleContext context;
    private final OrchestratorRegistry registry;
    private final Sizes sizes;
    private final Map<String, Double> results = new LinkedHashMap<>();
    private final List<String> notes = new ArrayList<>();

    FrameworkBenchmarks(BundleContext context, OrchestratorRegistry registry, Sizes sizes) {
        this.context = context;
        this.registry = registry;
        this.sizes = sizes;
    }

    /**
     * What the measurements found beyond their numbers, e.g. where the heap goes.
     *
     * @return lines of text
     */
    List<String> notes() {
        return notes;
    }

    /**
     * Runs every measurement.
     *
     * @return the results
     * @throws Exception if a measurement cannot run
     */
    Map<String, Double> run() throws Exception {
        for (int n : sizes.lookup()) {
            lookups(n);
        }
        bindLatency();
        heap(sizes.heap());
        bundleStartStop();
        hotSwapUnderLoad();
        deploy();
        return results;
    }

    // registry.get against the naive OSGi ways: a filtered service lookup with get and unget, and a tracker scan.
    private void lookups(int n) throws Exception {
        String[] names = new String[n];
        for (int i = 0; i < n; i++) {
            names[i] = "bench-" + i;
        }
        ServiceTracker<Orchestrator, Orchestrator> tracker = new ServiceTracker<>(context, Orchestrator.class, null);
        tracker.open();
        try (Registrar providers = new Registrar(context, "lookup")) {
            providers.register("bench", n, true);
            Timing.await(n + " providers visible", () -> registry.has(names[n - 1]) && registry.has(names[0]));
            // Each provider used once first, as the JMH lookup's set-up does: what is timed is a lookup, not a first
            // use (which obtains the service). Left to the calibration, the first uses sized its batches, and in
            // about 1 run in 10 every timed lookup at N=10,000 took microseconds (a plain loop right after: 15 ns).
            for (String name : names) {
                registry.get(name);
            }
            int[] next = {0};
            Map<String, LongSupplier> methods = new LinkedHashMap<>();
            methods.put("registry", () -> registry.get(names[next[0]++ % n]).hashCode());
            methods.put("filter", () -> {
                String name = names[next[0]++ % n];
                try {
                    ServiceReference<Orchestrator> ref = context.getServiceReferences(
                                    Orchestrator.class, "(" + ProviderProperties.NAME + "=" + name + ")")
                            .iterator()
                            .next();
                    Orchestrator o = context.getService(ref);
                    context.ungetService(ref);
                    return o.hashCode();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            methods.put("tracker", () -> {
                String name = names[next[0]++ % n];
                for (ServiceReference<Orchestrator> ref : tracker.getServiceReferences()) {
                    if (name.equals(ref.getProperty(ProviderProperties.NAME))) {
                        return tracker.getService(ref).hashCode();
                    }
                }
                throw new IllegalStateException("not tracked: " + name);
            });
            Map<String, Double> ns = Timing.interleaved(methods, sizes.batchNanos(), sizes.rounds());
            results.put("lookup.ns.registry.n" + n, ns.get("registry"));
            results.put("lookup.ns.filter.n" + n, ns.get("filter"));
            results.put("lookup.ns.tracker.n" + n, ns.get("tracker"));
            results.put("lookup.vs_filter.n" + n, ns.get("filter") / ns.get("registry"));
            results.put("lookup.vs_tracker.n" + n, ns.get("tracker") / ns.get("registry"));
        } finally {
            tracker.close();
        }
        Timing.await("lookup providers gone", () -> !registry.has(names[0]));
    }

    // DS bind latency (registerService until the registry lists the provider) and unbind latency (unregister until
    // it is gone), while n other providers are registered. The n come from another bundle, as providers do. After
    // a warm-up, the counts alternate block by block, and each block starts its round one count further on, so
    // that every count takes every place in the order once (what follows the teardown of 10,000 providers runs
    // in their garbage); a full collection before each count's rounds keeps one count's garbage out of the next.
    private void bindLatency() throws Exception {
        Map<Integer, List<Double>> bind = new LinkedHashMap<>();
        Map<Integer, List<Double>> unbind = new LinkedHashMap<>();
        probeRounds(sizes.bindRounds(), null, null); // warm-up
        int[] counts = sizes.bind();
        for (int block = 0; block < sizes.bindBlocks(); block++) {
            for (int i = 0; i < counts.length; i++) {
                int n = counts[(block + i) % counts.length];
                try (Registrar load = new Registrar(context, "load")) {
                    load.register("load", n, true);
                    if (n > 0) {
                        Timing.await(
                                n + " load providers bound",
                                () -> !registry.candidates("load-" + (n - 1)).isEmpty());
                    }
                    System.gc();
                    probeRounds(
                            sizes.bindRounds(),
                            bind.computeIfAbsent(n, k -> new ArrayList<>()),
                            unbind.computeIfAbsent(n, k -> new ArrayList<>()));
                }
                Timing.await(
                        "load providers gone",
                        () -> registry.candidates("load-0").isEmpty());
            }
        }
        int first = counts[0];
        int last = counts[counts.length - 1];
        for (int n : counts) {
            results.put("bind.us.n" + n, Timing.median(bind.get(n)) / 1e3);
            results.put("unbind.us.n" + n, Timing.median(unbind.get(n)) / 1e3);
        }
        results.put("bind.growth", results.get("bind.us.n" + last) / results.get("bind.us.n" + first));
        results.put("unbind.growth", results.get("unbind.us.n" + last) / results.get("unbind.us.n" + first));
    }

    private void probeRounds(int rounds, List<Double> bind, List<Double> unbind) {
        for (int r = 0; r < rounds; r++) {
            Dictionary<String, Object> props = new Hashtable<>();
            props.put(ProviderProperties.NAME, "probe");
            Probe probe = new Probe("probe");
            long t = System.nanoTime();
            ServiceRegistration<Orchestrator> reg = context.registerService(Orchestrator.class, probe, props);
            // Listed as a candidate: one name's read, which does not obtain the service.
            Timing.spinUntil(
                    "the probe bound", () -> !registry.candidates("probe").isEmpty(), SETTLE_MILLIS);
            long bound = System.nanoTime() - t;
            t = System.nanoTime();
            reg.unregister();
            Timing.spinUntil(
                    "the probe unbound", () -> registry.candidates("probe").isEmpty(), SETTLE_MILLIS);
            long unbound = System.nanoTime() - t;
            if (bind != null) {
                bind.add((double) bound);
                unbind.add((double) unbound);
            }
        }
    }

    // Heap per provider the registry tracks (the framework's registration, SCR's binding and the registry's
    // entry), against the same object registered with the same properties under a type no one tracks. Counted by
    // class censuses after full collections; the classes that grew are printed, the registry's own among them.
    private void heap(int n) throws Exception {
        HeapCensus base = HeapCensus.take();
        try (Registrar plain = new Registrar(context, "plain")) {
            plain.register("bare", n, false); // names as long as the tracked ones: equal strings
            HeapCensus withPlain = HeapCensus.take();
            try (Registrar tracked = new Registrar(context, "tracked")) {
                tracked.register("heap", n, true);
                Timing.await(
                        n + " providers bound",
                        () -> !registry.candidates("heap-" + (n - 1)).isEmpty());
                HeapCensus withTracked = HeapCensus.take();
                double bare = Math.max(1, (withPlain.total - base.total) / (double) n);
                double provider = Math.max(1, (withTracked.total - withPlain.total) / (double) n);
                results.put("heap.bytes_per_bare_registration", bare);
                results.put("heap.bytes_per_provider", provider);
                results.put("heap.provider_vs_bare", provider / bare);
                notes.add("heap per tracked provider, by class (N=" + n + "):");
                withTracked.growthSince(withPlain, n, 20).forEach(line -> notes.add("  " + line));
                notes.add("heap per bare registration, by class:");
                withPlain.growthSince(base, n, 20).forEach(line -> notes.add("  " + line));
            }
        }
        Timing.await("heap providers gone", () -> registry.candidates("heap-0").isEmpty());
    }

    // A provider bundle's start until the registry serves its provider, and its stop until the name is gone.
    private void bundleStartStop() throws Exception {
        Bundle b = install("tb/swap-v1.jar", "start-stop");
        try {
            List<Double> start = new ArrayList<>();
            List<Double> stop = new ArrayList<>();
            for (int r = 0; r < sizes.startStop(); r++) {
                long t = System.nanoTime();
                b.start();
                Timing.spinUntil("swap served", () -> registry.has("swap"), SETTLE_MILLIS);
                start.add((System.nanoTime() - t) / 1e3);
                t = System.nanoTime();
                b.stop();
                Timing.spinUntil("swap gone", () -> registry.candidates("swap").isEmpty(), SETTLE_MILLIS);
                stop.add((System.nanoTime() - t) / 1e3);
            }
            results.put("bundle.start_to_visible_us.median", Timing.median(start));
            results.put("bundle.stop_to_gone_us.median", Timing.median(stop));
        } finally {
            b.uninstall();
        }
    }

    private Bundle install(String entry, String as) throws Exception {
        try (InputStream in = context.getBundle().getEntry(entry).openStream()) {
            return context.installBundle("bench:" + as + ":" + System.nanoTime(), in);
        }
    }

    // Two callers call the "swap" provider through the registry without pause, while v1 and v2 replace each other;
    // before and after, they run as long with no swap. Every call's latency is recorded; none may fail, and none
    // may reach a provider that was already deactivated.
    private void hotSwapUnderLoad() throws Exception {
        Bundle v1 = install("tb/swap-v1.jar", "swap-v1");
        Bundle v2 = install("tb/swap-v2.jar", "swap-v2");
        try {
            v1.start();
            Timing.await("swap served", () -> registry.has("swap"));
            Callers callers = new Callers(registry, 2);
            double swapMillis;
            try {
                Thread.sleep(sizes.loadMillis()); // warm-up, not recorded
                callers.phase = Callers.IDLE;
                Thread.sleep(sizes.loadMillis());
                callers.phase = Callers.SWAPPING;
                long t = System.nanoTime();
                for (int i = 0; i < sizes.swaps(); i++) {
                    v2.start(); // v2 ranks higher: it replaces v1
                    v1.stop();
                    v1.start(); // v1 ranks lower: shadowed until v2 leaves
                    v2.stop(); // v1 replaces v2
                }
                swapMillis = (System.nanoTime() - t) / 1e6;
                callers.phase = Callers.IDLE;
                Thread.sleep(sizes.loadMillis());
            } finally {
                callers.stop();
            }
            LatencyHistogram idle = callers.merged(Callers.IDLE);
            LatencyHistogram swapping = callers.merged(Callers.SWAPPING);
            results.put("swap.count", (double) (2 * sizes.swaps()));
            results.put("swap.ms", swapMillis);
            results.put("swap.calls", (double) swapping.count());
            results.put("swap.failed_calls", (double) callers.failed.sum());
            results.put("swap.p50_ns.idle", (double) idle.percentile(50));
            results.put("swap.p99_ns.idle", (double) idle.percentile(99));
            results.put("swap.p50_ns.swapping", (double) swapping.percentile(50));
            results.put("swap.p99_ns.swapping", (double) swapping.percentile(99));
            results.put("swap.p50_ratio", swapping.percentile(50) / (double) idle.percentile(50));
            results.put("swap.p99_ratio", swapping.percentile(99) / (double) idle.percentile(99));
            if (callers.failed.sum() > 0) {
                System.err.println("bench: " + callers.failed.sum() + " calls failed during the swaps; the first: "
                        + callers.firstFailure);
            }
        } finally {
            v1.uninstall();
            v2.uninstall();
        }
    }

    /** Caller threads, each recording its calls' latencies into its own histogram of the current phase. */
    private static final class Callers {
        static final int WARM_UP = 0;
        static final int IDLE = 1;
        static final int SWAPPING = 2;

        final LongAdder failed = new LongAdder();
        volatile String firstFailure;
        volatile int phase = WARM_UP;
        private volatile boolean running = true;
        private final List<Thread> threads = new ArrayList<>();
        // [thread][phase]; read only after the threads have ended
        private final List<LatencyHistogram[]> histograms = new ArrayList<>();

        Callers(OrchestratorRegistry registry, int n) {
            for (int t = 0; t < n; t++) {
                LatencyHistogram[] mine = {new LatencyHistogram(), new LatencyHistogram(), new LatencyHistogram()};
                histograms.add(mine);
                Thread caller = new Thread(
                        () -> {
                            while (running) {
                                int now = phase;
                                long start = System.nanoTime();
                                try {
                                    String region = registry.call("swap", Orchestrator::region);
                                    long took = System.nanoTime() - start;
                                    if ("active".equals(region)) {
                                        mine[now].record(took);
                                    } else {
                                        fail("a call reached a deactivated provider");
                                    }
                                } catch (RuntimeException e) {
                                    fail(e.toString());
                                }
                            }
                        },
                        "bench-swap-caller-" + t);
                caller.setDaemon(true);
                threads.add(caller);
                caller.start();
            }
        }

        private void fail(String why) {
            failed.increment();
            if (firstFailure == null) {
                firstFailure = why;
            }
        }

        void stop() throws InterruptedException {
            running = false;
            for (Thread t : threads) {
                t.join(10_000);
            }
        }

        LatencyHistogram merged(int which) {
            LatencyHistogram all = new LatencyHistogram();
            histograms.forEach(h -> all.add(h[which]));
            return all;
        }
    }

    // FileInstall: a provider bundle dropped into deploy/ until the registry serves it, at the runtime's poll.
    private void deploy() throws Exception {
        Path dir = Path.of(System.getProperty("felix.fileinstall.dir"));
        long poll = Long.getLong("felix.fileinstall.poll", 2_000L);
        byte[] jar;
        try (InputStream in = context.getBundle().getEntry("tb/swap-v1.jar").openStream()) {
            jar = in.readAllBytes();
        }
        List<Double> visible = new ArrayList<>();
        List<Double> gone = new ArrayList<>();
        Path staged = dir.resolveSibling(".bench-swap.jar");
        Path dropped = dir.resolve("bench-swap.jar");
        for (int r = 0; r < sizes.deploys(); r++) {
            Files.write(staged, jar); // written outside deploy/, then moved in whole
            long t = System.nanoTime();
            Files.move(staged, dropped, StandardCopyOption.ATOMIC_MOVE);
            Timing.await("the dropped bundle served", () -> registry.has("swap"));
            visible.add((System.nanoTime() - t) / 1e6);
            t = System.nanoTime();
            Files.delete(dropped);
            Timing.await(
                    "the deleted bundle gone", () -> registry.candidates("swap").isEmpty());
            gone.add((System.nanoTime() - t) / 1e6);
        }
        results.put("deploy.poll_ms", (double) poll);
        results.put("deploy.visible_ms.median", Timing.median(visible));
        results.put("deploy.gone_ms.median", Timing.median(gone));
    }
}
