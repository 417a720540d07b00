package dev.orchard.http.streaming;

import dev.orchard.api.error.UnavailableException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.concurrent.Semaphore;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.util.thread.ThreadPool;

/**
 * Bounds how many long-lived streams (followed logs) one HTTP server answers at once, so that live followers, which
 * each hold one of the server's threads for as long as they stay, can never take the threads that {@code /metrics},
 * the API and the other endpoints answer with. The bound is a quarter of the server's thread pool (50 of Jetty's
 * default 200), read from the first request; 50 where the pool's size cannot be read. One instance per server.
 */
public final class FollowLimit {
    static final int UNKNOWN_POOL_LIMIT = 50;

    private final String what;
    private volatile Semaphore slots;
    private volatile int limit;

    /**
     * Creates a bound.
     *
     * @param what what is bounded, for the refusal's message, e.g. {@code "followed logs"}
     */
    public FollowLimit(String what) {
        this.what = what;
    }

    /**
     * Takes a slot for a long-lived stream, or refuses at once.
     *
     * @param request the request, which tells the server's pool size on the first call
     * @return the slot, to close when the stream ends
     * @throws UnavailableException if the server already answers as many as it may (503 with Retry-After)
     */
    public Slot take(HttpServletRequest request) {
        Semaphore s = slots(request);
        if (!s.tryAcquire()) {
            throw new UnavailableException("this server already streams " + limit + " " + what
                    + ", as many as it answers at once (a quarter of its threads); try again when one ends");
        }
        return new Slot(s);
    }

    /**
     * How many streams may run at once, once known.
     *
     * @return the bound, 0 before the first request
     */
    public int limit() {
        return limit;
    }

    private Semaphore slots(HttpServletRequest request) {
        Semaphore s = slots;
        if (s == null) {
            synchronized (this) {
                s = slots;
                if (s == null) {
                    limit = Math.max(1, poolSize(request) / 4);
                    s = new Semaphore(limit);
                    slots = s;
                }
            }
        }
        return s;
    }

    private static int poolSize(HttpServletRequest request) {
        try {
            ServletContextRequest jetty = ServletContextRequest.getServletContextRequest(request);
            if (jetty != null
                    && jetty.getConnectionMetaData().getConnector().getServer().getThreadPool()
                            instanceof ThreadPool.SizedThreadPool pool
                    && pool.getMaxThreads() > 0) {
                return pool.getMaxThreads();
            }
        } catch (LinkageError | RuntimeException e) {
            // not Jetty: the fixed bound
        }
        return UNKNOWN_POOL_LIMIT * 4;
    }

    /** A stream's place, given back once. */
    public static final class Slot implements AutoCloseable {
        private final Semaphore owner;
        private boolean closed;

        private Slot(Semaphore owner) {
            this.owner = owner;
        }

        /** Gives the place back. */
        @Override
        public synchronized void close() {
            if (!closed) {
                closed = true;
                owner.release();
            }
        }
    }
}
