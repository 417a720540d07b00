package dev.orchard.registry.core;

import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderListener;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The write side of a provider table: files registrations as they are bound, updated and unbound, under one lock.
 *
 * <p>Each write touches only the affected name, so its cost does not grow with the number of names. It keeps the
 * map of services in use in step with the name table: whenever a name's value changes, the name's service leaves
 * that map, and a later lookup publishes it again. Listener events are recorded under the lock and delivered
 * after it.
 *
 * @param <K> the registration key
 * @param <S> the provider contract
 */
final class TableWriter<K, S> {
    private final ServiceAccess<K, S> access;
    private final ProviderWording<K, S> wording;
    private final ProviderEvents<K, S> events;
    private final NameTable byName;
    private final ConcurrentHashMap<String, S> activeServices;
    private final ConcurrentHashMap<K, Candidate<K, S>> unnamed;
    private final Comparator<Candidate<K, S>> preferred;
    private final ReentrantLock lock = new ReentrantLock();
    private final BoundedCalls<K, S> bounded;

    TableWriter(
            ProviderKind kind,
            ServiceAccess<K, S> access,
            Supplier<? extends Iterable<ProviderListener>> listeners,
            RegistryReports reports,
            NameTable byName,
            ConcurrentHashMap<String, S> activeServices,
            ConcurrentHashMap<K, Candidate<K, S>> unnamed) {
        this.access = access;
        this.wording = new ProviderWording<>(kind, access);
        this.events = new ProviderEvents<>(kind, wording, listeners, reports);
        this.byName = byName;
        this.activeServices = activeServices;
        this.unnamed = unnamed;
        this.preferred = (a, b) -> access.compare(b.key(), a.key());
        this.bounded = new BoundedCalls<>(kind, wording);
    }

    ProviderWording<K, S> wording() {
        return wording;
    }

    /**
     * The bulkheads of the table's calls with a deadline; each candidate's is closed when it is released.
     *
     * @return the bulkheads
     */
    BoundedCalls<K, S> bounded() {
        return bounded;
    }

    /**
     * Files a new registration. One with a missing or invalid name is kept as FAILED; one that declares a failure
     * is filed FAILED under its name.
     *
     * @param key the registration
     */
    void add(K key) {
        ProviderEvents<K, S>.Batch batch = events.batch();
        lock.lock();
        try {
            Object raw = access.nameProperty(key);
            String name = ProviderWording.validName(raw);
            if (name == null ? unnamed.containsKey(key) : holds(name, key)) {
                return; // already known
            }
            if (name == null) {
                fileUnnamed(new Candidate<>(key, null), raw, batch);
            } else {
                file(name, key, null, batch);
            }
        } finally {
            lock.unlock();
        }
        batch.deliver();
    }

    /**
     * Re-reads a registration's name, ranking and declared failure after its properties changed, and re-files it.
     *
     * @param key the registration
     */
    void update(K key) {
        ProviderEvents<K, S>.Batch batch = events.batch();
        lock.lock();
        try {
            Object raw = access.nameProperty(key);
            String newName = ProviderWording.validName(raw);
            Located<K, S> at = locate(key, newName);
            if (at == null) {
                return;
            }
            if (at.name() == null) {
                Candidate<K, S> c = unnamed.get(key);
                if (newName == null) {
                    c.failure(ProviderWording.whyInvalid(raw)); // still unnamed; the reason may have changed
                    return;
                }
                unnamed.remove(key);
                c.failure(null); // it was FAILED only for its name; judge it afresh
                file(newName, key, c, batch);
            } else if (at.name().equals(newName)) {
                refile(newName, at.holders(), key, batch);
            } else {
                Candidate<K, S> moved = unfile(at.name(), at.holders(), key, batch);
                if (newName == null) {
                    Candidate<K, S> c = moved != null ? moved : new Candidate<>(key, null);
                    c.name(null);
                    fileUnnamed(c, raw, batch);
                } else {
                    file(newName, key, moved, batch);
                }
            }
        } finally {
            lock.unlock();
        }
        batch.deliver();
    }

