package dev.orchard.registry.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.ProviderProperties;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The in-framework half of the benchmarks: registry lookups against the naive OSGi ways, and DS bind and unbind
 * latency as the number of registered providers grows. JMH does not run inside OSGi, so this harness warms up,
 * calibrates its batches and interleaves the methods in shuffled order itself, and reports medians and ratios.
 *
 * <p>By default it is a smoke run at tiny sizes, part of every build so that it cannot rot. The measurement:
 * {@code mvn -B -pl registry-tests -am verify -DargLine=-Dorchard.bench=full}, which writes
 * {@code registry-tests/target/framework-results.properties}.
 */
@ExtendWith({BundleContextExtension.class, ServiceExtension.class})
class FrameworkBenchmarkTest {
    private static final boolean FULL = "full".equals(System.getProperty("orchard.bench"));
    private static final int[] SIZES = FULL ? new int[] {1, 100, 10_000} : new int[] {1, 10};
    private static final int[] BIND_SIZES = FULL ? new int[] {0, 1_000, 10_000} : new int[] {0, 10};

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    OrchestratorRegistry registry;

    @Test
    void lookupsAndBindLatency() throws Exception {
        Map<String, Double> results = new LinkedHashMap<>();
        for (int n : SIZES) {
            lookups(n, results);
        }
        for (int n : BIND_SIZES) {
            bindLatency(n, results);
        }
        heap(SIZES[SIZES.length - 1], results);
        bundleStartStop(results);
        double bind0 = results.get("bind.ns.n" + BIND_SIZES[0]);
        double bindN = results.get("bind.ns.n" + BIND_SIZES[BIND_SIZES.length - 1]);
        double unbind0 = results.get("unbind.ns.n" + BIND_SIZES[0]);
        double unbindN = results.get("unbind.ns.n" + BIND_SIZES[BIND_SIZES.length - 1]);
        results.put("bind.growth", bindN / bind0);
        results.put("unbind.growth", unbindN / unbind0);

        System.out.println(FULL ? "in-framework benchmarks:" : "in-framework benchmarks (smoke run, not a measurement):");
        results.forEach((k, v) -> System.out.printf("  %-34s %12.2f%n", k, v));
        Properties p = new Properties();
        results.forEach((k, v) -> p.setProperty(k, String.format("%.4f", v)));
        Path out = Path.of(System.getProperty("user.dir")).resolve("framework-results.properties");
        try (OutputStream o = Files.newOutputStream(out)) {
            p.store(o, FULL ? "in-framework benchmarks" : "smoke run: not a measurement");
        }
        assertTrue(results.values().stream().allMatch(v -> v > 0 && Double.isFinite(v)), results::toString);
    }

    private void lookups(int n, Map<String, Double> results) throws Exception {
        List<ServiceRegistration<Orchestrator>> regs = register(n, "bench");
        ServiceTracker<Orchestrator, Orchestrator> tracker = new ServiceTracker<>(context, Orchestrator.class, null);
        tracker.open();
        try {
            String[] names = new String[n];
            for (int i = 0; i < n; i++) {
                names[i] = "bench-" + i;
            }
            Await.until(n + " providers visible", () -> registry.has(names[n - 1]) && registry.has(names[0]));
            int[] next = {0};
            Map<String, LongSupplier> methods = new LinkedHashMap<>();
            methods.put("registry", () -> registry.get(names[next[0]++ % n]).hashCode());
            methods.put("filter", () -> {
                String name = names[next[0]++ % n];
                try {
                    ServiceReference<Orchestrator> ref = context.getServiceReferences(Orchestrator.class,
                            "(" + ProviderProperties.NAME + "=" + name + ")").iterator().next();
                    Orchestrator o = context.getService(ref);
                    context.ungetService(ref);
                    return o.hashCode();
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            });
            methods.put("tracker", () -> {
                String name = names[next[0]++ % n];
                for (ServiceReference<Orchestrator> ref : tracker.getServiceReferences()) {
                    if (name.equals(ref.getProperty(ProviderProperties.NAME))) {
                        return tracker.getService(ref).hashCode();
                    }
                }
                throw new AssertionError("not tracked: " + name);
            });
            Map<String, Double> ns = measure(methods);
            results.put("lookup.ns.registry.n" + n, ns.get("registry"));
            results.put("lookup.ns.filter.n" + n, ns.get("filter"));
            results.put("lookup.ns.tracker.n" + n, ns.get("tracker"));
            results.put("lookup.vs_filter.n" + n, ns.get("filter") / ns.get("registry"));
            results.put("lookup.vs_tracker.n" + n, ns.get("tracker") / ns.get("registry"));
        } finally {
            tracker.close();
            regs.forEach(ServiceRegistration::unregister);
        }
    }

    // Interleaves the methods in shuffled order over rounds of calibrated batches; the median ns per call each.
    private static Map<String, Double> measure(Map<String, LongSupplier> methods) {
        Map<String, Integer> batch = new LinkedHashMap<>();
        long sink = 0;
        for (Map.Entry<String, LongSupplier> m : methods.entrySet()) {
            int size = 1;
            long t;
            do {
                size *= 2;
                t = System.nanoTime();
                for (int i = 0; i < size; i++) {
                    sink += m.getValue().getAsLong();
                }
            } while (System.nanoTime() - t < (FULL ? 20_000_000 : 200_000) && size < (1 << 24));
            batch.put(m.getKey(), size);
        }
        Map<String, List<Double>> samples = new LinkedHashMap<>();
        methods.keySet().forEach(k -> samples.put(k, new ArrayList<>()));
        List<String> order = new ArrayList<>(methods.keySet());
        Random random = new Random(42);
        int rounds = FULL ? 21 : 3;
        for (int r = 0; r < rounds; r++) {
            Collections.shuffle(order, random);
            for (String k : order) {
                LongSupplier m = methods.get(k);
                int size = batch.get(k);
                long t = System.nanoTime();
                for (int i = 0; i < size; i++) {
                    sink += m.getAsLong();
                }
                samples.get(k).add((System.nanoTime() - t) / (double) size);
            }
        }
        if (sink == 42) {
            System.out.print(""); // keeps the results alive
        }
        Map<String, Double> median = new LinkedHashMap<>();
        samples.forEach((k, v) -> {
            Collections.sort(v);
            median.put(k, v.get(v.size() / 2));
        });
        return median;
    }

    // DS bind latency: registerService until the registry has the name; unbind: unregister until it is gone.
    private void bindLatency(int n, Map<String, Double> results) {
        List<ServiceRegistration<Orchestrator>> regs = register(n, "load");
        try {
            if (n > 0) {
                Await.until(n + " load providers bound", () -> registry.has("load-" + (n - 1)));
            }
            int rounds = FULL ? 201 : 5;
            List<Double> bind = new ArrayList<>();
            List<Double> unbind = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                Dictionary<String, Object> props = new Hashtable<>();
                props.put(ProviderProperties.NAME, "probe");
                long t = System.nanoTime();
                ServiceRegistration<Orchestrator> reg =
                        context.registerService(Orchestrator.class, new TestOrchestrator("probe"), props);
                // Visible as a candidate: a read of one name's slot, which does not obtain the service.
                while (registry.candidates("probe").isEmpty()) {
                    Thread.onSpinWait();
                }
                bind.add((double) (System.nanoTime() - t));
                t = System.nanoTime();
                reg.unregister();
                while (!registry.candidates("probe").isEmpty()) {
                    Thread.onSpinWait();
                }
                unbind.add((double) (System.nanoTime() - t));
            }
            Collections.sort(bind);
            Collections.sort(unbind);
            results.put("bind.ns.n" + n, bind.get(bind.size() / 2));
            results.put("unbind.ns.n" + n, unbind.get(unbind.size() / 2));
        } finally {
            regs.forEach(ServiceRegistration::unregister);
            assertEquals(false, registry.has("load-0"));
        }
    }

