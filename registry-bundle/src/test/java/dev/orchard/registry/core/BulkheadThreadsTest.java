package dev.orchard.registry.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.registry.CallDeadline;
import dev.orchard.api.registry.ProviderKind;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How many threads a provider's calls with a deadline hold: as many as ran at once, not one per call, and none a
 * few seconds after the last call (a runtime polled by {@code /metrics} or a dashboard must not keep every provider's
 * whole bound of threads alive).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class BulkheadThreadsTest {
    private static final String THREADS = "orchard-call-orchestrator-quick-";
    private static final CallDeadline DEADLINE = CallDeadline.ofMillis(5_000, "call.timeout.ms in configuration test");

    private final ProviderTable<FakeHandle<FakeService>, FakeService> table =
            new ProviderTable<>(ProviderKind.ORCHESTRATOR, FakeHandle.access(), List::of);
    private final FakeHandle<FakeService> quick = FakeHandle.of("quick", 0);
    private final ExecutorService callers = Executors.newCachedThreadPool();

    // Each test counts the threads of its own table: those of an earlier test's closed table end just after it.
    @org.junit.jupiter.api.BeforeEach
    void noThreadsOfAnEarlierTest() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!threadsNamed(THREADS).isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "an earlier test's threads never ended: " + threadsNamed(THREADS));
            Thread.sleep(20);
        }
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        callers.shutdownNow();
        assertTrue(callers.awaitTermination(10, TimeUnit.SECONDS));
        table.close();
    }

    @Test
    void callsOneAfterAnotherShareOneThread() {
        table.add(quick.key());
        for (int i = 0; i < 50; i++) {
            assertSame(quick.service(), table.call("quick", "getPods", DEADLINE, FakeService::use));
        }
        // One, not one per call (the executor this replaced had 16 after 50 calls): a thread counts as free before its
        // caller has the answer, so the next call never races it to a new thread, however loaded the machine.
        assertEquals(1, threadsNamed(THREADS).size(), "threads after 50 calls, one at a time");
    }

    @Test
    void callsOneAfterAnotherAreNeverRefusedByABoundOfOneThreadAndNoQueue() {
        table.add(quick.key());
        table.callBounds(1, 0, "bounds");
        // Each call's place is free before its caller has the answer: the next one never finds it still taken.
        for (int i = 0; i < 500; i++) {
            assertSame(quick.service(), table.call("quick", "getPods", DEADLINE, FakeService::use), "call " + i);
        }
    }

    @Test
    void callsAtOnceGetAThreadEachThenReuseThemAndTheyEndWhenIdle() throws Exception {
        table.add(quick.key());
        CountDownLatch entered = new CountDownLatch(3);
        CountDownLatch release = new CountDownLatch(1);
        List<Future<?>> calls = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            calls.add(callers.submit(() -> table.call("quick", "getPods", DEADLINE, s -> {
                entered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return s;
            })));
        }
        assertTrue(entered.await(5, TimeUnit.SECONDS), "three calls run at once, on a thread each");
        release.countDown();
        for (Future<?> f : calls) {
            f.get(5, TimeUnit.SECONDS);
        }
        for (int i = 0; i < 50; i++) {
            table.call("quick", "getPods", DEADLINE, FakeService::use);
        }
        assertEquals(3, threadsNamed(THREADS).size(), "the threads of three calls at once, reused since");

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Bulkhead.IDLE_SECONDS + 3);
        while (!threadsNamed(THREADS).isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "idle threads never ended: " + threadsNamed(THREADS));
            Thread.sleep(50);
        }
    }

    @Test
    void raisingTheBoundGivesWaitingCallsAThreadEachAndNoMore() throws Exception {
        table.add(quick.key());
        table.callBounds(1, 10, "bounds");
        CountDownLatch entered = new CountDownLatch(3);
        CountDownLatch release = new CountDownLatch(1);
        List<Future<?>> calls = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            calls.add(callers.submit(() -> table.call("quick", "getPods", DEADLINE, s -> {
                entered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return s;
            })));
        }
        long wait = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (entered.getCount() > 2) {
            assertTrue(System.nanoTime() < wait, "the first call never ran");
            Thread.sleep(10);
        }
        Thread.sleep(200); // the two others wait for the only thread
        assertEquals(2, entered.getCount(), "one thread: one call runs, two wait");

        table.callBounds(10, 10, "bounds");
        assertTrue(entered.await(5, TimeUnit.SECONDS), "the waiting calls got threads of the raised bound");
        assertEquals(3, threadsNamed(THREADS).size(), "a thread per call, not the whole new bound");
        release.countDown();
        for (Future<?> f : calls) {
            f.get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void underATrickleOfCallsTheThreadsNotNeededEndAfterTheirIdleTime() throws Exception {
        table.add(quick.key());
        CountDownLatch entered = new CountDownLatch(4);
        CountDownLatch release = new CountDownLatch(1);
        List<Future<?>> calls = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            calls.add(callers.submit(() -> table.call("quick", "getPods", DEADLINE, s -> {
                entered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return s;
            })));
        }
        assertTrue(entered.await(5, TimeUnit.SECONDS), "four calls run at once, on a thread each");
        release.countDown();
        for (Future<?> f : calls) {
            f.get(5, TimeUnit.SECONDS);
        }
        // A poll every 100 ms, one call at a time, for longer than the idle time: the thread idle last takes each, so
        // the three others are not woken in turn and end (handed round, each would be busy before its 5 s ran out).
        // The poll goes on until one thread is left, or for twice the idle time (handed round, all four would stay).
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2L * Bulkhead.IDLE_SECONDS);
        while (System.nanoTime() < until && threadsNamed(THREADS).size() > 1) {
            table.call("quick", "getPods", DEADLINE, FakeService::use);
            Thread.sleep(100);
        }
        assertEquals(1, threadsNamed(THREADS).size(), "threads left under a trickle: " + threadsNamed(THREADS));
    }

    private static List<Thread> threadsNamed(String prefix) {
        List<Thread> found = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith(prefix) && t.isAlive()) {
                found.add(t);
            }
        }
        return found;
    }
}
