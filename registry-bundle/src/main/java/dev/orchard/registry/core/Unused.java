package dev.orchard.registry.core;

import dev.orchard.api.registry.ProviderState;
import java.util.Comparator;

/**
 * A name's only registration, never used yet: the view of the bare key that the name table stores. It exists only
 * while a value is read; a first use turns it into a {@link Candidate}.
 *
 * @param <K> the registration key
 * @param <S> the provider contract
 * @param key the registration
 */
record Unused<K, S>(K key) implements Holders<K, S> {
    @Override
    public Object stored() {
        return key;
    }

    @Override
    public K activeKey() {
        return key;
    }

    @Override
    public Candidate<K, S> active(TableWriter<K, S> writer, String name) {
        return writer.promote(name, key);
    }

    @Override
    public boolean holds(K other) {
        return key.equals(other);
    }

    @Override
    public Candidate<K, S> candidateOf(K other) {
        return null;
    }

    @Override
    public Holders<K, S> with(Candidate<K, S> added, Comparator<Candidate<K, S>> preferred) {
        return Ranked.of(new Candidate<>(key, added.name()), added, preferred);
    }

    @Override
    public Holders<K, S> without(K other) {
        return null;
    }

    @Override
    public Holders<K, S> reordered(Comparator<Candidate<K, S>> preferred) {
        return this;
    }

    @Override
    public void each(Sink<K> sink) {
        sink.holder(key, ProviderState.ACTIVE, null);
    }
}
