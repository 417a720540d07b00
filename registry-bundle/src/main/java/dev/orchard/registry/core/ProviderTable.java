package dev.orchard.registry.core;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderListener;
import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.api.registry.ProviderState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The registry's core: every candidate of every provider name, ordered, with the active one per name.
 *
 * <p>Plain Java, so it can be tested and benchmarked outside a framework. Each name maps, in a {@link NameTable},
 * to one of three values, so that a provider costs the registry as little heap as possible:
 * <ul>
 *   <li>the bare registration key: the name's only candidate, never used yet (one table entry, nothing more);
 *   <li>a {@link Candidate}: the name's only candidate once it was used (its service obtained, calls counted
 *       in flight) or once it FAILED;
 *   <li>a {@link Slot}: two or more candidates, ordered, with the active one.
 * </ul>
 *
 * <p>Reads ({@link #get}, {@link #call}) take no lock: a lookup of a name in use is one read of a map of the
 * services in use; other reads probe the name table. Writes take one lock and touch only the affected name, so
 * their cost does not grow with the number of names. The first use of a name turns its key into a candidate under the lock. Listener events are
 * collected under the lock and delivered after it is released.
 *
 * @param <K> the registration key (a {@code ServiceReference} in OSGi)
 * @param <S> the provider contract
 */
public final class ProviderTable<K, S> {
    private static final Logger LOG = LoggerFactory.getLogger(ProviderTable.class);
    // Bounds the retries of one call while candidates leave or fail under it.
    private static final int MAX_ATTEMPTS = 64;

    /** Two or more candidates of one name, from the most preferred down; immutable, replaced on every change. */
    private static final class Slot<K, S> {
        final Candidate<K, S>[] ordered;
        final Candidate<K, S> active;

        Slot(Candidate<K, S>[] ordered) {
            this.ordered = ordered;
            Candidate<K, S> first = null;
            for (Candidate<K, S> c : ordered) {
                if (c.failure() == null) {
                    first = c;
                    break;
                }
            }
            this.active = first;
        }
    }

    private final ProviderKind kind;
    private final ServiceAccess<K, S> access;
    private final Supplier<? extends Iterable<ProviderListener>> listeners;
    // name -> K | Candidate | Slot, as the class comment says. Written under the lock only, through setValue and
    // removeName, which keep activeServices in step.
    private final NameTable byName = new NameTable();
    // The active candidate's service of each name in use, once obtained: a lookup is then exactly one map read.
    // Only names in use have an entry, so it costs nothing for providers registered but never called. An entry is
    // put and removed only under the lock, and removed whenever the name's value changes.
    private final ConcurrentHashMap<String, S> activeServices = new ConcurrentHashMap<>();
    // Candidates whose name is missing or invalid: FAILED, kept so they can be shown.
    private final ConcurrentHashMap<K, Candidate<K, S>> unnamed = new ConcurrentHashMap<>();
    private final ReentrantLock lock = new ReentrantLock();
    private int size; // under the lock

    private final Comparator<Candidate<K, S>> preferred;

    /**
     * Creates an empty table.
     *
     * @param kind the kind of provider it holds, for descriptions
     * @param access reads the registrations the table holds
     * @param listeners supplies the listeners to notify; called outside the lock
     */
    public ProviderTable(
            ProviderKind kind, ServiceAccess<K, S> access, Supplier<? extends Iterable<ProviderListener>> listeners) {
        this.kind = kind;
        this.access = access;
        this.listeners = listeners;
        this.preferred = (a, b) -> access.compare(b.key(), a.key());
    }

    // ---------------------------------------------------------------- writes

    /**
     * Adds a registration. One with a missing or invalid name is kept as FAILED.
     *
     * @param key the registration
     */
    public void add(K key) {
        List<Runnable> events = new ArrayList<>(2);
        lock.lock();
        try {
            Object raw = access.nameProperty(key);
            String name = validName(raw);
            if (name == null ? unnamed.containsKey(key) : holds(byName.get(name), key)) {
                return; // already known
            }
            size++;
            String declared = access.declaredFailure(key);
            if (name == null) {
                fileUnnamed(new Candidate<>(key, null), raw, events);
            } else if (declared != null) {
                Candidate<K, S> c = new Candidate<>(key, name);
                c.declare(declared);
                file(name, c, events);
                failed(c, events);
            } else {
                file(name, key, events);
            }
        } finally {
            lock.unlock();
        }
        deliver(events);
    }

    /**
     * Re-reads a registration's name and ranking after its properties changed, and re-files it.
     *
     * @param key the registration
     */
    public void update(K key) {
        List<Runnable> events = new ArrayList<>(3);
        lock.lock();
        try {
            Object raw = access.nameProperty(key);
            String newName = validName(raw);
            Located<K, S> at = locate(key, newName);
            if (at == null) {
                return;
            }
            if (at.name() == null) {
                Candidate<K, S> c = unnamed.get(key);
                if (newName == null) {
                    c.failure(whyInvalid(raw)); // still unnamed; the reason may have changed
                    return;
                }
                unnamed.remove(key);
                c.failure(null); // it was FAILED only for its name; judge the new one afresh
                c.name(newName);
                c.declare(access.declaredFailure(key));
                file(newName, c, events);
                if (c.failure() != null) {
                    failed(c, events);
                }
            } else if (at.name().equals(newName)) {
                String declared = access.declaredFailure(key);
                Candidate<K, S> held = candidateIn(at.value(), key);
                String was = held == null ? null : held.failure();
                K before = activeKey(at.value());
                Candidate<K, S> c = held != null ? held : new Candidate<>(key, newName);
                c.declare(declared);
                if (!java.util.Objects.equals(was, c.failure())) {
                    // It declared a failure, or recovered from one: re-file it in one step with its new state.
                    Object v = at.value();
                    Object now;
                    if (v instanceof Slot) {
                        Candidate<K, S>[] next = slot(v).ordered.clone();
                        for (int i = 0; i < next.length; i++) {
                            if (next[i].key().equals(key)) {
                                next[i] = c;
                            }
                        }
                        Arrays.sort(next, preferred);
                        now = new Slot<>(next);
                    } else {
                        now = c;
                    }
                    setValue(newName, now);
                    transition(newName, before, activeKey(now), events);
                    if (c.failure() != null) {
                        failed(c, events);
                    }
                } else if (at.value() instanceof Slot) {
                    Slot<K, S> slot = slot(at.value());
                    Candidate<K, S>[] next = slot.ordered.clone();
                    Arrays.sort(next, preferred);
                    Slot<K, S> now = new Slot<>(next);
                    setValue(at.name(), now);
                    transition(at.name(), before, activeKey(now), events);
                }
            } else {
                Object moved = unfile(at, key, events);
                if (newName == null) {
                    Candidate<K, S> c = candidateOf(moved, null);
                    c.name(null);
                    fileUnnamed(c, raw, events);
                } else {
                    String declared = access.declaredFailure(key);
                    if (moved instanceof Candidate || declared != null) {
                        Candidate<K, S> c = candidateOf(moved, newName);
                        c.name(newName);
                        c.declare(declared);
                        moved = c;
                    }
                    file(newName, moved, events);
                }
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
     * @param key the registration
     * @return the removed candidate, or null if the key was unknown
     */
    public Candidate<K, S> remove(K key) {
        List<Runnable> events = new ArrayList<>(2);
        Candidate<K, S> c;
        lock.lock();
        try {
            Located<K, S> at = locate(key, validName(access.nameProperty(key)));
            if (at == null) {
                return null;
            }
            size--;
            if (at.name() == null) {
                c = unnamed.remove(key);
            } else {
                c = candidateOf(unfile(at, key, events), at.name());
            }
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
    public void drainAndRelease(Candidate<K, S> c, long timeout, TimeUnit unit) {
        try {
            int left = c.drainAndRelease(access, timeout, unit);
            if (left > 0) {
                LOG.warn(
                        "Released {} with {} call(s) still in flight after the drain timeout of {} ms",
                        describe(c),
                        left,
                        unit.toMillis(timeout));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.warn("Interrupted while draining {}; released it with {} call(s) in flight", describe(c), c.inFlight());
        }
    }

    /**
     * Marks a candidate FAILED because its service could not be obtained; the next candidate takes over.
     *
     * @param c the candidate
     * @param reason why
     */
    void fail(Candidate<K, S> c, String reason) {
        List<Runnable> events = new ArrayList<>(2);
        lock.lock();
        try {
            String name = c.name();
            Object v = name == null ? null : byName.get(name);
            if (c.failure() != null || candidateIn(v, c.key()) != c) {
                return; // already failed, or no longer filed
            }
            K before = activeKey(v);
            c.failure(reason);
            if (v instanceof Slot) {
                Slot<K, S> now = new Slot<>(slot(v).ordered);
                setValue(name, now);
                transition(name, before, activeKey(now), events);
            } else {
                activeServices.remove(name); // the same candidate, now FAILED
                transition(name, before, null, events);
            }
            ProviderInfo info = info(c.key(), name, ProviderState.FAILED, reason);
            events.add(() -> each(l -> l.failed(info)));
        } finally {
            lock.unlock();
        }
        LOG.error("Provider {} FAILED: {}", describe(c), reason);
        deliver(events);
    }

    // A candidate that declares its own failure: logged and heard as FAILED. Lock held.
    private void failed(Candidate<K, S> c, List<Runnable> events) {
        ProviderInfo info = info(c.key(), c.name(), ProviderState.FAILED, c.failure());
        LOG.error("Provider {} FAILED: {}", describe(c), c.failure());
        events.add(() -> each(l -> l.failed(info)));
    }

    /** Where a registration is filed: its name (null among the unnamed) and that name's value. */
    private record Located<K, S>(String name, Object value) {}

    // Finds a registration: first under the name it has now, then among the unnamed, and only then (its name
    // changed without an update) by a scan of every name. Lock held.
    private Located<K, S> locate(K key, String currentName) {
        if (currentName != null) {
            Object v = byName.get(currentName);
            if (holds(v, key)) {
                return new Located<>(currentName, v);
            }
        }
        if (unnamed.containsKey(key)) {
            return new Located<>(null, null);
        }
        List<Located<K, S>> found = new ArrayList<>(1);
        byName.forEach((name, v) -> {
            if (found.isEmpty() && holds(v, key)) {
                found.add(new Located<>(name, v));
            }
        });
        return found.isEmpty() ? null : found.get(0);
    }

    // Files a key or a candidate under a valid name. Lock held.
    private void file(String name, Object entry, List<Runnable> events) {
        Object v = byName.get(name);
        K before = activeKey(v);
        Object now;
        if (v == null) {
            now = entry;
        } else {
            Candidate<K, S>[] old = v instanceof Slot ? slot(v).ordered : one(candidateOf(v, name));
            Candidate<K, S> c = candidateOf(entry, name);
            int at = Arrays.binarySearch(old, c, preferred);
            at = at < 0 ? -at - 1 : at;
            Candidate<K, S>[] next = Arrays.copyOf(old, old.length + 1);
            System.arraycopy(old, at, next, at + 1, old.length - at);
            next[at] = c;
            now = new Slot<>(next);
        }
        setValue(name, now);
        transition(name, before, activeKey(now), events);
    }

    private void fileUnnamed(Candidate<K, S> c, Object raw, List<Runnable> events) {
        c.failure(whyInvalid(raw));
        unnamed.put(c.key(), c);
        ProviderInfo info = info(c.key(), null, ProviderState.FAILED, c.failure());
        LOG.error("Provider {} FAILED: {}", describe(c), c.failure());
        events.add(() -> each(l -> l.failed(info)));
    }

    // Takes a registration out of its name, and returns what held it there (its key or its candidate). Lock held.
    private Object unfile(Located<K, S> at, K key, List<Runnable> events) {
        Object v = at.value();
        K before = activeKey(v);
        Object taken;
        Object now;
        if (v instanceof Slot) {
            Candidate<K, S>[] old = slot(v).ordered;
            int i = 0;
            while (!old[i].key().equals(key)) {
                i++; // locate() found the key in this slot, so this ends on it
            }
            taken = old[i];
            @SuppressWarnings("unchecked")
            Candidate<K, S>[] next = new Candidate[old.length - 1];
            System.arraycopy(old, 0, next, 0, i);
            System.arraycopy(old, i + 1, next, i, old.length - i - 1);
            // One candidate left: it stays a candidate, as it may have calls in flight and its service.
            now = next.length == 1 ? next[0] : new Slot<>(next);
        } else {
            taken = v;
            now = null;
        }
        if (now == null) {
            removeName(at.name());
        } else {
            setValue(at.name(), now);
        }
        transition(at.name(), before, activeKey(now), events);
        return taken;
    }

    // Sets a name's value; the service lookups read for it goes, as it belonged to the old value. Lock held.
    private void setValue(String name, Object value) {
        activeServices.remove(name);
        byName.put(name, value);
    }

    // Removes a name and the service lookups read for it. Lock held.
    private void removeName(String name) {
        activeServices.remove(name);
        byName.remove(name);
    }

    // ---------------------------------------------------------------- the three forms of a name's value

    // Whether a name's value holds the registration, as a bare key or as a candidate.
    private boolean holds(Object v, K key) {
        if (v instanceof Candidate || v instanceof Slot) {
            return candidateIn(v, key) != null;
        }
        return v != null && v.equals(key);
    }

    // The candidate of a registration within a name's value, or null if the value holds it as a bare key or not
    // at all.
    private Candidate<K, S> candidateIn(Object v, K key) {
        if (v instanceof Candidate) {
            Candidate<K, S> c = candidate(v);
            return c.key().equals(key) ? c : null;
        }
        if (v instanceof Slot) {
            for (Candidate<K, S> c : slot(v).ordered) {
                if (c.key().equals(key)) {
                    return c;
                }
            }
        }
        return null;
    }

    // The active registration of a name's value, or null if it has none.
    private K activeKey(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Candidate) {
            Candidate<K, S> c = candidate(v);
            return c.failure() == null ? c.key() : null;
        }
        if (v instanceof Slot) {
            Candidate<K, S> a = slot(v).active;
            return a == null ? null : a.key();
        }
        return key(v);
    }

    // A key or a candidate, as a candidate: a bare key becomes one.
    private Candidate<K, S> candidateOf(Object entry, String name) {
        return entry instanceof Candidate ? candidate(entry) : new Candidate<>(key(entry), name);
    }

    @SuppressWarnings("unchecked")
    private Candidate<K, S> candidate(Object v) {
        return (Candidate<K, S>) v;
    }

    @SuppressWarnings("unchecked")
    private Slot<K, S> slot(Object v) {
        return (Slot<K, S>) v;
    }

    @SuppressWarnings("unchecked")
    private K key(Object v) {
        return (K) v;
    }

    @SuppressWarnings("unchecked")
    private Candidate<K, S>[] one(Candidate<K, S> c) {
        return new Candidate[] {c};
    }

    // The active candidate of a name, turning a bare key into a candidate on its first use.
    private Candidate<K, S> activeCandidate(String name) {
        Object v = byName.get(name);
        if (v == null) {
            return null;
        }
        if (v instanceof Candidate) {
            Candidate<K, S> c = candidate(v);
            return c.failure() == null ? c : null;
        }
        if (v instanceof Slot) {
            return slot(v).active;
        }
        lock.lock();
        try {
            Object now = byName.get(name);
            if (now == v) {
                Candidate<K, S> c = new Candidate<>(key(v), name);
                setValue(name, c);
                return c;
            }
        } finally {
            lock.unlock();
        }
        return activeCandidate(name); // it changed meanwhile; read it again
    }

    // ---------------------------------------------------------------- events

    private void transition(String name, K before, K after, List<Runnable> events) {
        if (before == null ? after == null : before.equals(after)) {
            return;
        }
        if (before == null) {
            ProviderInfo now = info(after, name, ProviderState.ACTIVE, null);
            LOG.info("Provider added: {} {} from {} (ranking {})", kind, name, now.bundle(), now.ranking());
            events.add(() -> each(l -> l.added(now)));
        } else if (after == null) {
            ProviderInfo was = info(before, name, ProviderState.ACTIVE, null);
            LOG.info("Provider removed: {} {} from {}", kind, name, was.bundle());
            events.add(() -> each(l -> l.removed(was)));
        } else {
            ProviderInfo was = info(before, name, ProviderState.ACTIVE, null);
            ProviderInfo now = info(after, name, ProviderState.ACTIVE, null);
            LOG.info(
                    "Provider replaced: {} {} from {} (ranking {}) now served by {} (ranking {})",
                    kind,
                    name,
                    was.bundle(),
                    was.ranking(),
                    now.bundle(),
                    now.ranking());
            events.add(() -> each(l -> l.replaced(was, now)));
        }
    }

    private void deliver(List<Runnable> events) {
        for (Runnable r : events) {
            r.run();
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
                LOG.warn("Provider listener {} threw; ignored", l, e);
            }
        }
    }

    private static String validName(Object raw) {
        return raw instanceof String s && Names.isDns1123Label(s) ? s : null;
    }

    private static String whyInvalid(Object raw) {
        if (raw == null) {
            return "the service has no " + ProviderProperties.NAME + " property";
        }
        if (!(raw instanceof String s)) {
            return "the " + ProviderProperties.NAME + " property must be a String, not "
                    + raw.getClass().getSimpleName() + " " + raw;
        }
        return "the " + ProviderProperties.NAME + " property " + Names.quote(s) + " " + Names.whyNotDns1123Label(s);
    }

    private ProviderInfo info(K key, String name, ProviderState state, String failure) {
        String shown = name;
        if (shown == null) {
            Object raw = access.nameProperty(key);
            shown = raw == null ? "" : String.valueOf(raw);
        }
        return new ProviderInfo(
                shown,
                kind,
                state,
                access.bundleSymbolicName(key),
                access.bundleVersion(key),
                access.serviceId(key),
                access.ranking(key),
                Optional.ofNullable(failure));
    }

    private ProviderInfo info(Candidate<K, S> c, ProviderState state) {
        return info(c.key(), c.name(), state, c.failure());
    }

    private String describe(Candidate<K, S> c) {
        K key = c.key();
        return kind + " " + (c.name() == null ? access.nameProperty(key) : c.name()) + " (service "
                + access.serviceId(key) + " of " + access.bundleSymbolicName(key) + "/" + access.bundleVersion(key)
                + ")";
    }

    // ---------------------------------------------------------------- reads (no lock)

    /**
     * The active candidate of a name. A name never used yet gets its candidate here.
     *
     * @param name the name
     * @return the candidate, or null
     */
    public Candidate<K, S> active(String name) {
        return name == null ? null : activeCandidate(name);
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
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Candidate<K, S> c = activeCandidate(name);
            if (c == null) {
                return null;
            }
            S s = c.service(access);
            if (s != null) {
                publish(name, c, s);
                return s;
            }
            failObtain(c);
        }
        return null;
    }

    // Lets lookups of the name read the service from the name table, if the candidate is still the active one.
    private void publish(String name, Candidate<K, S> c, S service) {
        lock.lock();
        try {
            Object v = byName.get(name);
            if (v == c || (v instanceof Slot && slot(v).active == c)) {
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
        // Kept this small so that it inlines: a name in use is one map read.
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
            Candidate<K, S> c = name == null ? null : activeCandidate(name);
            if (c == null) {
                Names.requireDns1123Label("provider name", name);
                throw missing(name);
            }
            if (!c.enter()) {
                continue; // it is leaving; the name already holds its successor
            }
            try {
                S s = c.service(access);
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

    private void failObtain(Candidate<K, S> c) {
        fail(c, "its service could not be obtained: " + access.obtainFailureReason(c.key()));
    }

    private RuntimeException missing(String name) {
        List<ProviderInfo> all = candidates(name);
        if (all.isEmpty()) {
            return new NotFoundException("no " + kindWord() + " provider is named " + Names.quote(name) + "; known: "
                    + String.join(", ", names()));
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
        byName.forEach((name, v) -> {
            if (activeKey(v) != null) {
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
        Object v = name == null ? null : byName.get(name);
        return v == null ? List.of() : describe(name, v);
    }

    private List<ProviderInfo> describe(String name, Object v) {
        if (v instanceof Slot) {
            Slot<K, S> slot = slot(v);
            List<ProviderInfo> out = new ArrayList<>(slot.ordered.length);
            for (Candidate<K, S> c : slot.ordered) {
                ProviderState state = c.failure() != null
                        ? ProviderState.FAILED
                        : c == slot.active ? ProviderState.ACTIVE : ProviderState.SHADOWED;
                out.add(info(c, state));
            }
            return List.copyOf(out);
        }
        if (v instanceof Candidate) {
            Candidate<K, S> c = candidate(v);
            return List.of(info(c, c.failure() != null ? ProviderState.FAILED : ProviderState.ACTIVE));
        }
        return List.of(info(key(v), name, ProviderState.ACTIVE, null));
    }

    /**
     * Every candidate: by name, each name's from the most preferred down, then the unnamed FAILED ones.
     *
     * @return an immutable list
     */
    public List<ProviderInfo> providers() {
        TreeMap<String, Object> sorted = new TreeMap<>();
        byName.forEach(sorted::put);
        List<ProviderInfo> out = new ArrayList<>();
        sorted.forEach((name, v) -> out.addAll(describe(name, v)));
        unnamed.values().stream()
                .sorted(Comparator.comparingLong(c -> access.serviceId(c.key())))
                .forEach(c -> out.add(info(c, ProviderState.FAILED)));
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
            return size;
        } finally {
            lock.unlock();
        }
    }
}
