package dev.orchard.registry.core;

import dev.orchard.api.registry.CallDeadline;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderListener;
import dev.orchard.api.registry.ProviderRegistry;
import dev.orchard.api.registry.RegistryObserver;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One registry's table of providers: every candidate of every provider name, ordered, with the one that serves
 * each name. What the registry components call; it puts a {@link TableWriter} and a {@link TableReader} over the
 * same data and holds the one read that must stay smallest.
 *
 * <p>Plain Java, with no OSGi types, so it can be tested and benchmarked outside a framework. Each name maps, in a
 * {@link NameTable}, to its {@link Holders}. Reads take no lock: a lookup of a name in use is one read of the map
 * of services in use; other reads probe the name table. Writes take one lock and touch only the affected name.
 *
 * @param <K> the registration key (a {@code ServiceReference} in OSGi)
 * @param <S> the provider contract
 */
public final class ProviderTable<K, S> {
    // The serving candidate's service of each name in use, once obtained. Only names in use have an entry, so it
    // costs nothing for providers registered but never called. The writer puts and removes entries under its lock.
    private final ConcurrentHashMap<String, S> activeServices = new ConcurrentHashMap<>();
    private final TableWriter<K, S> writer;
    private final TableReader<K, S> reader;
    private final RegistryReports reports;

    /**
     * Creates an empty table.
     *
     * @param kind the kind of provider it holds, for descriptions
     * @param access reads the registrations the table holds
     * @param listeners supplies the listeners to notify; called outside the lock
     */
    public ProviderTable(
            ProviderKind kind, ServiceAccess<K, S> access, Supplier<? extends Iterable<ProviderListener>> listeners) {
        this.reports = new RegistryReports(kind);
        NameTable byName = new NameTable();
        // Candidates whose name is missing or invalid: FAILED, kept so they can be shown.
        ConcurrentHashMap<K, Candidate<K, S>> unnamed = new ConcurrentHashMap<>();
        this.writer = new TableWriter<>(kind, access, listeners, reports, byName, activeServices, unnamed);
        this.reader = new TableReader<>(access, writer, byName, unnamed);
    }

    /**
     * Adds a registration. One with a missing or invalid name, or that declares a failure, is kept as FAILED.
     *
     * @param key the registration
     */
    public void add(K key) {
        writer.add(key);
    }

    /**
     * Re-reads a registration's name, ranking and declared failure after its properties changed.
     *
     * @param key the registration
     */
    public void update(K key) {
        writer.update(key);
    }

    /**
     * Removes a registration: new calls go to the next candidate at once. Returns once the calls in flight on it
     * have ended, or the drain time has passed, and its service is released.
     *
     * @param key the registration
     * @param drain how long calls in flight may still run
     * @param unit the unit of drain
     * @return whether the registration was known
     */
    public boolean remove(K key, long drain, TimeUnit unit) {
        return writer.remove(key, drain, unit);
    }

    /**
     * The serving provider of a name.
     *
     * @param name the name
     * @return the provider
     * @throws dev.orchard.api.error.InvalidInputException if the name is not a DNS-1123 label
     * @throws dev.orchard.api.error.NotFoundException if no candidate has the name
     * @throws dev.orchard.api.error.UnavailableException if every candidate of the name is FAILED
     */
    public S get(String name) {
        // Kept this small so that it inlines: a name in use is one map read.
        S found = name == null ? null : activeServices.get(name);
        return found != null ? found : reader.getUncached(name);
    }

    /**
     * The serving provider of a name, obtaining it if this is its first use.
     *
     * @param name the name
     * @return the provider, or empty
     */
    public Optional<S> find(String name) {
        return Optional.ofNullable(reader.find(name));
    }

    /**
     * Calls the serving provider of a name, counted in flight so that its removal drains.
     *
     * @param <R> the result type
     * @param name the name
     * @param call the call
     * @return what the call returned
     * @throws dev.orchard.api.error.InvalidInputException if the name is not a DNS-1123 label
     * @throws dev.orchard.api.error.NotFoundException if no candidate has the name
     * @throws dev.orchard.api.error.UnavailableException if every candidate of the name is FAILED, or they keep
     *     leaving
     */
    public <R> R call(String name, Function<? super S, ? extends R> call) {
        // Kept this small so that it inlines: without observers it is the unobserved call plus one volatile read.
        return reports.active()
                ? observedCall(name, ProviderRegistry.UNNAMED_OPERATION, call)
                : reader.call(name, call);
    }

