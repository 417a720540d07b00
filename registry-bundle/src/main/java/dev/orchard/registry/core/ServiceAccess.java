package dev.orchard.registry.core;

/**
 * How the core reads the service registrations it holds, without OSGi types. One instance serves a whole
 * table: the core keeps only each registration's key (the OSGi layer's {@code ServiceReference}), so that a
 * tracked provider costs no wrapper object.
 *
 * <p>Keys are ordered as service references are: a key that compares greater is preferred (higher ranking, then
 * lower service id).
 *
 * @param <K> the registration key, e.g. {@code ServiceReference<S>}; equal keys are the same registration
 * @param <S> the service type
 */
public interface ServiceAccess<K, S> {
    /**
     * The current value of the name property, as registered.
     *
     * @param key the registration
     * @return the name property, or null if missing; may be of any type
     */
    Object nameProperty(K key);

    /**
     * The failure a registration declares about itself ({@code orchard.provider.failure}): a provider instance
     * that is registered but cannot serve.
     *
     * @param key the registration
     * @return the reason, or null if it declares none
     */
    default String declaredFailure(K key) {
        return null;
    }

    /**
     * The current service ranking.
     *
     * @param key the registration
     * @return the ranking; 0 if not set
     */
    int ranking(K key);

    /**
     * The service id.
     *
     * @param key the registration
     * @return the id
     */
    long serviceId(K key);

    /**
     * The symbolic name of the registering bundle.
     *
     * @param key the registration
     * @return the name, never null
     */
    String bundleSymbolicName(K key);

    /**
     * The version of the registering bundle.
     *
     * @param key the registration
     * @return the version, never null
     */
    String bundleVersion(K key);

    /**
     * Obtains the service object. Called at most once per use of a candidate, outside the table's lock.
     *
     * @param key the registration
     * @return the service, or null if it cannot be obtained (e.g. its activation failed)
     */
    S obtain(K key);

    /**
     * Why the last {@link #obtain} returned null, as precisely as known.
     *
     * @param key the registration
     * @return a reason a person can act on
     */
    String obtainFailureReason(K key);

    /**
     * Releases a service obtained with {@link #obtain}.
     *
     * @param key the registration
     */
    void release(K key);

    /**
     * Orders two registrations as {@code ServiceReference.compareTo} does.
     *
     * @param a one registration
     * @param b another
     * @return positive if a is preferred to b, negative if b is preferred, 0 if they are the same
     */
    int compare(K a, K b);
}
