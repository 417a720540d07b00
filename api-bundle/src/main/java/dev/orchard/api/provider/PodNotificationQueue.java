package dev.orchard.api.provider;

import dev.orchard.api.pod.Pod;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A pod provider's side of {@code PodNotifier.notifyPods}: delivers each changed pod to the one callback, in the
 * order the changes were queued, on a thread of its own, so that a slow or throwing callback holds up no call of
 * the provider.
 *
 * <p>Queue a change while holding what orders the changes (a pod's lock, a monitor, an informer's thread), and the
 * callback sees them in that order. Thread-safe.
 */
public final class PodNotificationQueue implements AutoCloseable {
    private final ExecutorService thread;
    private final BiConsumer<Pod, RuntimeException> onFailure;
    private volatile Consumer<Pod> callback;

    /**
     * Starts the delivering thread, a daemon.
     *
     * @param threadName the thread's name, e.g. {@code orchard-local-notify}
     * @param onFailure told of each callback that threw, with the pod it was given (a provider logs it); delivery
     *     goes on with the next change
     */
    public PodNotificationQueue(String threadName, BiConsumer<Pod, RuntimeException> onFailure) {
        Objects.requireNonNull(threadName, "threadName");
        this.onFailure = Objects.requireNonNull(onFailure, "onFailure");
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Sets the callback, replacing any earlier one, as {@code notifyPods} has it.
     *
     * @param next receives each changed pod; null stops the delivery of further changes
     */
    public void callback(Consumer<Pod> next) {
        this.callback = next;
    }

    /**
     * Queues a pod's new state for the callback.
     *
     * @param now builds the pod as it is now, on the caller's thread; not called while no callback is set, nor
     *     once the queue is closed
     */
    public void publish(Supplier<Pod> now) {
        Consumer<Pod> to = callback;
        if (to == null || thread.isShutdown()) {
            return;
        }
        Pod pod = now.get();
        try {
            thread.execute(() -> {
                try {
                    to.accept(pod);
                } catch (RuntimeException e) {
                    onFailure.accept(pod, e);
                }
            });
        } catch (RejectedExecutionException closing) {
            // closed meanwhile: nobody listens any more
        }
    }

    /** Stops the thread; changes queued afterwards are dropped, and one being delivered is interrupted. */
    @Override
    public void close() {
        thread.shutdownNow();
    }
}
