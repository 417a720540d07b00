package dev.orchard.registry.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of one provider candidate's calls with a deadline: at most {@code threads} run them, at most
 * {@code queue} more wait for one, and a call beyond both is refused at once. Threads are made on demand, named
 * {@code orchard-call-<kind>-<provider>-<n>}, and end after {@value #IDLE_SECONDS} s without work, so a provider
 * that is not called holds none.
 *
 * <p>A call abandoned by its caller while it runs keeps its thread until the provider returns: that is the cost a
 * hung provider can have, bounded by {@code threads}. Both bounds can change while calls run.
 */
final class Bulkhead {
    static final int IDLE_SECONDS = 5;

    private final ThreadPoolExecutor pool;
    // Calls admitted and not yet ended or taken back: running plus waiting.
    private final AtomicInteger admitted = new AtomicInteger();
    private volatile int threads;
    private volatile int queue;

    /**
     * Creates the bulkhead; no thread starts until the first call.
     *
     * @param threadName the prefix of its threads' names, e.g. {@code orchard-call-pod-mock-}
     * @param threads how many threads may run calls, at least 1
     * @param queue how many calls may wait for a thread, at least 0
     */
    Bulkhead(String threadName, int threads, int queue) {
        AtomicInteger n = new AtomicInteger();
        this.threads = threads;
        this.queue = queue;
        this.pool =
                new ThreadPoolExecutor(
                        threads, threads, IDLE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
                            Thread t = new Thread(r, threadName + n.incrementAndGet());
                            t.setDaemon(true);
                            return t;
                        }) {
                    @Override
                    protected void afterExecute(Runnable r, Throwable t) {
                        admitted.decrementAndGet();
                    }
                };
        pool.allowCoreThreadTimeOut(true);
    }

    /**
     * Changes the bounds; calls already admitted keep their place.
     *
     * @param newThreads how many threads may run calls, at least 1
     * @param newQueue how many calls may wait, at least 0
     */
    synchronized void resize(int newThreads, int newQueue) {
        if (newThreads > pool.getMaximumPoolSize()) {
            pool.setMaximumPoolSize(newThreads);
            pool.setCorePoolSize(newThreads);
        } else {
            pool.setCorePoolSize(newThreads);
            pool.setMaximumPoolSize(newThreads);
        }
        threads = newThreads;
        queue = newQueue;
    }

    /**
     * Admits a call, to run now or when a thread is free.
     *
     * @param call the call
     * @return false if the bulkhead is full, or shut down
     */
    boolean admit(BoundedCall<?, ?> call) {
        int limit = threads + queue;
        int now;
        do {
            now = admitted.get();
            if (now >= limit) {
                return false;
            }
        } while (!admitted.compareAndSet(now, now + 1));
        try {
            pool.execute(call);
            return true;
        } catch (RejectedExecutionException shutDown) {
            admitted.decrementAndGet();
            return false;
        }
    }

    /**
     * Takes back a call that its caller abandoned before a thread took it, so that its place is free at once.
     *
     * @param call the call
     */
    void takeBack(BoundedCall<?, ?> call) {
        if (pool.remove(call)) {
            admitted.decrementAndGet();
        }
    }

    /**
     * The bounds as they are now, for messages.
     *
     * @return threads, then queue places
     */
    int[] bounds() {
        return new int[] {threads, queue};
    }

    /**
     * Tells whether the bulkhead was closed.
     *
     * @return true once {@link #close()} ran
     */
    boolean closed() {
        return pool.isShutdown();
    }

    /**
     * The threads that exist now, running or idle.
     *
     * @return the count
     */
    int threadCount() {
        return pool.getPoolSize();
    }

    /**
     * Ends the bulkhead once its provider is released: idle threads end now, and each running one when its call
     * returns; calls still waiting are handed back without running.
     *
     * @return the calls that never started
     */
    List<BoundedCall<?, ?>> close() {
        pool.shutdown();
        List<Runnable> waiting = new ArrayList<>();
        pool.getQueue().drainTo(waiting);
        admitted.addAndGet(-waiting.size());
        List<BoundedCall<?, ?>> calls = new ArrayList<>(waiting.size());
        for (Runnable r : waiting) {
            calls.add((BoundedCall<?, ?>) r);
        }
        return calls;
    }
}
