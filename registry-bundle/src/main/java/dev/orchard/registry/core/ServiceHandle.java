package dev.orchard.registry.core;

/**
 * One service registration as the core sees it, without OSGi types. The OSGi layer wraps a
 * {@code ServiceReference}; tests use a plain implementation.
 *
 * <p>Handles are ordered as service references are: a handle that compares greater is preferred (higher
 * ranking, then lower service id).
 *
 * @param <S> the service type
 */
public interface ServiceHandle<S> extends Comparable<ServiceHandle<S>> {
    /**
     * The key the registration is known by in bind, updated and unbind calls, e.g. the service reference.
     *
     * @return a key with value equality
     */
    Object key();

    /**
     * The current value of the name property, as registered.
     *
     * @return the name property, or null if missing; may be of any type
     */
    Object nameProperty();

    /**
     * The current service ranking.
     *
     * @return the ranking; 0 if not set
     */
    int ranking();

    /**
     * The service id.
     *
     * @return the id
     */
    long serviceId();

    /**
     * The symbolic name of the registering bundle.
     *
     * @return the symbolic name; never null
     */
    String bundleSymbolicName();

    /**
     * The version of the registering bundle.
     *
     * @return the version; never null
     */
    String bundleVersion();

    /**
     * Obtains the service object. Called at most once per successful obtain, on first use.
     *
     * @return the service, or null if it cannot be obtained (e.g. its activation failed)
     */
    S obtain();

    /**
     * Explains why {@link #obtain()} returned null, if the environment knows.
     *
     * @return a reason; never null
     */
    String obtainFailureReason();

    /** Releases a service obtained by {@link #obtain()}. */
    void release();
}
