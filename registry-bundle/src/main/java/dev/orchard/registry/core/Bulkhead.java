package dev.orchard.registry.core;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The threads of one provider candidate's calls with a deadline: at most {@code threads} run them, at most
 * {@code queue} more wait for one, and a call beyond both is refused at once. Threads are made on demand, named
 * {@code orchard-call-<kind>-<provider>-<n>}, and end after {@value #IDLE_SECONDS} s without work, so a provider
 * that is not called holds none.
 *
 * <p>A thread is made only when no idle one can take the call: a bulkhead holds as many threads as its calls ever
 * ran at once in the last {@value #IDLE_SECONDS} s, not one per call. (A {@code ThreadPoolExecutor} whose core size
 * is the bound makes a new thread for every call until it has them all, so a trickle of calls, one at a time, kept
 * the whole bound alive: 16 idle threads per provider for a {@code /metrics} scrape or a poll every second.) And a
 * call goes to the thread that became idle last: under a steady trickle the same few threads take every call, and
 * the others reach their idle end, instead of each being woken in turn before its time runs out. A thread whose call
 * has returned counts as free before its caller has the answer, so a caller that calls again at once reuses it
 * rather than racing it to a new thread (and, at the bound, is not refused while that thread finishes).
 *
 * <p>A call abandoned by its caller while it runs keeps its thread until the provider returns: that is the cost a
 * hung provider can have, bounded by {@code threads}. Both bounds can change while calls run.
 */
final class Bulkhead {
    static final int IDLE_SECONDS = 5;
    private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(IDLE_SECONDS);

    private final String threadName;
    private final AtomicInteger named = new AtomicInteger();
    // Calls admitted and not yet ended or taken back: running plus waiting.
    private final AtomicInteger admitted = new AtomicInteger();
    private final ReentrantLock lock = new ReentrantLock();
    // Guarded by lock: calls not yet taken by a thread, the idle threads (each waits on a condition of its own; the
    // one idle last first), the threads whose call has returned and that will look for work before they idle (none
    // yet promised a call), the threads alive, the end.
    private final ArrayDeque<BoundedCall<?, ?>> waiting = new ArrayDeque<>();
    private final ArrayDeque<Condition> idle = new ArrayDeque<>();
    private final ArrayDeque<Condition> returning = new ArrayDeque<>();
    private int alive;
    private boolean shutDown;
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
        this.threadName = threadName;
        this.threads = threads;
        this.queue = queue;
    }

    /**
     * Changes the bounds; calls already admitted keep their place, and threads beyond a lower bound end when their
     * call returns.
     *
     * @param newThreads how many threads may run calls, at least 1
     * @param newQueue how many calls may wait, at least 0
     */
    void resize(int newThreads, int newQueue) {
        lock.lock();
        try {
            threads = newThreads;
            queue = newQueue;
            // Calls that waited for a thread, and that no idle one will take, get new ones.
            for (int unserved = waiting.size() - idle.size();
                    !shutDown && unserved > 0 && alive < newThreads;
                    unserved--) {
                startThread();
            }
            wakeAll(); // threads now beyond the bound notice it
        } finally {
            lock.unlock();
        }
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
        lock.lock();
        try {
            if (shutDown) {
                admitted.decrementAndGet();
                return false;
            }
            waiting.add(call);
            // Every idle thread takes one waiting call: a new thread only for a call that none will take.
            Condition last = idle.poll();
            if (last != null) {
                last.signal(); // no longer idle: the next call goes to another thread
            } else if (returning.poll() == null && alive < threads) {
                startThread(); // (a returning thread, now promised, takes the call as it looks for work)
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes back a call that its caller abandoned before a thread took it, so that its place is free at once.
     *
     * @param call the call
     */
    void takeBack(BoundedCall<?, ?> call) {
        boolean removed;
        lock.lock();
        try {
            removed = waiting.remove(call);
        } finally {
            lock.unlock();
        }
        if (removed) {
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
        lock.lock();
        try {
            return shutDown;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The threads that exist now, running or idle.
     *
     * @return the count
     */
    int threadCount() {
        lock.lock();
        try {
            return alive;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Ends the bulkhead once its provider is released: idle threads end now, and each running one when its call
     * returns; calls still waiting are handed back without running.
     *
     * @return the calls that never started
     */
    List<BoundedCall<?, ?>> close() {
        List<BoundedCall<?, ?>> calls;
        lock.lock();
        try {
            shutDown = true;
            calls = new ArrayList<>(waiting);
            waiting.clear();
            wakeAll();
        } finally {
            lock.unlock();
        }
        admitted.addAndGet(-calls.size());
        return calls;
    }

    // Under lock.
    private void startThread() {
        alive++;
        Thread t = new Thread(this::work, threadName + named.incrementAndGet());
        t.setDaemon(true);
        try {
            t.start();
        } catch (OutOfMemoryError noThread) {
            // The system has no thread to give: the call waits for one of ours, or its caller's deadline.
            alive--;
        }
    }

    // Under lock.
    private void wakeAll() {
        for (Condition c = idle.poll(); c != null; c = idle.poll()) {
            c.signal();
        }
    }

    // A thread's life: the waiting calls, one after another, until none came for IDLE_SECONDS.
    private void work() {
        Condition mine = lock.newCondition();
        BoundedCall<?, ?> call;
        while ((call = next(mine)) != null) {
            Thread.interrupted(); // nothing meant for another call reaches this one
            boolean[] freed = {false};
            Runnable free = () -> {
                freed[0] = true;
                returned(mine);
            };
            try {
                call.run(free);
            } finally {
                if (!freed[0]) {
                    returned(mine); // the call failed before its end (an Error): its place is free all the same
                }
            }
        }
    }

    // The call of this thread has returned: its place is free, and the thread looks for work before it idles.
    private void returned(Condition mine) {
        lock.lock();
        try {
            admitted.decrementAndGet();
            returning.push(mine);
        } finally {
            lock.unlock();
        }
    }

    // The next call for this thread, or null when it ends (and is no longer counted).
    private BoundedCall<?, ?> next(Condition mine) {
        lock.lock();
        try {
            returning.remove(mine); // unless a call was promised to it, which it now takes like any other
            long left = IDLE_NANOS;
            while (true) {
                if (shutDown || alive > threads) {
                    alive--; // closed, or beyond a lowered bound: end rather than take more
                    Condition other = waiting.isEmpty() ? null : idle.poll();
                    if (other != null) {
                        other.signal(); // the call it may have been promised goes to an idle thread
                    }
                    return null;
                }
                BoundedCall<?, ?> call = waiting.poll();
                if (call != null) {
                    return call;
                }
                if (left <= 0) {
                    alive--;
                    return null;
                }
                idle.push(mine);
                try {
                    left = mine.awaitNanos(left);
                } catch (InterruptedException e) {
                    // An idle thread has nobody to answer to: it looks for work again.
                } finally {
                    idle.remove(mine); // already taken off by whoever woke it, unless its time ran out
                }
            }
        } finally {
            lock.unlock();
        }
    }
}
