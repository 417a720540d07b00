package dev.orchard.http.streaming;

import dev.orchard.api.error.UnavailableException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.concurrent.Semaphore;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.util.thread.ThreadPool;

/**
 * Bounds how many long-lived streams one HTTP server answers at once: every log, followed or not (a large or slow log
 * holds its thread as long as a follow does), and every exec session. Each holds a thread (the server's, or one of its
 * own) for as long as it lasts, so without a bound a few hundred clients would take the threads that {@code /metrics},
 * the API and the other endpoints answer with. The bound is a quarter of the server's thread pool (50 of Jetty's
 * default 200), read from the first request; 50 where the pool's size cannot be read. One instance per server, shared
 * by all of its streaming endpoints; a stream that cannot have a slot is refused at once with 503 and Retry-After.
 */
public final class StreamLimit {
    static final int UNKNOWN_POOL_LIMIT = 50;

    private volatile Semaphore slots;
    private volatile int limit;

    /** Creates the bound of one server; its size is read from the first request. */
    public StreamLimit() {}

    /**
     * Takes a slot for a long-lived stream, or refuses at once.
     *
     * @param request the request, which tells the server's pool size on the first call
     * @param what what the stream is, for the refusal's message, e.g. {@code "a log of pod default/web"}
     * @return the slot, to close when the stream ends
     * @throws UnavailableException if the server already answers as many as it may (503 with Retry-After)
     */
    public Slot take(HttpServletRequest request, String what) {
        Semaphore s = slots(request);
        if (!s.tryAcquire()) {
            throw new UnavailableException("this server already streams " + limit + " logs and exec sessions, as many"
                    + " as it answers at once (a quarter of its threads), so " + what
                    + " is refused; try again when one ends");
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

    /**
     * How many slots are free now, for tests and metrics.
     *
     * @return the free slots; 0 before the first request
     */
    public int available() {
        Semaphore s = slots;
        return s == null ? 0 : s.availablePermits();
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

    /** A stream's place, given back once, whoever closes it first. */
    public static final class Slot implements AutoCloseable {
        private final Semaphore owner;
        private boolean closed;

        private Slot(Semaphore owner) {
            this.owner = owner;
        }

        /** Gives the place back; later calls do nothing. */
        @Override
        public synchronized void close() {
            if (!closed) {
                closed = true;
                owner.release();
            }
        }
    }
}
