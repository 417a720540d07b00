package dev.orchard.registry.core;

import dev.orchard.api.naming.Names;
import dev.orchard.api.registry.CallDeadline;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderState;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The read side of a provider table: finds, calls and describes providers without taking the lock.
 *
 * <p>It reads the name table and the unnamed registrations as the writer leaves them. The first use of a name,
 * and a candidate whose service cannot be obtained, are the only reads that write, through the writer.
 *
 * @param <K> the registration key
 * @param <S> the provider contract
 */
final class TableReader<K, S> {
    // Bounds the retries of one call while candidates leave or fail under it.
    private static final int MAX_ATTEMPTS = 64;

    private final ServiceAccess<K, S> access;
    private final TableWriter<K, S> writer;
    private final ProviderWording<K, S> wording;
    private final NameTable byName;
    private final ConcurrentHashMap<K, Candidate<K, S>> unnamed;

    TableReader(
            ServiceAccess<K, S> access,
            TableWriter<K, S> writer,
            NameTable byName,
            ConcurrentHashMap<K, Candidate<K, S>> unnamed) {
        this.access = access;
        this.writer = writer;
        this.wording = writer.wording();
        this.byName = byName;
        this.unnamed = unnamed;
    }

    /**
     * The serving provider of a name, obtaining it if this is its first use; a candidate whose service cannot be
     * obtained fails over to the next.
     *
     * @param name the name, or null
     * @return the provider, or null if none serves the name
     */
    S find(String name) {
        if (name == null) {
            return null;
        }
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Candidate<K, S> c = active(name);
            if (c == null) {
                return null;
            }
            S s = c.service(access);
            if (s != null) {
                writer.publish(name, c, s);
                return s;
            }
            writer.failToObtain(c);
        }
        return null;
    }

    /**
     * What {@code get} does when the map of services in use has no entry for a name.
     *
     * @param name the name, or null
     * @return the provider
     * @throws dev.orchard.api.error.InvalidInputException if the name is not a DNS-1123 label
     * @throws dev.orchard.api.error.NotFoundException if no candidate has the name
     * @throws dev.orchard.api.error.UnavailableException if every candidate of the name is FAILED
     */
    S getUncached(String name) {
        S found = find(name);
        if (found != null) {
            return found;
        }
        throw missing(name);
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
    <R> R call(String name, Function<? super S, ? extends R> call) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Candidate<K, S> c = name == null ? null : active(name);
            if (c == null) {
                throw missing(name);
            }
            if (!c.enter()) {
                continue; // it is leaving; the name already holds its successor
            }
            try {
                S s = c.service(access);
                if (s == null) {
                    writer.failToObtain(c);
                    continue;
                }
                return call.apply(s);
            } finally {
                c.exit();
            }
        }
        throw wording.keptChanging(name);
    }

    /**
     * Calls the serving provider of a name with a deadline, on the provider's bulkhead: the candidate is chosen and
     * counted in flight here, on the caller's thread, and the call holds it until it ends.
     *
     * @param <R> the result type
     * @param name the name
     * @param bounded the table's bulkheads
     * @param operation what the call does
     * @param deadline how long the caller waits, and what set it
     * @param startNanos when the caller started
     * @param call the call
     * @return what the call returned
     * @throws dev.orchard.api.error.InvalidInputException if the name is not a DNS-1123 label
     * @throws dev.orchard.api.error.NotFoundException if no candidate has the name
     * @throws dev.orchard.api.error.UnavailableException if every candidate of the name is FAILED, they keep
     *     leaving, the provider's bulkhead is full or the deadline passed
     */
    <R> R callBounded(
            String name,
            BoundedCalls<K, S> bounded,
            String operation,
            CallDeadline deadline,
            long startNanos,
            Function<? super S, ? extends R> call) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Candidate<K, S> c = name == null ? null : active(name);
            if (c == null) {
                throw missing(name);
            }
            if (!c.enter()) {
                continue; // it is leaving; the name already holds its successor
            }
            S s;
            try {
                s = c.service(access);
            } catch (RuntimeException | Error e) {
                c.exit();
                throw e;
            }
            if (s == null) {
                c.exit();
                writer.failToObtain(c);
                continue;
            }
            return bounded.run(name, operation, deadline, startNanos, c, s, call);
        }
        throw wording.keptChanging(name);
    }

    /**
     * The names that have a serving candidate.
     *
     * @return an immutable sorted set
     */
    SortedSet<String> names() {
        TreeSet<String> names = new TreeSet<>();
        byName.forEach((name, stored) -> {
            if (Holders.of(stored).activeKey() != null) {
                names.add(name);
            }
        });
        return Collections.unmodifiableSortedSet(names);
    }

    /**
     * The candidates of a name, from the most preferred down.
     *
     * @param name the name, or null
     * @return an immutable list
     */
    List<ProviderInfo> candidates(String name) {
        Holders<K, S> h = name == null ? null : Holders.of(byName.get(name));
        return h == null ? List.of() : wording.infos(name, h);
    }

    /**
     * Every candidate: by name, each name's from the most preferred down, then the unnamed FAILED ones.
     *
     * @return an immutable list
     */
    List<ProviderInfo> providers() {
        TreeMap<String, Object> sorted = new TreeMap<>();
        byName.forEach(sorted::put);
        List<ProviderInfo> out = new ArrayList<>();
        sorted.forEach((name, stored) -> out.addAll(wording.infos(name, Holders.of(stored))));
        unnamed.values().stream()
                .sorted(Comparator.comparingLong(c -> access.serviceId(c.key())))
                .forEach(c -> out.add(wording.info(c, ProviderState.FAILED)));
        return List.copyOf(out);
    }

    // The serving candidate of a name; an unused registration becomes one here.
    private Candidate<K, S> active(String name) {
        Holders<K, S> h = Holders.of(byName.get(name));
        return h == null ? null : h.active(writer, name);
    }

    // The error for a name that nothing usable serves: an invalid name first, then NotFound or Unavailable.
    private RuntimeException missing(String name) {
        Names.requireDns1123Label("provider name", name);
        return wording.missing(name, candidates(name), names());
    }
}