    /**
     * Removes a registration: new calls go to the next candidate at once. Then waits, without the lock, for the
     * calls in flight on it to end, up to the drain time, and releases its service.
     *
     * @param key the registration
     * @param drain how long the calls in flight may still run
     * @param unit the unit of drain
     * @return whether the registration was known
     */
    boolean remove(K key, long drain, TimeUnit unit) {
        ProviderEvents<K, S>.Batch batch = events.batch();
        Candidate<K, S> leaving;
        lock.lock();
        try {
            Located<K, S> at = locate(key, ProviderWording.validName(access.nameProperty(key)));
            if (at == null) {
                return false;
            }
            leaving = at.name() == null ? unnamed.remove(key) : unfile(at.name(), at.holders(), key, batch);
            if (leaving != null) {
                leaving.retire(); // calls that have not entered yet go elsewhere
            }
        } finally {
            lock.unlock();
        }
        batch.deliver();
        if (leaving != null) {
            drainAndRelease(leaving, drain, unit);
        }
        return true;
    }

    private void drainAndRelease(Candidate<K, S> c, long drain, TimeUnit unit) {
        long start = System.nanoTime();
        try {
            events.releasedInFlight(c, c.drainAndRelease(access, drain, unit), unit.toMillis(drain), start);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // released all the same; the caller sees the interrupt
            events.releasedInFlight(c, c.inFlight(), -1, start);
        } finally {
            // Its threads go: idle ones now, ones still inside the provider (past their deadline) once it returns.
            bounded.released(c);
        }
    }

    /**
     * Marks a candidate FAILED because its service could not be obtained; the next candidate takes over.
     *
     * @param c the candidate
     */
    void failToObtain(Candidate<K, S> c) {
        String reason = "its service could not be obtained: " + access.obtainFailureReason(c.key());
        ProviderEvents<K, S>.Batch batch = events.batch();
        lock.lock();
        try {
            String name = c.name();
            Holders<K, S> h = name == null ? null : Holders.of(byName.get(name));
            if (c.failure() != null || h == null || h.candidateOf(c.key()) != c) {
                return; // already failed, or no longer filed
            }
            K before = h.activeKey();
            c.failure(reason);
            Holders<K, S> now = h.reordered(preferred);
            store(name, now);
            batch.transition(name, before, now.activeKey());
            batch.failed(c);
        } finally {
            lock.unlock();
        }
        batch.deliver();
    }

