package dev.orchard.registry.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.registry.CallDeadline;
import dev.orchard.api.registry.ProviderKind;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Calls with a deadline: a hung provider costs its caller the deadline and a bounded number of threads, which it
 * gives back when it returns or is released, and the other providers never notice it.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ProviderTableDeadlineTest {
    private static final String SET_BY = "call.timeout.ms in configuration test";
    private static final String HANG_THREADS = "orchard-call-orchestrator-hang-";

    private final ProviderTable<FakeHandle<FakeService>, FakeService> table =
            new ProviderTable<>(ProviderKind.ORCHESTRATOR, FakeHandle.access(), List::of);
    private final FakeHandle<FakeService> hang = FakeHandle.of("hang", 0);
    private final FakeHandle<FakeService> mock = FakeHandle.of("mock", 0);
    // Released by the test: until then every call on "hang" is stuck, deaf to interrupts, as a hung provider is.
    private final CountDownLatch release = new CountDownLatch(1);
    private ExecutorService callers;

    @BeforeEach
    void setUp() {
        table.add(hang.key());
        table.add(mock.key());
        callers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "deadline-test-caller");
            t.setDaemon(true);
            return t;
        });
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        release.countDown();
        callers.shutdownNow();
        assertTrue(callers.awaitTermination(10, TimeUnit.SECONDS), "a caller never returned");
        table.close();
    }

    private static CallDeadline millis(long ms) {
        return CallDeadline.ofMillis(ms, SET_BY);
    }

    // A provider method that hangs until the test releases it, and ignores interrupts meanwhile.
    private <R> Function<FakeService, R> hangs(CountDownLatch entered, R result) {
        return s -> {
            entered.countDown();
            boolean interrupted = false;
            while (true) {
                try {
                    release.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return result;
        };
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

    private static void awaitThreads(String prefix, int count, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (threadsNamed(prefix).size() != count) {
            assertTrue(
                    System.nanoTime() < deadline,
                    "expected " + count + " threads named " + prefix + "*, have " + threadsNamed(prefix));
            Thread.sleep(10);
        }
    }

    @Test
    void theCallerOfAHungProviderReturnsAtItsDeadlineWithAMessageThatSaysWhatToChange() {
        CountDownLatch entered = new CountDownLatch(1);
        long start = System.nanoTime();

        UnavailableException e = assertThrows(
                UnavailableException.class, () -> table.call("hang", "listStorage", millis(300), hangs(entered, 1)));

        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(tookMs >= 290 && tookMs < 2_000, "the caller returned after " + tookMs + " ms, not at 300 ms");
        assertEquals(0, entered.getCount(), "the call reached the provider");
        assertTrue(e.getMessage().contains("\"hang\""), e.getMessage());
        assertTrue(e.getMessage().contains("listStorage"), e.getMessage());
        assertTrue(e.getMessage().contains("300 ms"), e.getMessage());
        assertTrue(e.getMessage().contains(SET_BY), e.getMessage());
    }

    @Test
    void aCallRunsOnAThreadOfItsProviderAndItsResultAndErrorsComeBackAsTheyWere() {
        AtomicReference<String> thread = new AtomicReference<>();
        FakeService s = table.call("mock", "op", millis(5_000), x -> {
            thread.set(Thread.currentThread().getName());
            return x.use();
        });
        assertSame(mock.service(), s);
        assertTrue(thread.get().startsWith("orchard-call-orchestrator-mock-"), thread.get());

        NotFoundException thrown = new NotFoundException("no volume x");
        assertSame(
                thrown,
                assertThrows(
                        NotFoundException.class,
                        () -> table.call("mock", "op", millis(5_000), x -> {
                            throw thrown;
                        })));
        assertThrows(NotFoundException.class, () -> table.call("nothing", "op", millis(5_000), x -> x));
    }

    @Test
    void aCheckedExceptionThrownSneakilyIsAProviderFaultWithoutItsSecret() {
        String secret = "S3cr3t-" + System.nanoTime();
        ProviderFaultException fault = assertThrows(
                ProviderFaultException.class,
                () -> table.call(
                        "mock",
                        "op",
                        millis(5_000),
                        x -> sneaky(new java.io.IOException(
                                "GET https://admin:p@" + secret + "@10.0.0.1/api: Authorization: bearer " + secret))));
        assertTrue(
                fault.getMessage().startsWith("the provider threw java.io.IOException: GET https://***@10.0.0.1/api"),
                fault.getMessage());
        java.io.StringWriter trace = new java.io.StringWriter();
        fault.printStackTrace(new java.io.PrintWriter(trace));
        assertFalse(trace.toString().contains(secret), "nor in its logged stack trace: " + trace);
    }

    @SuppressWarnings("unchecked")
    private static <R, T extends Throwable> R sneaky(Throwable t) throws T {
        throw (T) t;
    }

    @Test
    void aFullBulkheadRefusesAtOnceAndNamesItsBounds() throws Exception {
        table.callBounds(2, 1, "call.threads and call.queue in configuration test");
        CountDownLatch entered = new CountDownLatch(2);
        List<Future<Integer>> stuck = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            stuck.add(callers.submit(() -> table.call("hang", "getPods", millis(20_000), hangs(entered, 1))));
        }
        assertTrue(entered.await(5, TimeUnit.SECONDS), "two calls should run");
        awaitQueued(stuck);

        long start = System.nanoTime();
        UnavailableException e =
                assertThrows(UnavailableException.class, () -> table.call("hang", "getPods", millis(20_000), x -> 1));

        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(tookMs < 500, "a full bulkhead must refuse at once, took " + tookMs + " ms");
        assertTrue(e.getMessage().contains("busy"), e.getMessage());
        assertTrue(e.getMessage().contains("2 call threads and 1 waiting places"), e.getMessage());
        assertTrue(e.getMessage().contains("call.threads and call.queue in configuration test"), e.getMessage());
        assertEquals(2, threadsNamed(HANG_THREADS).size(), "the provider holds exactly its bound of threads");

        release.countDown();
        for (Future<Integer> f : stuck) {
            assertEquals(1, f.get(5, TimeUnit.SECONDS), "the calls that waited ran once the provider returned");
        }
    }

    // The third caller waits in the queue: the only way to see it from outside is that it has not returned.
    private static void awaitQueued(List<Future<Integer>> stuck) throws InterruptedException {
        Thread.sleep(100);
        for (Future<Integer> f : stuck) {
            assertTrue(!f.isDone(), "a call of the hung provider returned");
        }
    }

    @Test
    void aHungProviderHoldsAtMostItsBoundOfThreadsAndGivesThemBackWhenItReturns() throws Exception {
        table.callBounds(4, 0, "bounds");
        CountDownLatch entered = new CountDownLatch(4);
        List<Future<?>> calls = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            calls.add(callers.submit(() -> assertThrows(
                    UnavailableException.class, () -> table.call("hang", "getPods", millis(300), hangs(entered, 1)))));
        }
        for (Future<?> f : calls) {
            f.get(5, TimeUnit.SECONDS); // every caller returned: refused at once, or at its deadline
        }
        assertEquals(0, entered.getCount());
        assertEquals(4, threadsNamed(HANG_THREADS).size(), "50 callers, 4 threads stuck in the provider");
        assertThrows(
                UnavailableException.class,
                () -> table.call("hang", "getPods", millis(5_000), x -> 1),
                "the stuck threads are still the provider's");

        release.countDown();

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        Integer answered = null;
        while (answered == null) {
            try {
                answered = table.call("hang", "getPods", millis(5_000), x -> 7);
            } catch (UnavailableException stillBusy) {
                assertTrue(System.nanoTime() < deadline, "the threads were never given back: " + stillBusy);
                Thread.sleep(10);
            }
        }
        assertEquals(7, answered);
        awaitThreads(HANG_THREADS, 0, Bulkhead.IDLE_SECONDS + 5);
    }

    @Test
    void theOtherProvidersAnswerWhileOneHangs() throws Exception {
        table.callBounds(2, 2, "bounds");
        CountDownLatch entered = new CountDownLatch(2);
        for (int i = 0; i < 10; i++) {
            callers.submit(() -> table.call("hang", "getPods", millis(20_000), hangs(entered, 1)));
        }
        assertTrue(entered.await(5, TimeUnit.SECONDS));

        for (int i = 0; i < 100; i++) {
            long start = System.nanoTime();
            assertSame(mock.service(), table.call("mock", "getPods", millis(1_000), FakeService::use));
            assertSame(mock.service(), table.call("mock", FakeService::use));
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 1_000);
        }
    }

    @Test
    void aProviderThatHonoursInterruptsStopsAtTheDeadlineAndFreesItsThread() throws Exception {
        table.callBounds(1, 0, "bounds");
        AtomicBoolean interrupted = new AtomicBoolean();
        CountDownLatch stopped = new CountDownLatch(1);

        assertThrows(
                UnavailableException.class,
                () -> table.call("mock", "getPods", millis(200), s -> {
                    try {
                        Thread.sleep(20_000);
                    } catch (InterruptedException e) {
                        interrupted.set(true);
                    } finally {
                        stopped.countDown();
                    }
                    return s;
                }));

        assertTrue(stopped.await(2, TimeUnit.SECONDS), "the call was not interrupted at its deadline");
        assertTrue(interrupted.get());
        // Its only thread is free again (once the interrupted call has returned through it, just after its finally
        // block above): the next call runs, and is not hit by the earlier interrupt.
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (true) {
            try {
                assertSame(mock.service(), table.call("mock", "getPods", millis(2_000), s -> {
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException e) {
                        throw new AssertionError("an interrupt meant for an earlier call reached this one", e);
                    }
                    return s;
                }));
                break;
            } catch (UnavailableException busy) {
                assertTrue(System.nanoTime() < until, "the thread was not freed: " + busy.getMessage());
                Thread.sleep(5);
            }
        }
    }

    @Test
    void aRemovalDrainsForItsTimeOnlyAndThenTheStuckThreadsEndWhenTheProviderReturns() throws Exception {
        table.callBounds(3, 0, "bounds");
        CountDownLatch entered = new CountDownLatch(3);
        for (int i = 0; i < 3; i++) {
            callers.submit(() -> table.call("hang", "getPods", millis(200), hangs(entered, 1)));
        }
        assertTrue(entered.await(5, TimeUnit.SECONDS));
        Thread.sleep(300); // every caller has gone: the three calls are abandoned, still in the provider

        long start = System.nanoTime();
        assertTrue(table.remove(hang.key(), 300, TimeUnit.MILLISECONDS));
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        assertTrue(tookMs < 2_000, "the drain waited " + tookMs + " ms for calls nobody waits for");
        assertEquals(1, hang.releases(), "released after the drain timeout");
        assertEquals(3, threadsNamed(HANG_THREADS).size(), "the threads stay as long as the provider holds them");
        release.countDown();
        awaitThreads(HANG_THREADS, 0, 2); // closed on release: they end as soon as the provider returns
        assertThrows(NotFoundException.class, () -> table.call("hang", "getPods", millis(1_000), x -> 1));
    }

    @Test
    void theLateResultOfAnAbandonedCallIsClosed() throws Exception {
        AtomicBoolean closed = new AtomicBoolean();
        AutoCloseable stream = () -> closed.set(true);
        assertThrows(
                UnavailableException.class,
                () -> table.call("hang", "getContainerLogs", millis(100), hangs(new CountDownLatch(1), stream)));
        assertTrue(!closed.get());

        release.countDown();

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!closed.get()) {
            assertTrue(System.nanoTime() < deadline, "the stream that came too late was never closed");
            Thread.sleep(10);
        }
    }

    @Test
    void aCallerInterruptedWhileItWaitsReturnsAtOnceAndKeepsItsInterrupt() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        Future<Boolean> caller = callers.submit(() -> {
            assertThrows(
                    UnavailableException.class, () -> table.call("hang", "getPods", millis(20_000), hangs(entered, 1)));
            return Thread.currentThread().isInterrupted();
        });
        assertTrue(entered.await(5, TimeUnit.SECONDS));
        callers.shutdownNow(); // interrupts the caller
        assertTrue(caller.get(2, TimeUnit.SECONDS), "the caller lost its interrupt");
    }
}
