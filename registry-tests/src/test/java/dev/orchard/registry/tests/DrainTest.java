package dev.orchard.registry.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.ProviderProperties;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/** Unregistering a provider waits for the calls in flight through the registry; new calls go elsewhere. */
@ExtendWith({BundleContextExtension.class, ServiceExtension.class})
class DrainTest {
    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    OrchestratorRegistry registry;

    @Test
    void unregisterWaitsForTheCallInFlightWhileNewCallsGoToTheNextCandidate() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Dictionary<String, Object> high = new Hashtable<>();
        high.put(ProviderProperties.NAME, "draining");
        high.put(Constants.SERVICE_RANKING, 10);
        ServiceRegistration<Orchestrator> slow = context.registerService(
                Orchestrator.class,
                new TestOrchestrator("slow", () -> {
                    entered.countDown();
                    try {
                        release.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return "done";
                }),
                high);
        Dictionary<String, Object> low = new Hashtable<>();
        low.put(ProviderProperties.NAME, "draining");
        ServiceRegistration<Orchestrator> next =
                context.registerService(Orchestrator.class, new TestOrchestrator("next"), low);
        // Threads of the test's own: the common pool may have a single worker (on Java 25 with 2 cores it does),
        // and the unregister would then wait behind the call it must drain.
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<String> inFlight =
                    CompletableFuture.supplyAsync(() -> registry.call("draining", Orchestrator::region), threads);
            assertTrue(entered.await(10, TimeUnit.SECONDS), "the call reached the slow provider");

            CompletableFuture<Void> unregistering = CompletableFuture.runAsync(slow::unregister, threads);
            Await.until(
                    "the slow provider to be taken out of service",
                    () -> "next".equals(registry.call("draining", Orchestrator::label)));
            try {
                unregistering.get(300, TimeUnit.MILLISECONDS);
                throw new AssertionError("unregister returned while a call was still in flight");
            } catch (TimeoutException expected) {
                // still draining
            }
            assertFalse(inFlight.isDone());

            release.countDown();
            assertEquals("done", inFlight.get(10, TimeUnit.SECONDS), "the call in flight completed normally");
            unregistering.get(10, TimeUnit.SECONDS);
        } finally {
            release.countDown();
            threads.shutdown();
            next.unregister();
        }
    }
}