    // A provider bundle's start until the registry serves its provider, and its stop until the name is gone.
    private void bundleStartStop(Map<String, Double> results) throws Exception {
        Bundle b;
        try (java.io.InputStream in = context.getBundle().getEntry("tb/swap-v1.jar").openStream()) {
            b = context.installBundle("bench:swap-v1", in);
        }
        try {
            List<Double> start = new ArrayList<>();
            List<Double> stop = new ArrayList<>();
            for (int r = 0; r < (FULL ? 51 : 3); r++) {
                long t = System.nanoTime();
                b.start();
                while (!registry.has("swap")) {
                    Thread.onSpinWait();
                }
                start.add((System.nanoTime() - t) / 1e3);
                t = System.nanoTime();
                b.stop();
                while (!registry.candidates("swap").isEmpty()) {
                    Thread.onSpinWait();
                }
                stop.add((System.nanoTime() - t) / 1e3);
            }
            Collections.sort(start);
            Collections.sort(stop);
            results.put("bundle.start_to_visible_us.median", start.get(start.size() / 2));
            results.put("bundle.stop_to_gone_us.median", stop.get(stop.size() / 2));
        } finally {
            b.uninstall();
        }
    }

    // Heap per provider the registry tracks (Felix's registration, SCR's binding, the registry's candidate),
    // against a bare registration of a type nobody tracks, with the same properties.
    private void heap(int n, Map<String, Double> results) throws Exception {
        long base = usedHeap();
        List<ServiceRegistration<?>> plain = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Dictionary<String, Object> props = new Hashtable<>();
            props.put(ProviderProperties.NAME, "plain-" + i);
            plain.add(context.registerService(Runnable.class, () -> { }, props));
        }
        long withPlain = usedHeap();
        List<ServiceRegistration<Orchestrator>> tracked = register(n, "heap");
        Await.until(n + " providers bound", () -> !registry.candidates("heap-" + (n - 1)).isEmpty());
        long withTracked = usedHeap();
        tracked.forEach(ServiceRegistration::unregister);
        plain.forEach(ServiceRegistration::unregister);
        double bare = Math.max(1, (withPlain - base) / (double) n);
        double provider = Math.max(1, (withTracked - withPlain) / (double) n);
        results.put("heap.bytes_per_bare_registration.n" + n, bare);
        results.put("heap.bytes_per_provider", provider);
        results.put("heap.provider_vs_bare", provider / bare);
    }

    private static long usedHeap() throws InterruptedException {
        Runtime rt = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(50);
            used = Math.min(used, rt.totalMemory() - rt.freeMemory());
        }
        return used;
    }

    private List<ServiceRegistration<Orchestrator>> register(int n, String prefix) {
        List<ServiceRegistration<Orchestrator>> regs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Dictionary<String, Object> props = new Hashtable<>();
            props.put(ProviderProperties.NAME, prefix + "-" + i);
            regs.add(context.registerService(Orchestrator.class, new TestOrchestrator(prefix + "-" + i), props));
        }
        return regs;
    }
}
