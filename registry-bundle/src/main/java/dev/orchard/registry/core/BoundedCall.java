package dev.orchard.registry.core;

import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.naming.Secrets;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One call with a deadline: runs on a thread of its provider's {@link Bulkhead}, while the caller waits for it until
 * the deadline and then abandons it.
 *
 * <p>The call holds its candidate (counted in flight, so that a removal drains) from before it is queued until it
 * ends; exactly one side counts it out: the provider's thread once the function returns, or the caller if it
 * abandons the call before it started. An abandoned call that is running is interrupted, once, under the same lock
 * that the thread takes to leave it, so that an interrupt never reaches the thread's next call. Its result, when it
 * comes, is dropped, and closed if it is {@link AutoCloseable}: nobody else will close it.
 *
 * @param <S> the provider contract
 * @param <R> the result type
 */
final class BoundedCall<S, R> {
    private static final Logger LOG = LoggerFactory.getLogger(BoundedCall.class);

    private enum State {
        QUEUED,
        RUNNING,
        DONE,
        ABANDONED
    }

    private final Candidate<?, S> candidate;
    private final S service;
    private final Function<? super S, ? extends R> function;
    // All guarded by this.
    private State state = State.QUEUED;
    private Thread runner;
    private R result;
    private Throwable failure;

    BoundedCall(Candidate<?, S> candidate, S service, Function<? super S, ? extends R> function) {
        this.candidate = candidate;
        this.service = service;
        this.function = function;
    }

    /**
     * Runs the call on the calling thread, once.
     *
     * @param done run once the function has returned and before the caller can see the outcome (or at once, for a
     *     call abandoned before it started): the thread is free from then on, so that a caller that calls again as
     *     soon as it has its answer finds this thread, not a new one
     */
    void run(Runnable done) {
        synchronized (this) {
            if (state != State.QUEUED) {
                done.run();
                return; // abandoned before it started: the caller counted it out
            }
            state = State.RUNNING;
            runner = Thread.currentThread();
        }
        R r = null;
        Throwable t = null;
        try {
            r = function.apply(service);
        } catch (Throwable e) { // handed to the caller as it was thrown
            t = e;
        }
        done.run();
        boolean abandoned;
        synchronized (this) {
            runner = null;
            abandoned = state == State.ABANDONED;
            if (!abandoned) {
                state = State.DONE;
                result = r;
                failure = t;
                notifyAll();
            }
            // An interrupt is sent only under this lock while the call runs: clear one meant for this call.
            Thread.interrupted();
        }
        candidate.exit();
        if (abandoned) {
            discard(r, t);
        }
    }

    /**
     * Ends a call that never started because its provider was released: its caller gets the reason at once.
     *
     * @param why the failure the caller gets
     */
    void refuse(RuntimeException why) {
        synchronized (this) {
            if (state != State.QUEUED) {
                return;
            }
            state = State.DONE;
            failure = why;
            notifyAll();
        }
        candidate.exit();
    }

    /**
     * Waits for the call until a deadline.
     *
     * @param deadlineNanos when to give up, as {@link System#nanoTime()}
     * @return the outcome: the call's result or failure, or why it was abandoned
     */
    Outcome<R> await(long deadlineNanos) {
        boolean interrupted = false;
        boolean neverRan;
        synchronized (this) {
            while (state == State.QUEUED || state == State.RUNNING) {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                } catch (InterruptedException e) {
                    interrupted = true;
                    break;
                }
            }
            if (state == State.DONE) {
                return new Outcome<>(result, failure, false, interrupted, false);
            }
            neverRan = state == State.QUEUED;
            state = State.ABANDONED;
            if (runner != null) {
                runner.interrupt(); // a provider that honours interrupts stops now
            }
        }
        if (neverRan) {
            candidate.exit();
        }
        return new Outcome<>(null, null, true, interrupted, neverRan);
    }

    /**
     * How a call ended for its caller.
     *
     * @param <R> the result type
     * @param result what it returned
     * @param failure what it threw, or null
     * @param abandoned whether the caller gave up on it
     * @param interrupted whether the caller was interrupted while it waited
     * @param neverRan whether it was abandoned before a thread took it (it still waits in the queue)
     */
    record Outcome<R>(R result, Throwable failure, boolean abandoned, boolean interrupted, boolean neverRan) {
        /**
         * The call's result, or what it threw, thrown again; a checked exception (a provider that threw one
         * sneakily) as a provider fault, whose message and cause are redacted: they are worded from the provider's
         * text, and go on toward a user.
         *
         * @return the result
         */
        R get() {
            if (failure instanceof RuntimeException e) {
                throw e;
            }
            if (failure instanceof Error e) {
                throw e;
            }
            if (failure != null) {
                throw new ProviderFaultException(
                        "the provider threw " + Secrets.describe(failure), Secrets.redacted(failure));
            }
            return result;
        }
    }

    // The result of a call nobody waits for any more: a stream or other resource is closed, or it would leak.
    private void discard(R r, Throwable t) {
        if (r instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                LOG.debug("Closing the late result of an abandoned call failed: {}", Secrets.describe(e));
            }
        }
        LOG.debug("An abandoned call on {} ended late{}", candidate, t == null ? "" : " with " + Secrets.describe(t));
    }
}
