package dev.orchard.provider.mock.internal;

import dev.orchard.api.pod.Pod;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers the mock's pod changes to the one registered callback, in the order they happened, on a thread of its
 * own, so that a slow or throwing callback never blocks or breaks the caller that changed a pod.
 */
final class MockNotifications {
    private static final Logger LOG = LoggerFactory.getLogger(MockNotifications.class);

    private final String provider;
    private final ExecutorService thread;
    private volatile Consumer<Pod> callback;

    /**
     * Starts the delivery thread.
     *
     * @param provider the provider name, for the thread's name and the log
     */
    MockNotifications(String provider) {
        this.provider = provider;
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "orchard-mock-" + provider + "-notify");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Sets the callback; it replaces any earlier one.
     *
     * @param listener called with each changed pod
     */
    void listen(Consumer<Pod> listener) {
        this.callback = listener;
    }

    /**
     * Queues a change. Called while the caller still holds the lock under which the pod changed, so the queue's
     * order is the order of the changes.
     *
     * @param pod the pod as it is now
     */
    void changed(Pod pod) {
        Consumer<Pod> listener = callback;
        if (listener == null) {
            return;
        }
        try {
            thread.execute(() -> {
                try {
                    listener.accept(pod);
                } catch (RuntimeException e) {
                    LOG.warn("Pod notification callback of mock {} threw", provider, e);
                }
            });
        } catch (RejectedExecutionException closed) {
            // the provider is closing; nobody listens any more
        }
    }

    /** Stops delivering; changes after this are dropped. */
    void close() {
        thread.shutdownNow();
    }
}
