package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.pod.Pod;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pushes each pod change to the {@code notifyPods} callback, on a thread of its own and in the order the changes
 * were made, so that a slow callback holds up no pod and no caller. A callback that throws is logged.
 */
final class PodNotifications {
    private static final Logger LOG = LoggerFactory.getLogger(PodNotifications.class);

    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "orchard-local-notify");
        t.setDaemon(true);
        return t;
    });
    private volatile Consumer<Pod> callback;

    /** Sets the callback, replacing any earlier one. */
    void callback(Consumer<Pod> next) {
        this.callback = next;
    }

    /**
     * Queues a pod's new state for the callback. Called under the pod's lock, so one pod's changes queue in the
     * order they were made.
     *
     * @param now builds the pod as it is now, on the caller's thread; not called while no callback is set
     */
    void publish(Supplier<Pod> now) {
        Consumer<Pod> to = callback;
        if (to == null) {
            return;
        }
        Pod pod = now.get();
        try {
            thread.execute(() -> {
                try {
                    to.accept(pod);
                } catch (RuntimeException e) {
                    LOG.warn("Pod notification callback threw", e);
                }
            });
        } catch (RejectedExecutionException closing) {
            // the provider is closing
        }
    }

    /** Stops the thread; changes made afterwards are not pushed. */
    void close() {
        thread.shutdownNow();
    }
}
