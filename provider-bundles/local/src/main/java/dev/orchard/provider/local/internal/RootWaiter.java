package dev.orchard.provider.local.internal;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The waiting of an instance whose roots another instance or process owns: a thread that tries to take them every
 * {@value #POLL_MILLIS} ms, and, when their owner hands them over ({@link Handover}), declares the instance
 * serving at once and tries every {@value #TAKEOVER_POLL_MILLIS} ms; the calls made to it meanwhile wait for the
 * roots ({@link #awaitTakeover}). If the owner has not left after {@value #TAKEOVER_MILLIS} ms (beyond the
 * registry's default drain of the owner's calls, 10 s), those calls are refused and the instance is FAILED again.
 *
 * <p>Its state is guarded by the instance's monitor, which the instance also holds while it takes the roots: so
 * an action set while the instance waits is never lost to a takeover that happens at the same moment.
 */
final class RootWaiter {
    /** How often a waiting instance tries to take its roots. */
    static final long POLL_MILLIS = 100;

    private static final long TAKEOVER_POLL_MILLIS = 5;
    private static final long TAKEOVER_MILLIS = 15_000;
    private static final Logger LOG = LoggerFactory.getLogger(RootWaiter.class);

    /** Tries to take the roots. */
    @FunctionalInterface
    interface Attempt {
        /**
         * Tries once.
         *
         * @return whether the instance owns its roots now (or is stopped)
         */
        boolean tryOpen();
    }

    private final String name;
    private final Object lock;
    private final Handover handover;
    private final Attempt attempt;
    private final BooleanSupplier owns;
    private final Supplier<String> reason;
    private Runnable whenOwned = () -> {};
    private Runnable whenClaimed = () -> {};
    private Consumer<String> whenTakeoverFails = r -> {};
    private long takeoverDeadline; // System.nanoTime() while it takes over; 0 otherwise
    private Thread thread;
    private boolean stopped;

    /**
     * The waiting of an instance.
     *
     * @param name the instance's name, for the log
     * @param lock the instance's monitor
     * @param handover the roots' handover
     * @param attempt tries to take the roots
     * @param owns whether the instance owns its roots; read under the monitor
     * @param reason why the instance serves nothing yet
     */
    RootWaiter(
            String name,
            Object lock,
            Handover handover,
            Attempt attempt,
            BooleanSupplier owns,
            Supplier<String> reason) {
        this.name = name;
        this.lock = lock;
        this.handover = handover;
        this.attempt = attempt;
        this.owns = owns;
        this.reason = reason;
    }

    /** Starts waiting, announced to the owner, on a thread of its own. */
    void start() {
        LOG.warn("Local provider {} waits: {}", name, reason.get());
        Optional<Path> announced = handover.announce();
        Thread t = new Thread(
                () -> {
                    try {
                        run();
                    } finally {
                        announced.ifPresent(handover::finish);
                    }
                },
                "orchard-local-waits-for-roots");
        t.setDaemon(true);
        synchronized (lock) {
            thread = t;
        }
        t.start();
    }

    private void run() {
        while (true) {
            try {
                Thread.sleep(takingOver() ? TAKEOVER_POLL_MILLIS : POLL_MILLIS);
                if (attempt.tryOpen()) {
                    break;
                }
                if (!takingOver()) {
                    handover.claim().ifPresent(this::takeOver);
                } else if (System.nanoTime() - deadline() > 0) {
                    giveUpTakeover();
                }
            } catch (InterruptedException e) {
                return; // stopped
            } catch (RuntimeException e) {
                LOG.warn("Local provider {} cannot take its roots yet: {}", name, e.toString());
            }
        }
        Runnable then;
        synchronized (lock) {
            if (stopped) {
                return;
            }
            then = whenOwned;
        }
        LOG.info("Local provider {} owns its roots now and serves", name);
        then.run();
    }

    // The owner hands the roots over: serve at once, the calls waiting for the roots, then let the owner leave.
    private void takeOver(Path claimed) {
        Runnable serve;
        synchronized (lock) {
            takeoverDeadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TAKEOVER_MILLIS);
            serve = whenClaimed;
        }
        LOG.info("Local provider {} takes over the roots that their owner hands over", name);
        try {
            serve.run();
        } finally {
            handover.finish(claimed);
        }
    }

    // The owner did not leave in time: the calls that waited are refused, and the instance is FAILED again.
    private void giveUpTakeover() {
        Consumer<String> fail;
        synchronized (lock) {
            takeoverDeadline = 0;
            lock.notifyAll();
            fail = whenTakeoverFails;
        }
        LOG.warn("Local provider {} could not take over the roots in time: {}", name, reason.get());
        fail.accept(reason.get());
    }

    private boolean takingOver() {
        return deadline() != 0;
    }

    private long deadline() {
        synchronized (lock) {
            return takeoverDeadline;
        }
    }

    /**
     * Sets what runs once the instance owns its roots. Under the monitor, while the instance does not own them.
     *
     * @param action e.g. the publication's {@code serve}
     */
    void whenOwned(Runnable action) {
        whenOwned = action;
    }

    /**
     * Sets what runs when an owner hands the roots over, and when the takeover gives up.
     *
     * @param serve e.g. the publication's {@code serve}
     * @param fail e.g. the publication's {@code fail}, given the reason
     */
    void whenHandedOver(Runnable serve, Consumer<String> fail) {
        boolean claimed;
        synchronized (lock) {
            whenClaimed = serve;
            whenTakeoverFails = fail;
            claimed = takeoverDeadline != 0;
        }
        if (claimed) {
            serve.run(); // a handover was claimed before this was set
        }
    }

    /**
     * Under the monitor: while an owner hands the roots over, a call waits for them (the registry already calls
     * this instance), until the instance owns them, the takeover gives up, or the instance stops.
     */
    void awaitTakeover() {
        while (!owns.getAsBoolean() && !stopped && takeoverDeadline != 0) {
            long left = takeoverDeadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                TimeUnit.NANOSECONDS.timedWait(lock, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Under the monitor, once the instance owns its roots: the calls that wait for them go on. */
    void owned() {
        takeoverDeadline = 0;
        lock.notifyAll();
    }

    /** Stops waiting: the calls that wait are refused. */
    void stop() {
        Thread t;
        synchronized (lock) {
            stopped = true;
            lock.notifyAll();
            t = thread;
        }
        if (t != null) {
            t.interrupt();
        }
    }
}
