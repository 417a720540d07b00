package dev.orchard.registry.core;

import dev.orchard.api.naming.Secrets;
import dev.orchard.api.registry.ProviderState;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * One registration claiming a provider name once it is in use, or FAILED: its lazily obtained service and its
 * count of calls in flight. Also the {@link Holders} of a name it holds alone.
 *
 * <p>Every field is the heap cost of a used provider, so the object stays at 32 bytes: the "retired" flag is the
 * sign bit of the in-flight count, and the ranking, service id and bundle are read from the key.
 *
 * @param <K> the registration key
 * @param <S> the service type
 */
final class Candidate<K, S> implements Holders<K, S> {
    private static final int RETIRED = Integer.MIN_VALUE;

    @SuppressWarnings("rawtypes")
    private static final AtomicIntegerFieldUpdater<Candidate> STATE =
            AtomicIntegerFieldUpdater.newUpdater(Candidate.class, "state");

    private final K key;
    // Calls in flight, with RETIRED set once the candidate leaves.
    private volatile int state;
    // Written under the table lock, read without it.
    private volatile String name;
    // Null, a String (its service could not be obtained: sticky), or a Declared (the registration's own
    // orchard.provider.failure, which follows the property).
    private volatile Object failure;
    private volatile S service;

    Candidate(K key, String name) {
        this.key = key;
        this.name = name;
    }

    /**
     * The registration behind this candidate.
     *
     * @return the key
     */
    K key() {
        return key;
    }

    /**
     * The name this candidate is filed under, or null if its name is missing or invalid.
     *
     * @return the name
     */
    String name() {
        return name;
    }

    void name(String newName) {
        this.name = newName;
    }

    /**
     * Why this candidate is FAILED.
     *
     * @return the reason, or null if it is usable
     */
    String failure() {
        Object f = failure;
        return f instanceof Declared d ? d.reason() : (String) f;
    }

    // Reasons are redacted as they are recorded, whoever worded them: every way out (shell, HTTP, console, log)
    // reads them from here.
    void failure(String reason) {
        this.failure = Secrets.redact(reason);
    }

    /**
     * Follows the failure the registration declares, unless its service failed to be obtained, which sticks.
     *
     * @param reason the declared reason, or null for none
     */
    void declare(String reason) {
        if (failure == null || failure instanceof Declared) {
            failure = reason == null ? null : new Declared(Secrets.redact(reason));
        }
    }

    /** A failure the registration declares about itself. */
    private record Declared(String reason) {}

    /**
     * Counts a call in. Fails if the candidate is leaving, so that the caller picks the next candidate.
     *
     * @return true if the call may use this candidate
     */
    @SuppressWarnings("unchecked")
    boolean enter() {
        if (STATE.incrementAndGet(this) < 0) {
            exit();
            return false;
        }
        return true;
    }

    /** Counts a call out, waking a drain that waits for the last one. */
    @SuppressWarnings("unchecked")
    void exit() {
        if (STATE.decrementAndGet(this) == RETIRED) {
            synchronized (this) {
                notifyAll();
            }
        }
    }

    /**
     * The number of calls in flight.
     *
     * @return the count
     */
    int inFlight() {
        return state & ~RETIRED;
    }

    /**
     * The service, obtained on first use.
     *
     * @param access how to obtain it
     * @return the service, or null if it cannot be obtained or the candidate has left
     */
    S service(ServiceAccess<K, S> access) {
        S s = service;
        if (s != null) {
            return s;
        }
        synchronized (this) {
            if (service == null && state >= 0) {
                service = access.obtain(key);
            }
            return service;
        }
    }

    /**
     * Tells whether the candidate left and its service was released.
     *
     * @return true once a drain released it
     */
    boolean released() {
        return state < 0 && service == null;
    }

    /** Marks the candidate as leaving: calls that have not entered yet go elsewhere. */
    @SuppressWarnings("unchecked")
    void retire() {
        STATE.getAndAccumulate(this, RETIRED, (v, bit) -> v | bit);
    }

    /**
     * Waits for the calls in flight to end, then releases the service.
     *
     * @param access how to release it
     * @param timeout how long to wait
     * @param unit the unit of timeout
     * @return the number of calls still in flight when the wait ended; 0 after a clean drain
     * @throws InterruptedException if the wait is interrupted; the service is released all the same
     */
    int drainAndRelease(ServiceAccess<K, S> access, long timeout, TimeUnit unit) throws InterruptedException {
        retire();
        try {
            long deadline = System.nanoTime() + unit.toNanos(timeout);
            synchronized (this) {
                long left;
                while (inFlight() > 0 && (left = deadline - System.nanoTime()) > 0) {
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                }
            }
            return inFlight();
        } finally {
            synchronized (this) {
                if (service != null) {
                    service = null;
                    access.release(key);
                }
            }
        }
    }

    // ---------------------------------------------------------------- as the holder of a name alone

    @Override
    public Object stored() {
        return this;
    }

    @Override
    public K activeKey() {
        return failure == null ? key : null;
    }

    @Override
    public Candidate<K, S> active(TableWriter<K, S> writer, String name) {
        return failure == null ? this : null;
    }

    @Override
    public boolean holds(K other) {
        return key.equals(other);
    }

    @Override
    public Candidate<K, S> candidateOf(K other) {
        return key.equals(other) ? this : null;
    }

    @Override
    public Holders<K, S> with(Candidate<K, S> added, Comparator<Candidate<K, S>> preferred) {
        return Ranked.of(this, added, preferred);
    }

    @Override
    public Holders<K, S> without(K other) {
        return key.equals(other) ? null : this;
    }

    @Override
    public Holders<K, S> reordered(Comparator<Candidate<K, S>> preferred) {
        return this;
    }

    @Override
    public void each(Sink<K> sink) {
        String f = failure();
        sink.holder(key, f == null ? ProviderState.ACTIVE : ProviderState.FAILED, f);
    }

    @Override
    public String toString() {
        return "candidate " + name + " (" + key + ")";
    }
}
