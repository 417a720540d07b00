package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.registry.OrchestratorRegistry;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/** /metrics: real values after real calls, the API's token rule, and a hung provider that cannot hang a scrape. */
class MetricsTest {
    private static final String CALLS = "orchard_registry_call_duration_seconds";
    private static final String ERRORS = "orchard_registry_call_errors_total";

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    OrchestratorRegistry orchestrators;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configurations;

    @Test
    void callsThroughTheApiAndTheirErrorsAreCountedByProviderOperationAndCategory() {
        Api api = Api.await(context);
        URI base = api.base();
        Scrape before = Scrape.of(base, null);
        double listed = before.value(CALLS, "provider", "mock", "operation", "listStorage");
        double notFound =
                before.value(ERRORS, "provider", "mock", "operation", "metrics-test", "category", "NOT_FOUND");
        double unknown = before.value(ERRORS, "provider", "_unknown", "category", "NOT_FOUND");

        assertEquals(200, api.get("/orchestrators/mock/volumes").status());
        assertThrows(
                NotFoundException.class,
                () -> orchestrators.call("mock", "metrics-test", o -> {
                    throw new NotFoundException("no such thing in the mock");
                }));
        assertEquals(404, api.get("/orchestrators/nobody-here/volumes").status());

        // The registry reports asynchronously: wait for the counts to move.
        Await.until(
                "the calls to be counted",
                () -> {
                    Scrape s = Scrape.of(base, null);
                    return s.value(CALLS, "provider", "mock", "operation", "listStorage") == listed + 1
                            && s.value(ERRORS, "provider", "mock", "operation", "metrics-test", "category", "NOT_FOUND")
                                    == notFound + 1
                            && s.value(ERRORS, "provider", "_unknown", "category", "NOT_FOUND") == unknown + 1;
                },
                () -> registryLines(Scrape.text(base)));
        Scrape after = Scrape.of(base, null);
        assertEquals(
                before.value(CALLS, "provider", "mock", "operation", "metrics-test") + 1,
                after.value(CALLS, "provider", "mock", "operation", "metrics-test"),
                "a failed call is timed too");
        assertTrue(
                after.value(CALLS, "provider", "mock", "operation", "scrape_volumes") > 0,
                "the scrape's own calls are told apart from the API's");
        assertEquals(1, after.value("orchard_providers", "kind", "orchestrator", "name", "mock", "state", "ACTIVE"));
        assertTrue(after.sample("orchard_volumes", "provider", "mock").isPresent(), after::toString);
        assertTrue(
                after.sample("orchard_pods", "provider", "mock", "phase", "RUNNING")
                        .isPresent(),
                after::toString);
        assertTrue(after.has("jvm_memory_used_bytes"), after::toString);

        String text = Scrape.text(base);
        assertTrue(text.contains("# TYPE " + CALLS + " histogram"), text);
        assertTrue(text.contains("orchard_registry_call_errors_total{"), text);
    }

    @Test
    void eachVolumeShowsItsUsedBytesBesideItsCapacity() {
        Api api = Api.await(context);
        String volumes = "/orchestrators/mock/volumes";
        assertEquals(
                201,
                api.post(volumes, "{\"name\":\"metrics-usage\",\"capacity\":\"3Mi\"}")
                        .status());
        try {
            Scrape s = Scrape.of(api.base(), null);
            String[] labels = {"provider", "mock", "namespace", "default", "volume", "metrics-usage"};
            assertEquals(3 << 20, s.value("orchard_volume_capacity_bytes", labels), s::toString);
            assertTrue(s.sample("orchard_volume_used_bytes", labels).isPresent(), s::toString);
            assertEquals(0, s.value("orchard_volume_used_bytes", labels), "the mock writes nothing");
        } finally {
            api.delete(volumes + "/default/metrics-usage");
        }
    }

    @Test
    void aHungProviderIsLeftOutOfTheScrapeWithTheReason() throws Exception {
        URI base = Api.await(context).base();
        CountDownLatch release = new CountDownLatch(1);
        try (TestProviders providers = new TestProviders(context)) {
            providers.register(Orchestrator.class, TestProviders.hung("metrics-hung", release), "metrics-hung");
            Await.until("the hung orchestrator to be served", () -> orchestrators.has("metrics-hung"));
            try {
                long start = System.nanoTime();
                Scrape first = Scrape.of(base, null);
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertTrue(millis < 10_000, "the scrape took " + millis + " ms");
                assertFalse(
                        first.sample("orchard_volumes", "provider", "metrics-hung")
                                .isPresent(),
                        first::toString);
                assertTrue(first.sample("orchard_volumes", "provider", "mock").isPresent(), first::toString);
                assertEquals(
                        1, first.value("orchard_scrape_errors_total", "provider", "metrics-hung", "reason", "timeout"));

                // Still hung, and left out again: its call was interrupted at the deadline and this provider honours
                // interrupts, so it is asked again (timeout); one deaf to them would still hold its call (busy).
                Scrape second = Scrape.of(base, null);
                assertFalse(
                        second.sample("orchard_volumes", "provider", "metrics-hung")
                                .isPresent(),
                        second::toString);
                assertEquals(
                        2,
                        second.value("orchard_scrape_errors_total", "provider", "metrics-hung", "reason", "timeout")
                                + second.value(
                                        "orchard_scrape_errors_total", "provider", "metrics-hung", "reason", "busy"));
            } finally {
                release.countDown();
            }
        }
        // Its arrival and departure are swaps; its departure drained the call the first scrape left in flight.
        String[] hung = {"kind", "orchestrator", "provider", "metrics-hung"};
        Await.until(
                "the hung orchestrator's swaps and drain to be counted",
                () -> {
                    Scrape s = Scrape.of(base, null);
                    return s.value("orchard_registry_swaps_total", "provider", "metrics-hung", "change", "added") == 1
                            && s.value("orchard_registry_swaps_total", "provider", "metrics-hung", "change", "removed")
                                    == 1
                            && s.value("orchard_registry_drain_duration_seconds", hung) == 1;
                },
                () -> registryLines(Scrape.text(base)));
    }

    @Test
    void withATokenTheMetricsNeedItToo() throws Exception {
        Path token = AuthTest.tokenFile("metrics-token\n", "rw-------");
        Configuration orchard = configurations.getConfiguration("dev.orchard.http", "?");
        try {
            orchard.update(AuthTest.properties(token));
            Api api = Api.await(
                    context,
                    "the API to need the token",
                    a -> a.get("/providers").status() == 401);
            assertEquals(401, Scrape.get(api.base(), "", null).statusCode());
            assertEquals(401, Scrape.get(api.base(), "wrong", null).statusCode());
            assertTrue(Scrape.get(api.base(), "", null)
                    .headers()
                    .firstValue("WWW-Authenticate")
                    .orElse("")
                    .startsWith("Bearer"));
            assertTrue(Scrape.of(api.base(), "metrics-token").has("orchard_providers"));
        } finally {
            orchard.delete();
        }
        // Back to the add-on's own token, which a scrape needs as well.
        Api api = Api.await(
                context,
                "the add-on's own token again",
                a -> a.get("/providers").status() == 200);
        assertEquals(200, Scrape.get(api.base(), null, null).statusCode());
        assertEquals(401, Scrape.get(api.base(), "", null).statusCode());
    }

    // The registry's samples of a text scrape, to show what a failed wait saw.
    private static String registryLines(String text) {
        return text.lines()
                .filter(l -> l.startsWith("orchard_registry") && !l.contains("_bucket"))
                .toList()
                .toString();
    }
}
