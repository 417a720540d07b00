package dev.orchard.registry.core;

import dev.orchard.api.registry.CallDeadline;
import dev.orchard.api.registry.ProviderKind;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a table's calls with a deadline: each provider candidate has its own {@link Bulkhead}, made on its first such
 * call and closed when the candidate is released, and the caller waits for its call until the deadline only.
 *
 * <p>Calls without a deadline never come here: they cost what they cost before. The bounds are the table's, the same
 * for every candidate, and can change at any time.
 *
 * @param <K> the registration key
 * @param <S> the provider contract
 */
final class BoundedCalls<K, S> {
    /** How many threads one candidate's calls may hold, unless configured. */
    static final int DEFAULT_THREADS = 16;
    /** How many calls may wait for one of them, unless configured. */
    static final int DEFAULT_QUEUE = 16;

    private static final Logger LOG = LoggerFactory.getLogger(BoundedCalls.class);
    // Past this, a deadline is as good as none; it keeps System.nanoTime() arithmetic from overflowing.
    private static final long LONGEST_NANOS = Long.MAX_VALUE / 4;

    private final String threadPrefix;
    private final ProviderWording<K, S> wording;
    private final ConcurrentHashMap<Candidate<K, S>, Bulkhead> bulkheads = new ConcurrentHashMap<>();
    private volatile Limits limits = new Limits(DEFAULT_THREADS, DEFAULT_QUEUE, "the registry's call bounds");

    /** The bounds of every candidate's bulkhead, and the settings that chose them, for messages. */
    private record Limits(int threads, int queue, String setBy) {}

    BoundedCalls(ProviderKind kind, ProviderWording<K, S> wording) {
        this.threadPrefix = "orchard-call-" + kind.name().toLowerCase(Locale.ROOT) + "-";
        this.wording = wording;
    }

    /**
     * Sets the bounds of every candidate's bulkhead, existing ones included.
     *
     * @param threads how many threads one candidate's calls may hold, at least 1
     * @param queue how many more calls may wait for one, at least 0
     * @param setBy the settings that chose them, e.g. {@code call.threads and call.queue in configuration
     *     dev.orchard.registry}
     */
    void limits(int threads, int queue, String setBy) {
        if (threads < 1 || queue < 0) {
            throw new IllegalArgumentException(
                    "call bounds need at least 1 thread and 0 waiting places, not " + threads + " and " + queue);
        }
        limits = new Limits(threads, queue, setBy);
        bulkheads.values().forEach(b -> b.resize(threads, queue));
    }

    /**
     * Runs a call on a candidate's bulkhead and waits for it until the deadline. The caller has counted the call in
     * on the candidate ({@link Candidate#enter()}); from here on it is counted out exactly once, whatever happens.
     *
     * @param <R> the result type
     * @param name the name called
     * @param operation what the call does, for messages
     * @param deadline how long the caller waits, and what set it
     * @param startNanos when the caller started, from {@link System#nanoTime()}
     * @param c the candidate, counted in
     * @param service its service
     * @param function the call
     * @return what the call returned
     * @throws dev.orchard.api.error.UnavailableException if the bulkhead is full, the deadline passed, or the caller
     *     was interrupted
     */
    <R> R run(
            String name,
            String operation,
            CallDeadline deadline,
            long startNanos,
            Candidate<K, S> c,
            S service,
            Function<? super S, ? extends R> function) {
        Bulkhead b = bulkhead(c, name);
        BoundedCall<S, R> call = new BoundedCall<>(c, service, function);
        if (!b.admit(call)) {
            c.exit();
            if (b.closed()) {
                throw wording.releasedBeforeStart(name);
            }
            int[] bounds = b.bounds();
            LOG.debug("{} {} refused: its bulkhead is full", name, operation);
            throw wording.busy(name, operation, bounds[0], bounds[1], limits.setBy());
        }
        long timeout = Math.min(LONGEST_NANOS, saturatedNanos(deadline));
        BoundedCall.Outcome<R> outcome = call.await(startNanos + timeout);
        if (outcome.interrupted()) {
            Thread.currentThread().interrupt(); // kept for the caller, which decides what an interrupt means
        }
        if (!outcome.abandoned()) {
            return outcome.get();
        }
        if (outcome.neverRan()) {
            b.takeBack(call);
        }
        if (outcome.interrupted()) {
            throw wording.interrupted(name, operation);
        }
        LOG.debug(
                "{} {} passed its deadline of {} ms and was abandoned",
                name,
                operation,
                deadline.timeout().toMillis());
        throw wording.pastDeadline(name, operation, deadline);
    }

    /**
     * Closes the bulkhead of a candidate that was released: its idle threads end now, its running ones when their
     * calls return, and calls that still wait for a thread fail at once.
     *
     * @param c the candidate
     */
    void released(Candidate<K, S> c) {
        Bulkhead b = bulkheads.remove(c);
        if (b != null) {
            for (BoundedCall<?, ?> waiting : b.close()) {
                waiting.refuse(wording.releasedBeforeStart(c.name()));
            }
        }
    }

    /** Closes every bulkhead, when the table is closed. */
    void close() {
        bulkheads.keySet().forEach(this::released);
    }

    /**
     * The threads that one candidate's bulkhead has now, for tests.
     *
     * @param c the candidate
     * @return the count, 0 if it has no bulkhead
     */
    int threads(Candidate<K, S> c) {
        Bulkhead b = bulkheads.get(c);
        return b == null ? 0 : b.threadCount();
    }

    private Bulkhead bulkhead(Candidate<K, S> c, String name) {
        Bulkhead b = bulkheads.get(c);
        if (b != null) {
            return b;
        }
        Limits now = limits;
        b = bulkheads.computeIfAbsent(c, k -> new Bulkhead(threadPrefix + name + "-", now.threads(), now.queue()));
        if (c.released()) {
            // Released while this caller, which entered before the candidate left, was on its way here.
            released(c);
        }
        return b;
    }

    private static long saturatedNanos(CallDeadline deadline) {
        try {
            return deadline.timeout().toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }
}
