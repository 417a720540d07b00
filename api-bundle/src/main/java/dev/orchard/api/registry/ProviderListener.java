package dev.orchard.api.registry;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A whiteboard service told when the active provider of a name changes, or a candidate fails.
 *
 * <p>Register an implementation as an OSGi service; both registries call it. Calls come outside the registry's
 * lock, on the thread that changed the registry, and must return quickly. An exception thrown by one listener
 * is logged and reaches no other listener.
 */
@ConsumerType
public interface ProviderListener {
    /**
     * A name got its first active provider.
     *
     * @param provider the now active provider
     */
    default void added(ProviderInfo provider) {}

    /**
     * The active provider of a name changed, e.g. a higher ranked one arrived or the active one left.
     *
     * @param previous the provider that was active
     * @param current the provider that is active now
     */
    default void replaced(ProviderInfo previous, ProviderInfo current) {}

    /**
     * A name lost its last usable provider.
     *
     * @param provider the provider that was active
     */
    default void removed(ProviderInfo provider) {}

    /**
     * A candidate is FAILED: its name is missing or invalid, or its service could not be obtained.
     *
     * @param provider the failed candidate, with its reason
     */
    default void failed(ProviderInfo provider) {}
}
