package dev.orchard.provider.local.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replacement of the local provider with a higher ranking (a newer bundle), arriving while the old instance
 * holds running pods, takes over when the old one leaves: every call made through the registry meanwhile
 * succeeds, and the new instance serves the same pods, adopted, with no process started twice.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class LocalProviderReplacementTest {
    private static final int PODS = 3;

    @TempDir
    Path dir;

    private final RegistryFramework framework = new RegistryFramework(5_000);
    private final List<LocalProviderComponent> components = new ArrayList<>();

    @AfterEach
    void stop() {
        try {
            for (Pod p : framework.registry().call("local", PodProvider::getPods)) {
                framework.registry().call("local", pods -> {
                    pods.deletePod(p.namespace(), p.name());
                    return null;
                });
            }
        } finally {
            components.forEach(LocalProviderComponent::deactivate);
        }
    }

    private LocalProviderComponent start(String bundleVersion, int ranking) {
        Map<String, Object> props = new HashMap<>();
        props.put("volume.root", dir.resolve("volumes").toString());
        props.put("sandbox.root", dir.resolve("pods").toString());
        props.put("service.ranking", ranking);
        LocalProviderComponent c = new LocalProviderComponent(framework.bundle(bundleVersion), props);
        components.add(c);
        return c;
    }

    // Each start of the container adds a line to a file in its sandbox: an adopted pod keeps one line.
    private static Pod counter(String name) {
        return Pod.of(
                "default",
                name,
                new PodSpec(
                        List.of(Container.of("c", "none", "sh", "-c", "echo $$ >> starts; sleep 300")),
                        List.of(),
                        RestartPolicy.ALWAYS,
                        1,
                        ""));
    }

    @Test
    void aHigherRankedReplacementBecomesActiveWithNoFailedCallAndNoPodRunTwice() throws Exception {
        LocalProviderComponent old = start("1.0.0", 0);
        for (int i = 0; i < PODS; i++) {
            Pod pod = counter("web-" + i);
            framework.registry().call("local", p -> {
                p.createPod(pod);
                return null;
            });
        }
        await("every pod's first start", () -> starts().values().stream().allMatch(n -> n == 1));
        Map<String, Instant> before = startedAt();
        assertEquals(PODS, before.size());

        // Calls through the registry, without a pause, from before the replacement arrives until it serves.
        AtomicBoolean calling = new AtomicBoolean(true);
        AtomicInteger calls = new AtomicInteger();
        ConcurrentLinkedQueue<Throwable> failed = new ConcurrentLinkedQueue<>();
        Thread caller = new Thread(() -> {
            while (calling.get()) {
                try {
                    int n = framework.registry().call("local", p -> p.getPods().size());
                    if (n != PODS) {
                        failed.add(new AssertionError(n + " pods listed, expected " + PODS));
                    }
                    calls.incrementAndGet();
                } catch (RuntimeException e) {
                    failed.add(e);
                }
            }
        });
        caller.start();
        try {
            start("2.0.0", 10);
            assertEquals(
                    ProviderState.FAILED,
                    candidate("2.0.0").state(),
                    "the replacement waits for the roots: " + candidate("2.0.0"));
            assertEquals(ProviderState.ACTIVE, candidate("1.0.0").state());
            int callsBeforeSwap = calls.get();

            old.deactivate(); // the old bundle stops
            components.remove(old);
            await(
                    "the replacement to serve",
                    () -> framework.registry().providers().stream()
                            .anyMatch(i -> i.bundleVersion().equals("2.0.0") && i.state() == ProviderState.ACTIVE));
            int callsAtSwap = calls.get();
            await("calls to the replacement", () -> calls.get() > callsAtSwap + 10);
            assertTrue(callsAtSwap > callsBeforeSwap, "calls were made during the swap");
        } finally {
            calling.set(false);
            caller.join();
        }
        assertEquals(
                0, failed.size(), () -> failed.size() + " calls failed during the swap, the first: " + failed.peek());
        assertEquals(before, startedAt(), "the same runs, adopted");
        Thread.sleep(300); // a second start, if any, would write its line by now
        assertTrue(starts().values().stream().allMatch(n -> n == 1), "no process started twice: " + starts());
    }

    private ProviderInfo candidate(String bundleVersion) {
        return framework.registry().candidates("local").stream()
                .filter(i -> i.bundleVersion().equals(bundleVersion))
                .findFirst()
                .orElseThrow();
    }

    private Map<String, Instant> startedAt() {
        Map<String, Instant> out = new TreeMap<>();
        for (Pod p : framework.registry().call("local", PodProvider::getPods)) {
            assertEquals(PodPhase.RUNNING, p.status().phase(), p.name());
            ContainerStatus c = p.status().containerStatuses().get(0);
            out.put(p.name(), c.startedAt());
        }
        return out;
    }

    private Map<String, Long> starts() {
        Map<String, Long> out = new TreeMap<>();
        for (int i = 0; i < PODS; i++) {
            Path file = dir.resolve("pods/default/web-" + i + "/starts");
            try {
                out.put(
                        "web-" + i,
                        Files.exists(file) ? (long) Files.readAllLines(file).size() : 0L);
            } catch (java.io.IOException e) {
                out.put("web-" + i, 0L);
            }
        }
        return out;
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what);
            Thread.sleep(5);
        }
    }
}
