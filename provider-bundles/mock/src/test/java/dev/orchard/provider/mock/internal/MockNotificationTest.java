package dev.orchard.provider.mock.internal;

import static dev.orchard.provider.mock.internal.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MockNotificationTest {
    private static final long TIMEOUT_SECONDS = 10;

    private final MockInstance mock = Fixtures.provider();
    private final BlockingQueue<Pod> received = new LinkedBlockingQueue<>();

    @AfterEach
    void close() {
        mock.close();
    }

    private Pod next() throws InterruptedException {
        Pod p = received.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertNotNull(p, "no notification within " + TIMEOUT_SECONDS + " s");
        return p;
    }

    @Test
    void createNotifiesRunningAndDeleteNotifiesSucceeded() throws Exception {
        mock.pods().notifyPods(received::add);
        mock.pods().createPod(pod("default", "web"));

        Pod running = next();
        assertEquals("web", running.name());
        assertEquals(PodPhase.RUNNING, running.status().phase());
        assertEquals(mock.pods().getPod("default", "web"), running);

        mock.pods().deletePod("default", "web");
        Pod done = next();
        assertEquals("web", done.name());
        assertEquals(running.metadata().uid(), done.metadata().uid());
        assertEquals(PodPhase.SUCCEEDED, done.status().phase());
        assertEquals(1, done.status().containerStatuses().size());
        for (ContainerStatus cs : done.status().containerStatuses()) {
            assertEquals(ContainerState.TERMINATED, cs.state());
            assertEquals(Integer.valueOf(0), cs.exitCode());
            assertEquals(false, cs.ready());
            assertNotNull(cs.finishedAt());
        }
        assertNull(received.poll(100, TimeUnit.MILLISECONDS), "no further notification expected");
    }

    @Test
    void updateNotifiesTheUpdatedPod() throws Exception {
        mock.pods().notifyPods(received::add);
        mock.pods().createPod(Fixtures.podWithLabels("default", "web", Map.of("v", "1"), Fixtures.logging()));
        assertEquals(PodPhase.RUNNING, next().status().phase());
        mock.pods().updatePod(Fixtures.podWithLabels("default", "web", Map.of("v", "2"), Fixtures.logging()));
        Pod updated = next();
        assertEquals(Map.of("v", "2"), updated.metadata().labels());
        assertEquals(PodPhase.RUNNING, updated.status().phase());
    }

    @Test
    void notificationsAreDeliveredOnAnotherThread() throws Exception {
        AtomicReference<Thread> deliveredOn = new AtomicReference<>();
        mock.pods().notifyPods(p -> {
            deliveredOn.set(Thread.currentThread());
            received.add(p);
        });
        mock.pods().createPod(pod("default", "web"));
        next();
        assertNotSame(Thread.currentThread(), deliveredOn.get());
    }

    @Test
    void aFailedOperationNotifiesNothing() throws Exception {
        mock.pods().notifyPods(received::add);
        mock.pods().createPod(pod("default", "web"));
        next();
        try {
            mock.pods().createPod(pod("default", "web"));
        } catch (RuntimeException expected) {
            // AlreadyExists
        }
        try {
            mock.pods().deletePod("default", "nothing");
        } catch (RuntimeException expected) {
            // NotFound
        }
        assertNull(received.poll(200, TimeUnit.MILLISECONDS));
    }

    @Test
    void aThrowingCallbackDoesNotBreakLaterNotifications() throws Exception {
        mock.pods().notifyPods(p -> {
            received.add(p);
            throw new IllegalStateException("callback failed on purpose (expected in this test)");
        });
        mock.pods().createPod(pod("default", "one"));
        assertEquals("one", next().name());
        mock.pods().createPod(pod("default", "two"));
        assertEquals("two", next().name());
        mock.pods().deletePod("default", "one");
        Pod deleted = next();
        assertEquals("one", deleted.name());
        assertEquals(PodPhase.SUCCEEDED, deleted.status().phase());
    }

    @Test
    void aSlowCallbackDoesNotBlockTheCaller() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch entered = new CountDownLatch(1);
        mock.pods().notifyPods(p -> {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            received.add(p);
        });
        // A thread of the test's own: the common pool may have a single worker (on Java 25 with 2 cores it does),
        // shared with whatever else this JVM runs there, and the caller's calls must not wait on that.
        ExecutorService caller = Executors.newSingleThreadExecutor();
        try {
            CompletableFuture<Void> first =
                    CompletableFuture.runAsync(() -> mock.pods().createPod(pod("default", "one")), caller);
            first.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertTrue(entered.await(TIMEOUT_SECONDS, TimeUnit.SECONDS), "the callback was never called");

            // The callback is still blocked; more operations must still return.
            CompletableFuture<Void> more = CompletableFuture.runAsync(
                    () -> {
                        mock.pods().createPod(pod("default", "two"));
                        mock.pods().deletePod("default", "one");
                        mock.pods().getPods();
                    },
                    caller);
            more.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertEquals(
                    List.of("two"),
                    mock.pods().getPods().stream().map(Pod::name).toList());
            assertTrue(received.isEmpty(), "the callback should still be blocked");
        } finally {
            release.countDown();
            caller.shutdownNow();
        }
        assertEquals("one", next().name());
        assertEquals("two", next().name());
        Pod deleted = next();
        assertEquals("one", deleted.name());
        assertEquals(PodPhase.SUCCEEDED, deleted.status().phase());
    }

    @Test
    void aCallbackMayCallBackIntoTheProvider() throws Exception {
        mock.pods().notifyPods(p -> received.add(mock.pods().getPod(p.namespace(), p.name())));
        mock.pods().createPod(pod("default", "web"));
        assertEquals(PodPhase.RUNNING, next().status().phase());
    }

    @Test
    void onlyTheLastRegisteredCallbackIsCalled() throws Exception {
        BlockingQueue<Pod> old = new LinkedBlockingQueue<>();
        mock.pods().notifyPods(old::add);
        mock.pods().notifyPods(received::add);
        mock.pods().createPod(pod("default", "web"));
        assertEquals("web", next().name());
        assertNull(old.poll(100, TimeUnit.MILLISECONDS));
    }

    @Test
    void withoutACallbackNothingFailsAndAfterCloseOperationsStillWork() throws Exception {
        mock.pods().createPod(pod("default", "quiet"));
        mock.pods().notifyPods(received::add);
        mock.close();
        mock.pods().createPod(pod("default", "after-close"));
        mock.pods().deletePod("default", "after-close");
        assertEquals(
                List.of("quiet"), mock.pods().getPods().stream().map(Pod::name).toList());
    }

    /**
     * Create and delete race on the same pods from two threads; whatever the interleaving, the last notification
     * of each pod must agree with its final state (notifications are queued in the order the changes happen).
     */
    @Test
    void notificationsFollowTheOrderOfTheChanges() throws Exception {
        Map<String, Pod> last = new ConcurrentHashMap<>();
        CountDownLatch quiet = new CountDownLatch(1);
        mock.pods().notifyPods(p -> {
            if (p.name().equals("sentinel")) {
                quiet.countDown();
            } else {
                last.put(p.name(), p);
            }
        });
        int rounds = 2000;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> work = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                work.add(pool.submit(() -> {
                    for (int i = 0; i < rounds; i++) {
                        String name = "p" + (i % 5);
                        try {
                            mock.pods().createPod(pod("default", name));
                        } catch (RuntimeException exists) {
                            // the other thread created it
                        }
                        try {
                            mock.pods().deletePod("default", name);
                        } catch (RuntimeException gone) {
                            // the other thread deleted it
                        }
                    }
                }));
            }
            for (Future<?> f : work) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        mock.pods().createPod(pod("default", "sentinel"));
        assertTrue(quiet.await(TIMEOUT_SECONDS, TimeUnit.SECONDS));
        for (int i = 0; i < 5; i++) {
            Pod p = last.get("p" + i);
            assertNotNull(p);
            assertEquals(
                    PodPhase.SUCCEEDED,
                    p.status().phase(),
                    "p" + i + " is deleted, so its last notification must say so");
        }
    }
}
