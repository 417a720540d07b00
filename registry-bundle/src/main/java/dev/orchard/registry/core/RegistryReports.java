package dev.orchard.registry.core;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.naming.Secrets;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.RegistryObserver;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands one registry's reports (calls ended, drains, swaps) to its {@link RegistryObserver}s, asynchronously.
 *
 * <p>With no observer every report returns at once and nothing is measured: {@link #active()} is one volatile read.
 * With observers, a report is one non-blocking offer to a bounded queue ({@value #QUEUE_CAPACITY} reports), drained
 * in order by one delivery thread, which exits after {@value #IDLE_SECONDS} s without work. An observer that is slow
 * therefore delays only later reports, and once the queue is full further reports are dropped and counted, never
 * waited for; an observer that throws is logged and reaches no other observer. The caller's thread never runs
 * observer code.
 */
public final class RegistryReports {
    /** How many reports may wait for delivery before further ones are dropped. */
    static final int QUEUE_CAPACITY = 4096;

    private static final int IDLE_SECONDS = 10;
    // Logs the first dropped report, then one in this many, so a lagging observer cannot flood the log.
    private static final long DROP_LOG_EVERY = 10_000;
    private static final RegistryObserver[] NONE = {};
    private static final Logger LOG = LoggerFactory.getLogger(RegistryReports.class);

    private final ProviderKind kind;
    private final ThreadPoolExecutor delivery;
    private final AtomicLong dropped = new AtomicLong();
    // Copied on write: reports read it without a lock.
    private volatile RegistryObserver[] observers = NONE;

    /**
     * Creates the reports of one registry; no thread runs until an observer is told something.
     *
     * @param kind the registry's kind of provider
     */
    public RegistryReports(ProviderKind kind) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.delivery = new ThreadPoolExecutor(
                1,
                1,
                IDLE_SECONDS,
                TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(QUEUE_CAPACITY),
                r -> {
                    Thread t = new Thread(
                            r, "orchard-registry-observers-" + kind.name().toLowerCase());
                    t.setDaemon(true);
                    return t;
                },
                (r, executor) -> drop());
        delivery.allowCoreThreadTimeOut(true);
    }

    /**
     * Tells whether any observer listens: when none does, callers skip measuring.
     *
     * @return true if at least one observer is registered
     */
    public boolean active() {
        return observers.length != 0;
    }

    /**
     * Adds an observer.
     *
     * @param observer the observer
     */
    public synchronized void add(RegistryObserver observer) {
        RegistryObserver[] now = Arrays.copyOf(observers, observers.length + 1);
        now[now.length - 1] = Objects.requireNonNull(observer, "observer");
        observers = now;
    }

    /**
     * Removes an observer; reports still queued no longer reach it.
     *
     * @param observer the observer
     */
    public synchronized void remove(RegistryObserver observer) {
        observers = Arrays.stream(observers).filter(o -> o != observer).toArray(RegistryObserver[]::new);
    }

    /** Stops delivering: reports still queued are dropped and the delivery thread ends. */
    public void close() {
        synchronized (this) {
            observers = NONE;
        }
        delivery.shutdownNow();
    }

    /**
     * Reports a call that ended.
     *
     * @param provider the provider name as called
     * @param operation the operation
     * @param nanos how long it took
     * @param error what it threw, or null if it returned
     */
    void called(String provider, String operation, long nanos, Throwable error) {
        Optional<OrchardException.Category> category = error == null
                ? Optional.empty()
                : Optional.of(
                        error instanceof OrchardException o ? o.category() : OrchardException.Category.PROVIDER_FAULT);
        String name = provider == null ? "" : provider;
        offer(o -> o.callEnded(kind, name, operation, nanos, category));
    }

    /**
     * Reports a drain that ended.
     *
     * @param provider the name the candidate served, or null
     * @param nanos how long the wait took
     * @param leftInFlight the calls still in flight when it ended
     */
    void drained(String provider, long nanos, int leftInFlight) {
        String name = provider == null ? "" : provider;
        offer(o -> o.drained(kind, name, nanos, leftInFlight));
    }

    /**
     * Reports a change of the candidate that serves a name.
     *
     * @param provider the name
     * @param previous the candidate that served it, or null
     * @param current the candidate that serves it now, or null
     */
    void swapped(String provider, ProviderInfo previous, ProviderInfo current) {
        Optional<ProviderInfo> was = Optional.ofNullable(previous);
        Optional<ProviderInfo> now = Optional.ofNullable(current);
        offer(o -> o.swapped(kind, provider, was, now));
    }

    private void offer(Consumer<RegistryObserver> report) {
        if (!active() || delivery.isShutdown()) {
            return;
        }
        delivery.execute(() -> deliver(report));
    }

    private void deliver(Consumer<RegistryObserver> report) {
        for (RegistryObserver o : observers) {
            try {
                report.accept(o);
            } catch (RuntimeException | LinkageError | AssertionError e) {
                // One observer's failure must reach neither another observer nor the registry.
                LOG.warn("Registry observer {} threw; ignored", o, Secrets.redacted(e));
            }
        }
    }

    // Only RegistryReportsTest reads it: the log says the same to a person.
    long dropped() {
        return dropped.get();
    }

    private void drop() {
        long n = dropped.incrementAndGet();
        if (n == 1 || n % DROP_LOG_EVERY == 0) {
            LOG.warn(
                    "{} registry: {} report(s) dropped so far; its observers lag more than {} reports behind",
                    kind,
                    n,
                    QUEUE_CAPACITY);
        }
    }
}
