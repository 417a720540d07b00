package dev.orchard.registry.core;

import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderState;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * One registration claiming a provider name, with its lazily obtained service and its count of calls in
 * flight. The mutable fields other than the in-flight count change only under the table's write lock.
 *
 * @param <S> the service type
 */
public final class Candidate<S> {
    private final ServiceHandle<S> handle;
    private final ProviderKind kind;
    // A field updater and this object's own monitor instead of an AtomicInteger and a lock object: every
    // registered provider has a candidate, so its size is the registry's heap per provider.
    private static final AtomicIntegerFieldUpdater<Candidate<?>> IN_FLIGHT =
            AtomicIntegerFieldUpdater.newUpdater(rawType(), "inFlight");
    private volatile int inFlight;

    // Written under the table lock, read without it.
    private volatile String name;
    private volatile int ranking;
    private volatile String failure;
    private volatile boolean retired;

    private volatile S service;
    private boolean obtained;

    Candidate(ServiceHandle<S> handle, ProviderKind kind) {
        this.handle = handle;
        this.kind = kind;
        this.ranking = handle.ranking();
    }

    /**
     * The registration behind this candidate.
     *
     * @return the handle
     */
    public ServiceHandle<S> handle() {
        return handle;
    }

    /**
     * The name this candidate is filed under, or null if its name is missing or invalid.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    void name(String newName) {
        this.name = newName;
    }

    void ranking(int newRanking) {
        this.ranking = newRanking;
    }

    /**
     * Why this candidate is FAILED.
     *
     * @return the reason, or null if it is usable
     */
    public String failure() {
        return failure;
    }

    void failure(String reason) {
        this.failure = reason;
    }

    boolean usable() {
        return failure == null && !retired;
    }

    /**
     * Describes the candidate.
     *
     * @param state the state to report
     * @return the description
     */
    ProviderInfo info(ProviderState state) {
        Object raw = handle.nameProperty();
        String shown = name != null ? name : raw == null ? "" : String.valueOf(raw);
        return new ProviderInfo(shown, kind, state, handle.bundleSymbolicName(), handle.bundleVersion(),
                handle.serviceId(), ranking, Optional.ofNullable(failure));
    }

    /**
     * Counts a call in. Fails if the candidate is leaving, so that the caller picks the next candidate.
     *
     * @return true if the call may use this candidate
     */
    boolean enter() {
        IN_FLIGHT.incrementAndGet(this);
        if (retired) {
            exit();
            return false;
        }
        return true;
    }

    /** Counts a call out, waking a drain that waits for the last one. */
    void exit() {
        if (IN_FLIGHT.decrementAndGet(this) == 0 && retired) {
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
    public int inFlight() {
        return inFlight;
    }

    /**
     * The service, obtained on first use.
     *
     * @return the service, or null if it cannot be obtained
     */
    S service() {
        S s = service;
        if (s != null) {
            return s;
        }
        synchronized (this) {
            if (service == null && !obtained && !retired) {
                S got = handle.obtain();
                if (got != null) {
                    obtained = true;
                    service = got;
                }
            }
            return service;
        }
    }

    /** Marks the candidate as leaving: calls that have not entered yet go elsewhere. */
    void retire() {
        retired = true;
    }

    /**
     * Waits for the calls in flight to end, then releases the service.
     *
     * @param timeout how long to wait
     * @param unit the unit of timeout
     * @return the number of calls still in flight when the wait ended; 0 after a clean drain
     * @throws InterruptedException if the wait is interrupted; the service is released all the same
     */
    int drainAndRelease(long timeout, TimeUnit unit) throws InterruptedException {
        retire();
        try {
            long deadline = System.nanoTime() + unit.toNanos(timeout);
            synchronized (this) {
                long left;
                while (inFlight > 0 && (left = deadline - System.nanoTime()) > 0) {
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                }
            }
            return inFlight;
        } finally {
            synchronized (this) {
                if (obtained) {
                    obtained = false;
                    service = null;
                    handle.release();
                }
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Class<Candidate<?>> rawType() {
        return (Class) Candidate.class;
    }

    @Override
    public String toString() {
        return kind + " " + (name == null ? handle.nameProperty() : name) + " (service " + handle.serviceId()
                + " of " + handle.bundleSymbolicName() + "/" + handle.bundleVersion() + ")";
    }
}