    /**
     * Calls the serving provider of a name, as {@link #call(String, Function)} does, and reports the call to the
     * observers, if there are any: only then is it timed.
     *
     * @param <R> the result type
     * @param name the name
     * @param operation what the call does, for the observers
     * @param call the call
     * @return what the call returned
     * @throws dev.orchard.api.error.InvalidInputException if the name is not a DNS-1123 label
     * @throws dev.orchard.api.error.NotFoundException if no candidate has the name
     * @throws dev.orchard.api.error.UnavailableException if every candidate of the name is FAILED, or they keep
     *     leaving
     */
    public <R> R call(String name, String operation, Function<? super S, ? extends R> call) {
        return reports.active() ? observedCall(name, operation, call) : reader.call(name, call);
    }

    /**
     * Calls the serving provider of a name with a deadline, on a thread of the provider candidate's bulkhead, and
     * reports it to the observers as {@link #call(String, String, Function)} does. See
     * {@link ProviderRegistry#call(String, String, CallDeadline, Function)} for what it guarantees.
     *
     * @param <R> the result type
     * @param name the name
     * @param operation what the call does, for the observers and messages
     * @param deadline how long the caller waits, and what set it
     * @param call the call
     * @return what the call returned
     * @throws dev.orchard.api.error.InvalidInputException if the name is not a DNS-1123 label
     * @throws dev.orchard.api.error.NotFoundException if no candidate has the name
     * @throws dev.orchard.api.error.UnavailableException if every candidate of the name is FAILED, they keep
     *     leaving, the provider's bulkhead is full, or the deadline passed
     */
    public <R> R call(String name, String operation, CallDeadline deadline, Function<? super S, ? extends R> call) {
        Objects.requireNonNull(deadline, "deadline");
        long start = System.nanoTime();
        BoundedCalls<K, S> bounded = writer.bounded();
        if (!reports.active()) {
            return reader.callBounded(name, bounded, operation, deadline, start, call);
        }
        R result;
        try {
            result = reader.callBounded(name, bounded, operation, deadline, start, call);
        } catch (RuntimeException | Error e) {
            reports.called(name, operation, System.nanoTime() - start, e);
            throw e;
        }
        reports.called(name, operation, System.nanoTime() - start, null);
        return result;
    }

    /**
     * Sets how many threads the calls with a deadline of one provider candidate may hold, and how many more of its
     * calls may wait for one; a call beyond both is refused at once. Applies to calls in flight too.
     *
     * @param threads at least 1 (default {@value BoundedCalls#DEFAULT_THREADS})
     * @param queue at least 0 (default {@value BoundedCalls#DEFAULT_QUEUE})
     * @param setBy the settings that chose them, named in the message of a refused call
     * @throws IllegalArgumentException if a bound is out of range
     */
    public void callBounds(int threads, int queue, String setBy) {
        writer.bounded().limits(threads, queue, setBy);
    }

    // A call timed and reported, whether it returns or throws.
    private <R> R observedCall(String name, String operation, Function<? super S, ? extends R> call) {
        long start = System.nanoTime();
        R result;
        try {
            result = reader.call(name, call);
        } catch (RuntimeException | Error e) {
            reports.called(name, operation, System.nanoTime() - start, e);
            throw e;
        }
        reports.called(name, operation, System.nanoTime() - start, null);
        return result;
    }

    /**
     * Starts reporting calls, drains and swaps to an observer.
     *
     * @param observer the observer
     */
    public void observe(RegistryObserver observer) {
        reports.add(observer);
    }

    /**
     * Stops reporting to an observer.
     *
     * @param observer the observer
     */
    public void unobserve(RegistryObserver observer) {
        reports.remove(observer);
    }

    /**
     * Stops reporting to any observer, e.g. when the registry stops, and ends the threads of calls with a deadline
     * (each when its call returns); the table itself stays usable.
     */
    public void close() {
        reports.close();
        writer.bounded().close();
    }

    /**
     * The names that have a serving candidate.
     *
     * @return an immutable sorted set
     */
    public SortedSet<String> names() {
        return reader.names();
    }

    /**
     * The candidates of a name, from the most preferred down.
     *
     * @param name the name
     * @return an immutable list
     */
    public List<ProviderInfo> candidates(String name) {
        return reader.candidates(name);
    }

    /**
     * Every candidate: by name, each name's from the most preferred down, then the unnamed FAILED ones.
     *
     * @return an immutable list
     */
    public List<ProviderInfo> providers() {
        return reader.providers();
    }
}
