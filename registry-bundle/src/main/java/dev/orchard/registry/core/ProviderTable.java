package dev.orchard.registry.core;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.model.Names;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderListener;
import dev.orchard.api.registry.ProviderState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The registry's core: every candidate of every provider name, ordered, with the active one per name.
 *
 * <p>Plain Java, so it can be tested and benchmarked outside a framework. Reads ({@link #active}, {@link #call})
 * take no lock: they read a {@link ConcurrentHashMap} of per-name slots whose candidate arrays are immutable.
 * Writes take one lock and touch only the slot of the affected name, so their cost does not grow with the
 * number of names. Listener events are collected under the lock and delivered after it is released.
 *
 * @param <S> the provider contract
 */
public final class ProviderTable<S> {
    private static final Logger LOG = LoggerFactory.getLogger(ProviderTable.class);
    // Bounds the retries of one call while candidates leave or fail under it.
    private static final int MAX_ATTEMPTS = 64;

    /** The candidates of one name, from the most preferred down; replaced whole on every change. */
    private static final class Slot<S> {
        volatile Candidate<S>[] ordered;
        volatile Candidate<S> active;
        final String name;

        Slot(String name, Candidate<S>[] ordered) {
            this.name = name;
            this.ordered = ordered;
        }
    }

    private final ProviderKind kind;
    private final Supplier<? extends Iterable<ProviderListener>> listeners;
    private final ConcurrentHashMap<String, Slot<S>> slots = new ConcurrentHashMap<>();
    // The active candidate's service of each name, once obtained: a lookup is then exactly one map read. An
    // entry is put and removed only under the lock, and removed whenever the name's active candidate changes.
    private final ConcurrentHashMap<String, S> activeServices = new ConcurrentHashMap<>();
    // Candidates whose name is missing or invalid: FAILED, kept so they can be shown.
    private final ConcurrentHashMap<Object, Candidate<S>> unnamed = new ConcurrentHashMap<>();
    // Every candidate by registration key; written under the lock only.
    private final Map<Object, Candidate<S>> byKey = new HashMap<>();
    private final ReentrantLock lock = new ReentrantLock();

    private final Comparator<Candidate<S>> preferred =
            (a, b) -> b.handle().compareTo(a.handle());

    /**
     * Creates an empty table.
     *
     * @param kind the kind of provider it holds, for descriptions
     * @param listeners supplies the listeners to notify; called outside the lock
     */
    public ProviderTable(ProviderKind kind, Supplier<? extends Iterable<ProviderListener>> listeners) {
        this.kind = kind;
        this.listeners = listeners;
    }

    // ---------------------------------------------------------------- writes

    /**
     * Adds a registration. One with a missing or invalid name is kept as FAILED.
     *
     * @param handle the registration
     */
    public void add(ServiceHandle<S> handle) {
        List<Runnable> events = new ArrayList<>(2);
        lock.lock();
        try {
            if (byKey.containsKey(handle.key())) {
                return;
            }
            Candidate<S> c = new Candidate<>(handle, kind);
            byKey.put(handle.key(), c);
            file(c, events);
        } finally {
            lock.unlock();
        }
        deliver(events);
    }

    /**
     * Re-reads a registration's name and ranking after its properties changed, and re-files it.
     *
     * @param key the registration key
     */
    public void update(Object key) {
        List<Runnable> events = new ArrayList<>(3);
        lock.lock();
        try {
            Candidate<S> c = byKey.get(key);
            if (c == null) {
                return;
            }
            String oldName = c.name();
            int newRanking = c.handle().ranking();
            String newName = validName(c.handle().nameProperty());
            if (c.failure() != null && oldName == null && newName == null) {
                c.ranking(newRanking);
                c.failure(whyInvalid(c.handle().nameProperty()));
                return;
            }
            if (oldName != null && oldName.equals(newName)) {
                // Same name: re-order the slot in one step, so that readers never see the name without its
                // provider, and listeners hear only a real change of the active one.
                c.ranking(newRanking);
                Slot<S> slot = slots.get(oldName);
                Candidate<S> before = slot.active;
                Candidate<S>[] next = slot.ordered.clone();
                Arrays.sort(next, preferred);
                slot.ordered = next;
                slot.active = firstUsable(next);
                activeServices.remove(slot.name);
                transition(before, slot.active, events);
            } else {
                unfile(c, events);
                c.ranking(newRanking);
                if (oldName == null) {
                    c.failure(null); // it was FAILED only for its name; judge the new one afresh
                }
                file(c, events);
            }
        } finally {
            lock.unlock();
        }
        deliver(events);
    }

    /**
     * Removes a registration: new calls go to the next candidate at once. The caller then drains the returned
     * candidate with {@link #drainAndRelease}.
     *
     * @param key the registration key
     * @return the removed candidate, or null if the key was unknown
     */
    public Candidate<S> remove(Object key) {
        List<Runnable> events = new ArrayList<>(2);
        Candidate<S> c;
        lock.lock();
        try {
            c = byKey.remove(key);
            if (c == null) {
                return null;
            }
            unfile(c, events);
            c.retire();
        } finally {
            lock.unlock();
        }
        deliver(events);
        return c;
    }

    /**
     * Waits for a removed candidate's calls in flight to end, then releases its service.
     *
     * @param c the candidate {@link #remove} returned
     * @param timeout how long to wait at most
     * @param unit the unit of timeout
     */
    public void drainAndRelease(Candidate<S> c, long timeout, TimeUnit unit) {
        try {
            int left = c.drainAndRelease(timeout, unit);
            if (left > 0) {
                LOG.warn("Released {} with {} call(s) still in flight after the drain timeout of {} ms",
                        c, left, unit.toMillis(timeout));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.warn("Interrupted while draining {}; released it with {} call(s) in flight", c, c.inFlight());
        }
    }

    /**
     * Marks a candidate FAILED because its service could not be obtained; the next candidate takes over.
     *
     * @param c the candidate
     * @param reason why
     */
    void fail(Candidate<S> c, String reason) {
        List<Runnable> events = new ArrayList<>(2);
        lock.lock();
        try {
            if (byKey.get(c.handle().key()) != c || c.failure() != null) {
                return;
            }
            String name = c.name();
            Candidate<S> before = activeOf(name);
            c.failure(reason);
            Slot<S> slot = slots.get(name);
            if (slot != null) {
                slot.active = firstUsable(slot.ordered);
                activeServices.remove(slot.name);
                transition(before, slot.active, events);
            }
            ProviderInfo info = c.info(ProviderState.FAILED);
            events.add(() -> each(l -> l.failed(info)));
        } finally {
            lock.unlock();
        }
        LOG.error("Provider {} FAILED: {}", c, reason);
        deliver(events);
    }

    // Files a candidate under its name, or among the unnamed if the name is invalid. Lock held.
    private void file(Candidate<S> c, List<Runnable> events) {
        Object raw = c.handle().nameProperty();
        String name = validName(raw);
        c.name(name);
        if (name == null) {
            c.failure(whyInvalid(raw));
            unnamed.put(c.handle().key(), c);
            ProviderInfo info = c.info(ProviderState.FAILED);
            LOG.error("Provider {} FAILED: {}", c, c.failure());
            events.add(() -> each(l -> l.failed(info)));
            return;
        }
        Slot<S> slot = slots.get(name);
        Candidate<S> before = slot == null ? null : slot.active;
        Candidate<S>[] next;
        if (slot == null) {
            @SuppressWarnings("unchecked")
            Candidate<S>[] one = new Candidate[] {c};
            next = one;
            slot = new Slot<>(name, next);
        } else {
            Candidate<S>[] old = slot.ordered;
            int at = Arrays.binarySearch(old, c, preferred);
            at = at < 0 ? -at - 1 : at;
            next = Arrays.copyOf(old, old.length + 1);
            System.arraycopy(old, at, next, at + 1, old.length - at);
            next[at] = c;
            slot.ordered = next;
        }
        slot.active = firstUsable(next);
        activeServices.remove(slot.name);
        slots.put(name, slot);
        transition(before, slot.active, events);
    }

    // Takes a candidate out of its slot (or the unnamed set). Lock held.
    private void unfile(Candidate<S> c, List<Runnable> events) {
        String name = c.name();
        if (name == null) {
            unnamed.remove(c.handle().key());
            return;
        }
        Slot<S> slot = slots.get(name);
        if (slot == null) {
            return;
        }
        Candidate<S> before = slot.active;
        Candidate<S>[] old = slot.ordered;
        int at = -1;
        for (int i = 0; i < old.length; i++) {
            if (old[i] == c) {
                at = i;
                break;
            }
        }
        if (at < 0) {
            return;
        }
        if (old.length == 1) {
            slots.remove(name);
            slot.active = null;
            activeServices.remove(slot.name);
        } else {
            @SuppressWarnings("unchecked")
            Candidate<S>[] next = new Candidate[old.length - 1];
            System.arraycopy(old, 0, next, 0, at);
            System.arraycopy(old, at + 1, next, at, old.length - at - 1);
            slot.ordered = next;
            slot.active = firstUsable(next);
            activeServices.remove(slot.name);
        }
        transition(before, slot.active, events);
    }

    private static <S> Candidate<S> firstUsable(Candidate<S>[] ordered) {
        for (Candidate<S> c : ordered) {
            if (c.failure() == null) {
                return c;
            }
        }
        return null;
    }

    private void transition(Candidate<S> before, Candidate<S> after, List<Runnable> events) {
        if (before == after) {
            return;
        }
        if (before == null) {
            ProviderInfo now = after.info(ProviderState.ACTIVE);
            LOG.info("Provider added: {} {} from {} (ranking {})", kind, now.name(), now.bundle(), now.ranking());
            events.add(() -> each(l -> l.added(now)));
        } else if (after == null) {
            ProviderInfo was = before.info(ProviderState.ACTIVE);
            LOG.info("Provider removed: {} {} from {}", kind, was.name(), was.bundle());
            events.add(() -> each(l -> l.removed(was)));
        } else {
            ProviderInfo was = before.info(ProviderState.ACTIVE);
            ProviderInfo now = after.info(ProviderState.ACTIVE);
            LOG.info("Provider replaced: {} {} from {} (ranking {}) now served by {} (ranking {})", kind,
                    now.name(), was.bundle(), was.ranking(), now.bundle(), now.ranking());
            events.add(() -> each(l -> l.replaced(was, now)));
        }
    }

    private void deliver(List<Runnable> events) {
        for (Runnable r : events) {
            r.run();
        }
    }

    private void each(java.util.function.Consumer<ProviderListener> event) {
        Iterable<ProviderListener> all = listeners.get();
        if (all == null) {
            return;
        }
        for (ProviderListener l : all) {
            try {
                event.accept(l);
            } catch (RuntimeException | LinkageError | AssertionError e) {
                // One listener's failure must not reach another listener or the registry.
                LOG.warn("Provider listener {} threw; ignored", l, e);
            }
        }
    }

    private static String validName(Object raw) {
        return raw instanceof String s && Names.isDns1123Label(s) ? s : null;
    }

    private static String whyInvalid(Object raw) {
        if (raw == null) {
            return "the service has no " + dev.orchard.api.registry.ProviderProperties.NAME + " property";
        }
        if (!(raw instanceof String s)) {
            return "the " + dev.orchard.api.registry.ProviderProperties.NAME + " property must be a String, not "
                    + raw.getClass().getSimpleName() + " " + raw;
        }
        return "the " + dev.orchard.api.registry.ProviderProperties.NAME + " property " + Names.quote(s) + " "
                + Names.whyNotDns1123Label(s);
    }

    // ---------------------------------------------------------------- reads (no lock)

    /**
     * The active candidate of a name.
     *
     * @param name the name
     * @return the candidate, or null
     */
    public Candidate<S> active(String name) {
        Slot<S> slot = name == null ? null : slots.get(name);
        return slot == null ? null : slot.active;
    }

    private Candidate<S> activeOf(String name) {
        return name == null ? null : active(name);
    }

    /**
     * The active provider of a name, obtaining it if this is its first use.
     *
     * @param name the name
     * @return the provider, or empty
     */
    public Optional<S> find(String name) {
        return Optional.ofNullable(lookup(name));
    }

    // The active candidate's service, or null; a candidate whose service cannot be obtained fails over.
    private S lookup(String name) {
        if (name == null) {
            return null;
        }
        S cached = activeServices.get(name);
        if (cached != null) {
            return cached;
        }
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Candidate<S> c = active(name);
            if (c == null) {
                return null;
            }
            S s = c.service();
            if (s != null) {
                publish(name, c, s);
                return s;
            }
            failObtain(c);
        }
        return null;
    }

    // Caches the service for lookups, if the candidate is still the active one of its name.
    private void publish(String name, Candidate<S> c, S service) {
        lock.lock();
        try {
            Slot<S> slot = slots.get(name);
            if (slot != null && slot.active == c) {
                activeServices.put(name, service);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * The active provider of a name.
     *
     * @param name the name
     * @return the provider
     * @throws InvalidInputException if the name is not a DNS-1123 label
     * @throws NotFoundException if no candidate has the name
     * @throws UnavailableException if every candidate of the name is FAILED
     */
    public S get(String name) {
        // Kept this small so that it inlines: a found name is one map read, the rest is the slow path.
        S found = name == null ? null : activeServices.get(name);
        return found != null ? found : getSlow(name);
    }

    private S getSlow(String name) {
        S found = lookup(name);
        if (found != null) {
            return found;
        }
        Names.requireDns1123Label("provider name", name);
        throw missing(name);
    }

    /**
     * Calls the active provider of a name, counted in flight so that its removal drains.
     *
     * @param <R> the result type
     * @param name the name
     * @param call the call
     * @return what the call returned
     * @throws InvalidInputException if the name is not a DNS-1123 label
     * @throws NotFoundException if no candidate has the name
     * @throws UnavailableException if every candidate of the name is FAILED, or they keep leaving
     */
    public <R> R call(String name, Function<? super S, ? extends R> call) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Candidate<S> c = active(name);
            if (c == null) {
                Names.requireDns1123Label("provider name", name);
                throw missing(name);
            }
            if (!c.enter()) {
                continue; // it is leaving; the slot already names its successor
            }
            try {
                S s = c.service();
                if (s == null) {
                    failObtain(c);
                    continue;
                }
                return call.apply(s);
            } finally {
                c.exit();
            }
        }
        throw new UnavailableException(kindWord() + " provider " + Names.quote(name)
                + " kept changing while the call tried to reach it; retry");
    }

    private void failObtain(Candidate<S> c) {
        fail(c, "its service could not be obtained: " + c.handle().obtainFailureReason());
    }

    private RuntimeException missing(String name) {
        List<ProviderInfo> all = candidates(name);
        if (all.isEmpty()) {
            return new NotFoundException("no " + kindWord() + " provider is named " + Names.quote(name)
                    + "; known: " + String.join(", ", names()));
        }
        return new UnavailableException(kindWord() + " provider " + Names.quote(name) + " has no usable candidate: "
                + all.get(0).failureReason().orElse("leaving"));
    }

    private String kindWord() {
        return kind == ProviderKind.ORCHESTRATOR ? "orchestrator" : "pod";
    }

    /**
     * The names that have an active candidate.
     *
     * @return an immutable sorted set
     */
    public SortedSet<String> names() {
        TreeSet<String> names = new TreeSet<>();
        slots.forEach((name, slot) -> {
            if (slot.active != null) {
                names.add(name);
            }
        });
        return Collections.unmodifiableSortedSet(names);
    }

    /**
     * The candidates of a name, from the most preferred down.
     *
     * @param name the name
     * @return an immutable list
     */
    public List<ProviderInfo> candidates(String name) {
        Slot<S> slot = name == null ? null : slots.get(name);
        if (slot == null) {
            return List.of();
        }
        return describe(slot);
    }

    private List<ProviderInfo> describe(Slot<S> slot) {
        Candidate<S> active = slot.active;
        List<ProviderInfo> out = new ArrayList<>();
        for (Candidate<S> c : slot.ordered) {
            ProviderState state = c.failure() != null ? ProviderState.FAILED
                    : c == active ? ProviderState.ACTIVE : ProviderState.SHADOWED;
            out.add(c.info(state));
        }
        return List.copyOf(out);
    }

    /**
     * Every candidate: by name, each name's from the most preferred down, then the unnamed FAILED ones.
     *
     * @return an immutable list
     */
    public List<ProviderInfo> providers() {
        TreeMap<String, Slot<S>> sorted = new TreeMap<>(slots);
        List<ProviderInfo> out = new ArrayList<>();
        sorted.values().forEach(slot -> out.addAll(describe(slot)));
        unnamed.values().stream()
                .sorted(Comparator.comparingLong(c -> c.handle().serviceId()))
                .forEach(c -> out.add(c.info(ProviderState.FAILED)));
        return List.copyOf(out);
    }

    /**
     * The number of registrations known, usable or not.
     *
     * @return the count
     */
    public int size() {
        lock.lock();
        try {
            return byKey.size();
        } finally {
            lock.unlock();
        }
    }
}
