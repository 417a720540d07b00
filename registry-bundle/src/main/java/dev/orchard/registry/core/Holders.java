package dev.orchard.registry.core;

import dev.orchard.api.registry.ProviderState;
import java.util.Comparator;

/**
 * Who holds one provider name: the value of a name in the {@link NameTable}, in one of three forms.
 *
 * <ul>
 *   <li>{@link Unused}: the name's only registration, never used yet. The table stores its bare key, so that a
 *       provider registered but never called costs one table entry and nothing more; {@link #of} wraps it when the
 *       value is read.
 *   <li>{@link Candidate}: the name's only registration once it was used (its service obtained, its calls counted)
 *       or once it FAILED.
 *   <li>{@link Ranked}: two or more candidates, from the most preferred down, with the one that serves.
 * </ul>
 *
 * <p>Every operation on a name's value is a method here, so the compiler checks that each form implements each one.
 * Holders are immutable, except for a candidate's failure and counts, which the table's writer changes under its
 * lock; a change of form is a new value, stored whole.
 *
 * @param <K> the registration key
 * @param <S> the provider contract
 */
sealed interface Holders<K, S> permits Unused, Candidate, Ranked {
    /**
     * Reads a value as the name table stores it.
     *
     * @param <K> the registration key
     * @param <S> the provider contract
     * @param stored a bare key, a candidate or a ranked value; or null
     * @return the holders, or null if the name has none
     */
    @SuppressWarnings("unchecked")
    static <K, S> Holders<K, S> of(Object stored) {
        if (stored == null) {
            return null;
        }
        return stored instanceof Holders<?, ?> h ? (Holders<K, S>) h : new Unused<>((K) stored);
    }

    /**
     * What the name table stores for these holders.
     *
     * @return the bare key of an unused registration; otherwise this object
     */
    Object stored();

    /**
     * The registration that serves the name.
     *
     * @return its key, or null if every holder is FAILED
     */
    K activeKey();

    /**
     * The candidate that serves the name. An unused registration becomes a candidate here, its first use, through
     * the writer's lock.
     *
     * @param writer the table's writer
     * @param name the name these holders hold
     * @return the candidate, or null if every holder is FAILED
     */
    Candidate<K, S> active(TableWriter<K, S> writer, String name);

    /**
     * Whether these holders hold a registration, as a bare key or as a candidate.
     *
     * @param key the registration
     * @return true if they do
     */
    boolean holds(K key);

    /**
     * The candidate of a registration.
     *
     * @param key the registration
     * @return the candidate, or null if the registration is held as a bare key or not at all
     */
    Candidate<K, S> candidateOf(K key);

    /**
     * These holders and one more candidate of the same name.
     *
     * @param added the candidate
     * @param preferred the order, most preferred first
     * @return the ranked holders
     */
    Holders<K, S> with(Candidate<K, S> added, Comparator<Candidate<K, S>> preferred);

    /**
     * These holders without a registration they hold. A last candidate stays a candidate, since it may have calls
     * in flight and its service.
     *
     * @param key the registration
     * @return what is left, or null if nothing
     */
    Holders<K, S> without(K key);

    /**
     * These holders ordered afresh, after a ranking or a failure changed.
     *
     * @param preferred the order, most preferred first
     * @return the holders in that order, with the serving one chosen anew
     */
    Holders<K, S> reordered(Comparator<Candidate<K, S>> preferred);

    /**
     * Tells each holder, most preferred first, with its state.
     *
     * @param sink what is told
     */
    void each(Sink<K> sink);

    /**
     * Receives the holders of a name, one by one.
     *
     * @param <K> the registration key
     */
    @FunctionalInterface
    interface Sink<K> {
        /**
         * One holder.
         *
         * @param key its registration
         * @param state ACTIVE, SHADOWED or FAILED
         * @param failure why it is FAILED, or null
         */
        void holder(K key, ProviderState state, String failure);
    }
}
