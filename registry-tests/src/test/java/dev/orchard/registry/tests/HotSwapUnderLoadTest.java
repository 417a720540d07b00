package dev.orchard.registry.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.test.common.annotation.InjectBundleInstaller;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.install.BundleInstaller;
import org.osgi.test.junit5.context.BundleInstallerExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * 4 threads call the "swap" provider through the registries while v1 and v2 replace each other 200 times each
 * way. No call may fail, and none may reach a provider that was already deactivated.
 */
@ExtendWith({BundleInstallerExtension.class, ServiceExtension.class})
class HotSwapUnderLoadTest {
    private static final int SWAPS = 200;

    @InjectBundleInstaller
    BundleInstaller installer;

    @InjectService(timeout = 10_000)
    OrchestratorRegistry orchestrators;

    @InjectService(timeout = 10_000)
    PodProviderRegistry pods;

    @Test
    void noCallFailsWhileV1AndV2ReplaceEachOther() throws Exception {
        Bundle v1 = installer.installBundle("tb/swap-v1.jar", true);
        Bundle v2 = installer.installBundle("tb/swap-v2.jar", false);
        Await.until("v1 serving", () -> orchestrators.has("swap") && pods.exists("swap"));

        AtomicBoolean running = new AtomicBoolean(true);
        LongAdder calls = new LongAdder();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> notActive = new ConcurrentLinkedQueue<>();
        Map<String, LongAdder> servedBy = new ConcurrentHashMap<>();
        List<Thread> callers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            boolean viaPods = t % 2 == 1;
            Thread caller = new Thread(
                    () -> {
                        while (running.get()) {
                            try {
                                String served = viaPods
                                        ? pods.call("swap", p -> check((Orchestrator) p, notActive))
                                        : orchestrators.call("swap", o -> check(o, notActive));
                                servedBy.computeIfAbsent(served, k -> new LongAdder())
                                        .increment();
                                calls.increment();
                            } catch (Throwable e) {
                                failures.add(e);
                            }
                        }
                    },
                    "swap-caller-" + t);
            callers.add(caller);
            caller.start();
        }

        long start = System.nanoTime();
        for (int i = 0; i < SWAPS; i++) {
            v2.start(); // v2 ranks higher: it replaces v1
            v1.stop();
            v1.start(); // v1 ranks lower: shadowed until v2 leaves
            v2.stop(); // v1 replaces v2
        }
        long swapMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        running.set(false);
        for (Thread caller : callers) {
            caller.join(10_000);
        }

        assertTrue(failures.isEmpty(), () -> failures.size() + " calls failed, first: " + failures.peek());
        assertTrue(notActive.isEmpty(), () -> notActive.size() + " calls reached a deactivated provider");
        assertTrue(calls.sum() > SWAPS, "the callers made " + calls.sum() + " calls during " + swapMillis + " ms");
        assertTrue(
                servedBy.containsKey("1.0.0") && servedBy.containsKey("2.0.0"),
                () -> "both versions served calls: " + servedBy);
        assertEquals("1.0.0", orchestrators.call("swap", Orchestrator::label));
        System.out.printf(
                "hot swap: %d swaps each way in %d ms, %d calls, 0 failed, served by %s%n",
                SWAPS, swapMillis, calls.sum(), servedBy);
    }

    private static String check(Orchestrator o, ConcurrentLinkedQueue<String> notActive) {
        String label = o.label();
        if (!"active".equals(o.region())) {
            notActive.add(label);
        }
        return label;
    }
}
