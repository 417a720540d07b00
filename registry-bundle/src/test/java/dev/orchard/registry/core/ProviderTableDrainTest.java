package dev.orchard.registry.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.registry.ProviderKind;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Calls in flight, the drain on removal, and the table under concurrent calls and swaps. */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class ProviderTableDrainTest {
    private static final long WAIT_SECONDS = 5;

    private final ProviderTable<FakeHandle<FakeService>, FakeService> table =
            new ProviderTable<>(ProviderKind.ORCHESTRATOR, FakeHandle.access(), List::of);
    private ExecutorService pool;

    @BeforeEach
    void setUp() {
        pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "drain-test");
            t.setDaemon(true);
            return t;
        });
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(WAIT_SECONDS, TimeUnit.SECONDS), "a test thread did not end");
    }

    // Starts removing a registration on the pool, and returns once it has left its name: new calls already go
    // elsewhere while the removal still waits for the calls in flight.
    private CompletableFuture<Boolean> removeAsync(FakeHandle<FakeService> h, long drain, TimeUnit unit)
            throws InterruptedException {
        CompletableFuture<Boolean> removal =
                CompletableFuture.supplyAsync(() -> table.remove(h.key(), drain, unit), pool);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (table.providers().stream().anyMatch(p -> p.serviceId() == h.serviceId())) {
            assertTrue(System.nanoTime() < deadline, "the removal never took the registration out of its name");
            Thread.sleep(1);
        }
        return removal;
    }

    /** A call held inside the provider until {@link #finish} is called. */
    private final class BlockedCall {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch proceed = new CountDownLatch(1);
        final AtomicBoolean returned = new AtomicBoolean();
        final AtomicInteger releasesSeenAtReturn = new AtomicInteger(-1);
        final Future<FakeService> result;

        BlockedCall(FakeHandle<FakeService> expected) {
            result = pool.submit(() -> table.call("mock", s -> {
                entered.countDown();
                try {
                    assertTrue(proceed.await(WAIT_SECONDS, TimeUnit.SECONDS), "the test never let the call go");
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                releasesSeenAtReturn.set(expected.releases());
                returned.set(true);
                return s;
            }));
        }

        void awaitEntered() throws InterruptedException {
            assertTrue(entered.await(WAIT_SECONDS, TimeUnit.SECONDS), "the call never reached the provider");
        }

        FakeService finish() throws Exception {
            proceed.countDown();
            return result.get(WAIT_SECONDS, TimeUnit.SECONDS);
        }
    }

    @Test
    void aRemovalWaitsForTheCallInFlightAndNewCallsGoToTheNextCandidate() throws Exception {
        FakeHandle<FakeService> v1 = FakeHandle.of("mock", 10);
        FakeHandle<FakeService> v2 = FakeHandle.of("mock", 0);
        AtomicBoolean releasedAfterReturn = new AtomicBoolean();
        table.add(v1);
        table.add(v2);
        BlockedCall call = new BlockedCall(v1);
        call.awaitEntered();
        v1.onRelease(s -> {
            releasedAfterReturn.set(call.returned.get());
            s.markReleased();
        });

        CompletableFuture<Boolean> drain = removeAsync(v1, 5, TimeUnit.SECONDS);

        assertThrows(
                TimeoutException.class,
                () -> drain.get(200, TimeUnit.MILLISECONDS),
                "the drain must wait for the call in flight");
        assertEquals(0, v1.releases());
        assertFalse(v1.service().released());

        // While the drain waits, new calls go to the next candidate.
        assertSame(v2.service(), table.call("mock", s -> s));
        assertSame(v2.service(), table.get("mock"));
        assertFalse(drain.isDone());

        assertSame(v1.service(), call.finish(), "the blocked call completes on the provider it started on");
        assertTrue(drain.get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(0, call.releasesSeenAtReturn.get(), "the provider was released while its call ran");
        assertEquals(1, v1.releases());
        assertTrue(releasedAfterReturn.get(), "release must come after the call returned");
        assertTrue(v1.service().released());
        assertEquals(0, v2.releases());
    }

    @Test
    void aRemovalOfTheOnlyCandidateDrainsToo() throws Exception {
        FakeHandle<FakeService> v1 = FakeHandle.of("mock", 0);
        table.add(v1);
        BlockedCall call = new BlockedCall(v1);
        call.awaitEntered();

        CompletableFuture<Boolean> drain = removeAsync(v1, 5, TimeUnit.SECONDS);
        assertThrows(
                NotFoundException.class,
                () -> table.call("mock", s -> s),
                "new calls must not reach a leaving provider");
        assertThrows(TimeoutException.class, () -> drain.get(200, TimeUnit.MILLISECONDS));
        assertEquals(0, v1.releases());

        call.finish();
        drain.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(1, v1.releases());
        assertEquals(0, call.releasesSeenAtReturn.get());
    }

    @Test
    void aDrainWaitsForEveryCallInFlight() throws Exception {
        FakeHandle<FakeService> v1 = FakeHandle.of("mock", 0);
        table.add(v1);
        BlockedCall first = new BlockedCall(v1);
        BlockedCall second = new BlockedCall(v1);
        first.awaitEntered();
        second.awaitEntered();

        CompletableFuture<Boolean> drain = removeAsync(v1, 5, TimeUnit.SECONDS);
        first.finish();
        assertThrows(
                TimeoutException.class, () -> drain.get(200, TimeUnit.MILLISECONDS), "one call is still in flight");
        assertEquals(0, v1.releases());
        second.finish();
        drain.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(1, v1.releases());
    }

    @Test
    void aShortDrainTimeoutReleasesWhileTheCallIsStillInFlight() throws Exception {
        FakeHandle<FakeService> v1 = FakeHandle.of("mock", 0);
        table.add(v1);
        BlockedCall call = new BlockedCall(v1);
        call.awaitEntered();

        long start = System.nanoTime();
        assertTrue(table.remove(v1.key(), 100, TimeUnit.MILLISECONDS));
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        assertTrue(tookMillis >= 90, "the drain gave up after " + tookMillis + " ms, before its timeout");
        assertTrue(tookMillis < 4_000, "the drain took " + tookMillis + " ms for a 100 ms timeout");
        assertFalse(call.returned.get(), "the call is still running");
        assertEquals(1, v1.releases(), "the service is released after the timeout all the same");

        assertSame(v1.service(), call.finish());
        assertEquals(1, call.releasesSeenAtReturn.get());
        assertEquals(1, v1.releases(), "the end of the call must not release again");
    }

    @Test
    void anInterruptedDrainReleasesAndKeepsTheInterrupt() throws Exception {
        FakeHandle<FakeService> v1 = FakeHandle.of("mock", 0);
        table.add(v1);
        BlockedCall call = new BlockedCall(v1);
        call.awaitEntered();
        AtomicBoolean interruptedAfter = new AtomicBoolean();
        CountDownLatch draining = new CountDownLatch(1);
        Thread drainer = new Thread(
                () -> {
                    draining.countDown();
                    table.remove(v1.key(), 30, TimeUnit.SECONDS);
                    interruptedAfter.set(Thread.currentThread().isInterrupted());
                },
                "drainer");
        drainer.setDaemon(true);
        drainer.start();
        assertTrue(draining.await(WAIT_SECONDS, TimeUnit.SECONDS));
        drainer.interrupt();
        drainer.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        assertFalse(drainer.isAlive(), "an interrupt must end the drain");
        assertTrue(interruptedAfter.get(), "the interrupt must be kept for the caller");
        assertEquals(1, v1.releases());
        call.finish();
        assertEquals(1, v1.releases());
    }

    @Test
    void aDrainWithoutCallsInFlightReturnsAtOnce() {
        FakeHandle<FakeService> v1 = FakeHandle.of("mock", 0);
        table.add(v1);
        table.call("mock", s -> s);
        long start = System.nanoTime();
        assertTrue(table.remove(v1.key(), 5, TimeUnit.SECONDS));
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 2_000);
        assertEquals(1, v1.releases());
    }

    @Test
    void concurrentCallsWhileCandidatesAreSwappedNeverReachAReleasedProvider() throws Exception {
        int callers = 4;
        int swaps = 200;
        AtomicLong served = new AtomicLong();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<FakeHandle<FakeService>> all = new ArrayList<>();
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch servedOnce = new CountDownLatch(callers);

        FakeHandle<FakeService> first = FakeHandle.of("mock", 0);
        all.add(first);
        table.add(first);

        List<Future<Long>> callerResults = new ArrayList<>();
        for (int i = 0; i < callers; i++) {
            callerResults.add(pool.submit(() -> {
                long mine = 0;
                while (!stop.get()) {
                    try {
                        FakeService s = table.call("mock", p -> {
                            if (p.released()) {
                                throw new AssertionError("call reached released " + p);
                            }
                            p.use();
                            Thread.onSpinWait();
                            if (p.released()) {
                                throw new AssertionError("released while its call ran: " + p);
                            }
                            return p;
                        });
                        assertNotNull(s);
                        if (mine++ == 0) {
                            servedOnce.countDown();
                        }
                    } catch (Throwable t) {
                        failures.add(t);
                        if (failures.size() > 10) {
                            return mine;
                        }
                    }
                }
                return mine;
            }));
        }
        // Every caller is calling before the first swap.
        assertTrue(servedOnce.await(WAIT_SECONDS, TimeUnit.SECONDS), "the callers never got going: " + failures);

        Future<?> swapper = pool.submit(() -> {
            try {
                FakeHandle<FakeService> low = first;
                for (int i = 0; i < swaps && failures.isEmpty(); i++) {
                    // v2 arrives ranked higher and takes over; v1 leaves and is drained.
                    FakeHandle<FakeService> high = FakeHandle.of("mock", 10);
                    synchronized (all) {
                        all.add(high);
                    }
                    table.add(high);
                    table.remove(low.key(), 5, TimeUnit.SECONDS);
                    // v1 comes back ranked lower; v2 leaves and v1 takes over again.
                    low = FakeHandle.of("mock", 0);
                    synchronized (all) {
                        all.add(low);
                    }
                    table.add(low);
                    table.remove(high.key(), 5, TimeUnit.SECONDS);
                }
            } catch (Throwable t) {
                failures.add(t);
            }
        });
        swapper.get(8, TimeUnit.SECONDS);
        stop.set(true);
        long total = 0;
        List<Long> perCaller = new ArrayList<>();
        for (Future<Long> f : callerResults) {
            long n = f.get(WAIT_SECONDS, TimeUnit.SECONDS);
            perCaller.add(n);
            total += n;
        }
        served.set(total);

        if (!failures.isEmpty()) {
            AssertionError e = new AssertionError(failures.size() + " failure(s); the first: " + failures.peek());
            failures.forEach(e::addSuppressed);
            throw e;
        }
        assertTrue(perCaller.stream().allMatch(n -> n > 0), "every caller was served: " + perCaller);
        assertEquals(1 + 2 * swaps, all.size());
        assertEquals(1, table.providers().size(), "only the last v1 is left");
        long calls = 0;
        synchronized (all) {
            for (FakeHandle<FakeService> h : all) {
                assertTrue(h.obtains() <= 1, h + " was obtained " + h.obtains() + " times");
                assertTrue(h.releases() <= h.obtains(), h + " was released without being obtained");
                calls += h.service().calls();
            }
            FakeHandle<FakeService> last = all.get(all.size() - 1);
            for (FakeHandle<FakeService> h : all) {
                if (h != last) {
                    assertEquals(h.obtains(), h.releases(), h + " left without its service being released");
                }
            }
        }
        assertEquals(served.get(), calls, "every call was served by exactly one provider");
    }
}
