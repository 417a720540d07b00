package dev.orchard.provider.kubernetes.internal.pods;

import dev.orchard.api.pod.Pod;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers pod changes to the one callback registered through {@code notifyPods}, in the order the informer saw
 * them, on a thread of its own: a slow or throwing callback never holds up the informer.
 */
final class PodNotifications implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PodNotifications.class);

    private final String provider;
    private final ExecutorService thread;
    private volatile Consumer<Pod> callback;

    /**
     * Starts the delivery thread.
     *
     * @param provider the provider's name, for the thread and the log
     */
    PodNotifications(String provider) {
        this.provider = provider;
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "orchard-kubernetes-" + provider + "-notify");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Sets the callback, replacing any earlier one, as {@code PodNotifier} has it.
     *
     * @param listener receives each changed pod
     */
    void listen(Consumer<Pod> listener) {
        callback = listener;
    }

    /**
     * Queues a changed pod for the callback.
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
                    LOG.warn("Pod notification callback of provider {} threw", provider, e);
                }
            });
        } catch (RejectedExecutionException closed) {
            // closing: nobody listens any more
        }
    }

    /** Stops delivering. */
    @Override
    public void close() {
        thread.shutdownNow();
    }
}
