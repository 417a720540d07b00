package dev.orchard.registry.core;

import dev.orchard.api.registry.ProviderState;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Two or more candidates of one name, from the most preferred down, and the first that has not FAILED, which
 * serves. Immutable: every change makes a new value.
 *
 * @param <K> the registration key
 * @param <S> the provider contract
 */
final class Ranked<K, S> implements Holders<K, S> {
    private final Candidate<K, S>[] ordered;
    private final Candidate<K, S> active;

    private Ranked(Candidate<K, S>[] ordered) {
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

    /**
     * Two candidates, ordered.
     *
     * @param <K> the registration key
     * @param <S> the provider contract
     * @param a one candidate
     * @param b another of the same name
     * @param preferred the order, most preferred first
     * @return the ranked holders
     */
    @SuppressWarnings("unchecked")
    static <K, S> Ranked<K, S> of(Candidate<K, S> a, Candidate<K, S> b, Comparator<Candidate<K, S>> preferred) {
        Candidate<K, S>[] two = new Candidate[] {a, b};
        Arrays.sort(two, preferred);
        return new Ranked<>(two);
    }

    @Override
    public Object stored() {
        return this;
    }

    @Override
    public K activeKey() {
        return active == null ? null : active.key();
    }

    @Override
    public Candidate<K, S> active(TableWriter<K, S> writer, String name) {
        return active;
    }

    /**
     * The serving candidate, for the writer that publishes its service.
     *
     * @return the candidate, or null if every one is FAILED
     */
    Candidate<K, S> active() {
        return active;
    }

    @Override
    public boolean holds(K key) {
        return candidateOf(key) != null;
    }

    @Override
    public Candidate<K, S> candidateOf(K key) {
        for (Candidate<K, S> c : ordered) {
            if (c.key().equals(key)) {
                return c;
            }
        }
        return null;
    }

    @Override
    public Holders<K, S> with(Candidate<K, S> added, Comparator<Candidate<K, S>> preferred) {
        int at = Arrays.binarySearch(ordered, added, preferred);
        at = at < 0 ? -at - 1 : at;
        Candidate<K, S>[] next = Arrays.copyOf(ordered, ordered.length + 1);
        System.arraycopy(ordered, at, next, at + 1, ordered.length - at);
        next[at] = added;
        return new Ranked<>(next);
    }

    @Override
    public Holders<K, S> without(K key) {
        int i = 0;
        while (i < ordered.length && !ordered[i].key().equals(key)) {
            i++;
        }
        if (i == ordered.length) {
            return this;
        }
        if (ordered.length == 2) {
            return ordered[1 - i];
        }
        @SuppressWarnings("unchecked")
        Candidate<K, S>[] next = new Candidate[ordered.length - 1];
        System.arraycopy(ordered, 0, next, 0, i);
        System.arraycopy(ordered, i + 1, next, i, ordered.length - i - 1);
        return new Ranked<>(next);
    }

    @Override
    public Holders<K, S> reordered(Comparator<Candidate<K, S>> preferred) {
        Candidate<K, S>[] next = ordered.clone();
        Arrays.sort(next, preferred);
        return new Ranked<>(next);
    }

    @Override
    public void each(Sink<K> sink) {
        for (Candidate<K, S> c : ordered) {
            String failure = c.failure();
            ProviderState state = failure != null
                    ? ProviderState.FAILED
                    : c == active ? ProviderState.ACTIVE : ProviderState.SHADOWED;
            sink.holder(c.key(), state, failure);
        }
    }
}
