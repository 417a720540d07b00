package dev.orchard.registry.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.OrchardException.Category;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.RegistryObserver;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Reports reach observers off the caller's thread; a blocked observer costs dropped reports, never a wait. */
class RegistryReportsTest {
    @Test
    void withoutObserversNothingIsQueued() {
        RegistryReports reports = new RegistryReports(ProviderKind.POD);
        assertFalse(reports.active());
        reports.called("a", "op", 1, null);
        assertEquals(0, reports.dropped());
        reports.close();
    }

    @Test
    void aBlockedObserverMakesReportsDropNotWait() throws Exception {
        RegistryReports reports = new RegistryReports(ProviderKind.ORCHESTRATOR);
        CountDownLatch release = new CountDownLatch(1);
        List<String> seen = new CopyOnWriteArrayList<>();
        reports.add(new RegistryObserver() {
            @Override
            public void callEnded(
                    ProviderKind kind, String provider, String operation, long nanos, Optional<Category> error) {
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                seen.add(operation + " " + error.map(Category::name).orElse("ok") + " on "
                        + Thread.currentThread().getName());
            }
        });
        try {
            int sent = RegistryReports.QUEUE_CAPACITY * 2;
            long start = System.nanoTime();
            for (int i = 0; i < sent; i++) {
                reports.called("a", "op", 1, i == 0 ? new IllegalStateException("bug") : null);
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(millis < 5_000, sent + " reports took " + millis + " ms with a blocked observer");
            // One is being delivered, QUEUE_CAPACITY wait; the rest were dropped.
            assertTrue(reports.dropped() >= sent - RegistryReports.QUEUE_CAPACITY - 1, "dropped " + reports.dropped());
        } finally {
            release.countDown();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (seen.size() + reports.dropped() < RegistryReports.QUEUE_CAPACITY * 2 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(RegistryReports.QUEUE_CAPACITY * 2, seen.size() + reports.dropped());
        assertTrue(seen.get(0).startsWith("op PROVIDER_FAULT on orchard-registry-observers-orchestrator"), seen.get(0));
        reports.close();
    }
}
