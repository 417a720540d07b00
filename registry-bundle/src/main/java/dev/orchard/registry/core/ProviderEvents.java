package dev.orchard.registry.core;

import dev.orchard.api.naming.Secrets;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderListener;
import dev.orchard.api.registry.ProviderState;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells {@link ProviderListener}s, the registry's observers and the log that providers were added, replaced, removed
 * or FAILED, and that a leaving one drained.
 *
 * <p>The writer records events in a {@link Batch} while it holds its lock, when it knows what changed, and
 * delivers the batch after releasing it: listeners and the log are never called under the lock. Each listener is
 * called in isolation: one that throws reaches neither another listener nor the registry.
 *
 * @param <K> the registration key
 * @param <S> the provider contract
 */
final class ProviderEvents<K, S> {
    private static final Logger LOG = LoggerFactory.getLogger(ProviderEvents.class);

    private final ProviderKind kind;
    private final ProviderWording<K, S> wording;
    private final Supplier<? extends Iterable<ProviderListener>> listeners;
    private final RegistryReports reports;

    ProviderEvents(
            ProviderKind kind,
            ProviderWording<K, S> wording,
            Supplier<? extends Iterable<ProviderListener>> listeners,
            RegistryReports reports) {
        this.kind = kind;
        this.wording = wording;
        this.listeners = listeners;
        this.reports = reports;
    }

    /**
     * Starts recording the events of one change.
     *
     * @return an empty batch
     */
    Batch batch() {
        return new Batch();
    }

    /** The events of one change of the table, delivered once the writer's lock is released. */
    final class Batch {
        private final List<Runnable> pending = new ArrayList<>(2);

        private Batch() {}

        /**
         * Records a change of the registration that serves a name, if there is one.
         *
         * @param name the name
         * @param before the registration that served it, or null
         * @param after the registration that serves it now, or null
         */
        void transition(String name, K before, K after) {
            if (before == null ? after == null : before.equals(after)) {
                return;
            }
            if (before == null) {
                ProviderInfo now = wording.info(after, name, ProviderState.ACTIVE, null);
                pending.add(() -> {
                    LOG.info("Provider added: {} {} from {} (ranking {})", kind, name, now.bundle(), now.ranking());
                    each(l -> l.added(now));
                    reports.swapped(name, null, now);
                });
            } else if (after == null) {
                ProviderInfo was = wording.info(before, name, ProviderState.ACTIVE, null);
                pending.add(() -> {
                    LOG.info("Provider removed: {} {} from {}", kind, name, was.bundle());
                    each(l -> l.removed(was));
                    reports.swapped(name, was, null);
                });
            } else {
                ProviderInfo was = wording.info(before, name, ProviderState.ACTIVE, null);
                ProviderInfo now = wording.info(after, name, ProviderState.ACTIVE, null);
                pending.add(() -> {
                    LOG.info(
                            "Provider replaced: {} {} from {} (ranking {}) now served by {} (ranking {})",
                            kind,
                            name,
                            was.bundle(),
                            was.ranking(),
                            now.bundle(),
                            now.ranking());
                    each(l -> l.replaced(was, now));
                    reports.swapped(name, was, now);
                });
            }
        }

        /**
         * Records that a candidate FAILED, with its reason.
         *
         * @param c the candidate, already marked FAILED
         */
        void failed(Candidate<K, S> c) {
            ProviderInfo info = wording.info(c, ProviderState.FAILED);
            String label = wording.logLabel(c);
            pending.add(() -> {
                LOG.error("Provider {} FAILED: {}", label, info.failureReason().orElse(""));
                each(l -> l.failed(info));
            });
        }

        /** Delivers the events, in the order recorded. Call it without holding the writer's lock. */
        void deliver() {
            for (Runnable r : pending) {
                r.run();
            }
        }
    }

    /**
     * Reports the drain of a candidate that left to the observers, and logs it if calls on it were still in flight.
     *
     * @param c the candidate that left
     * @param left the calls still in flight when it was released
     * @param drainMillis the drain time that ran out, or -1 if the drain was interrupted
     * @param startNanos when the drain began, from {@link System#nanoTime()}
     */
    void releasedInFlight(Candidate<K, S> c, int left, long drainMillis, long startNanos) {
        reports.drained(c.name(), System.nanoTime() - startNanos, left);
        if (left > 0 && drainMillis < 0) {
            LOG.warn("Interrupted while draining {}; released it with {} call(s) in flight", wording.logLabel(c), left);
        } else if (left > 0) {
            LOG.warn(
                    "Released {} with {} call(s) still in flight after the drain timeout of {} ms",
                    wording.logLabel(c),
                    left,
                    drainMillis);
        }
    }

    private void each(Consumer<ProviderListener> event) {
        Iterable<ProviderListener> all = listeners.get();
        if (all == null) {
            return;
        }
        for (ProviderListener l : all) {
            try {
                event.accept(l);
            } catch (RuntimeException | LinkageError | AssertionError e) {
                // One listener's failure must not reach another listener or the registry.
                LOG.warn("Provider listener {} threw; ignored", l, Secrets.redacted(e));
            }
        }
    }
}
