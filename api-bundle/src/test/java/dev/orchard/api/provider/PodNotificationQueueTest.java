package dev.orchard.api.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodSpec;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The one notification queue every pod provider uses: order, isolation from the callback, and its end. */
class PodNotificationQueueTest {
    private static Pod pod(String name) {
        return Pod.of("default", name, PodSpec.of(Container.of("c", "img", "true")));
    }

    @Test
    void changesReachTheCallbackInTheOrderQueuedOnAnotherThreadAndAThrowingCallbackStopsNothing() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        List<String> failed = new CopyOnWriteArrayList<>();
        CountDownLatch all = new CountDownLatch(100);
        Thread caller = Thread.currentThread();
        try (PodNotificationQueue queue =
                new PodNotificationQueue("test-notify", (pod, e) -> failed.add(pod.name() + ":" + e.getMessage()))) {
            queue.callback(pod -> {
                try {
                    if (Thread.currentThread() == caller) {
                        seen.add("on the caller's thread");
                    }
                    seen.add(pod.name());
                    if (pod.name().equals("p7")) {
                        throw new IllegalStateException("callback bug");
                    }
                } finally {
                    all.countDown(); // last: the test reads what the callback saw once the count is down
                }
            });
            for (int i = 0; i < 100; i++) {
                String name = "p" + i;
                queue.publish(() -> pod(name));
            }
            assertTrue(all.await(10, TimeUnit.SECONDS), "every change was delivered");
        }
        assertEquals(100, seen.size(), seen::toString);
        for (int i = 0; i < 100; i++) {
            assertEquals("p" + i, seen.get(i), "in the order queued");
        }
        assertEquals(List.of("p7:callback bug"), failed, "the failure is reported with its pod");
    }

    @Test
    void noPodIsBuiltWithoutACallbackNorAfterClose() {
        AtomicInteger built = new AtomicInteger();
        PodNotificationQueue queue = new PodNotificationQueue("test-notify", (pod, e) -> {});
        queue.publish(() -> {
            built.incrementAndGet();
            return pod("none");
        });
        queue.callback(pod -> {});
        queue.close();
        queue.publish(() -> {
            built.incrementAndGet();
            return pod("closed");
        });
        assertEquals(0, built.get(), "a change nobody can receive costs nothing");
    }
}