    /**
     * Turns a name's unused registration into a candidate, on its first use.
     *
     * @param name the name
     * @param key the registration that was read as unused
     * @return the name's serving candidate now, or null if it has none
     */
    Candidate<K, S> promote(String name, K key) {
        lock.lock();
        try {
            Object stored = byName.get(name);
            if (stored == key) {
                Candidate<K, S> c = new Candidate<>(key, name);
                store(name, c);
                return c;
            }
            Holders<K, S> now = Holders.of(stored); // it changed meanwhile: read it again
            return now == null ? null : now.active(this, name);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Lets lookups of a name read its service from the map of services in use, if the candidate still serves it.
     *
     * @param name the name
     * @param c the candidate whose service was obtained
     * @param service the service
     */
    void publish(String name, Candidate<K, S> c, S service) {
        lock.lock();
        try {
            Holders<K, S> h = Holders.of(byName.get(name));
            if (h != null && h.candidateOf(c.key()) == c && c.key().equals(h.activeKey())) {
                activeServices.put(name, service);
            }
        } finally {
            lock.unlock();
        }
    }

    // ---------------------------------------------------------------- filing, lock held

    /** Where a registration is filed: its name (null among the unnamed) and that name's holders. */
    private record Located<K, S>(String name, Holders<K, S> holders) {}

    // Finds a registration: first under the name it has now, then among the unnamed, and only then (its name
    // changed without an update) by a scan of every name.
    private Located<K, S> locate(K key, String currentName) {
        if (currentName != null) {
            Holders<K, S> h = Holders.of(byName.get(currentName));
            if (h != null && h.holds(key)) {
                return new Located<>(currentName, h);
            }
        }
        if (unnamed.containsKey(key)) {
            return new Located<>(null, null);
        }
        List<Located<K, S>> found = new ArrayList<>(1);
        byName.forEach((name, stored) -> {
            Holders<K, S> h = Holders.of(stored);
            if (found.isEmpty() && h.holds(key)) {
                found.add(new Located<>(name, h));
            }
        });
        return found.isEmpty() ? null : found.get(0);
    }

    private boolean holds(String name, K key) {
        Holders<K, S> h = Holders.of(byName.get(name));
        return h != null && h.holds(key);
    }

    // Files a registration under a valid name: as its bare key if it is new and fine, else as a candidate (the one
    // given, or a new one if it declares a failure).
    private void file(String name, K key, Candidate<K, S> existing, ProviderEvents<K, S>.Batch batch) {
        String declared = access.declaredFailure(key);
        Candidate<K, S> c = existing != null || declared == null ? existing : new Candidate<>(key, name);
        if (c != null) {
            c.name(name);
            c.declare(declared);
        }
        Holders<K, S> h = Holders.of(byName.get(name));
        K before = h == null ? null : h.activeKey();
        Holders<K, S> now;
        if (h == null) {
            now = c != null ? c : new Unused<>(key);
        } else {
            now = h.with(c != null ? c : new Candidate<>(key, name), preferred);
        }
        store(name, now);
        batch.transition(name, before, now.activeKey());
        if (declared != null) {
            batch.failed(c);
        }
    }

    // Files a registration again under the name it keeps: its ranking or declared failure may have changed.
    private void refile(String name, Holders<K, S> h, K key, ProviderEvents<K, S>.Batch batch) {
        K before = h.activeKey();
        String declared = access.declaredFailure(key);
        Candidate<K, S> c = h.candidateOf(key);
        String was = c == null ? null : c.failure();
        Holders<K, S> now;
        if (c == null && declared != null) {
            // An unused registration declares a failure: it becomes a FAILED candidate.
            c = new Candidate<>(key, name);
            c.declare(declared);
            Holders<K, S> rest = h.without(key);
            now = rest == null ? c : rest.with(c, preferred);
        } else {
            if (c != null) {
                c.declare(declared);
            }
            now = h.reordered(preferred);
        }
        String is = c == null ? null : c.failure();
        if (now == h && Objects.equals(was, is)) {
            return; // nothing that readers see changed
        }
        store(name, now);
        batch.transition(name, before, now.activeKey());
        if (is != null && !is.equals(was)) {
            batch.failed(c);
        }
    }

    private void fileUnnamed(Candidate<K, S> c, Object raw, ProviderEvents<K, S>.Batch batch) {
        c.failure(ProviderWording.whyInvalid(raw));
        unnamed.put(c.key(), c);
        batch.failed(c);
    }

    // Takes a registration out of its name; returns its candidate, or null if it was held as a bare key.
    private Candidate<K, S> unfile(String name, Holders<K, S> h, K key, ProviderEvents<K, S>.Batch batch) {
        K before = h.activeKey();
        Candidate<K, S> taken = h.candidateOf(key);
        Holders<K, S> rest = h.without(key);
        if (rest == null) {
            activeServices.remove(name);
            byName.remove(name);
        } else {
            store(name, rest);
        }
        batch.transition(name, before, rest == null ? null : rest.activeKey());
        return taken;
    }

    // Sets a name's holders; the service lookups read for the name goes, as it belonged to the old value.
    private void store(String name, Holders<K, S> holders) {
        activeServices.remove(name);
        byName.put(name, holders.stored());
    }
}
