package dev.orchard.api.orchestrator;

import java.util.Optional;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * An orchestrator, as a provider bundle publishes it.
 *
 * <p>A provider registers an implementation as an OSGi service with the service property
 * {@link dev.orchard.api.registry.ProviderProperties#NAME}; the registry finds it by that name.
 * Implementations must be thread-safe.
 */
@ConsumerType
public interface Orchestrator {
    /**
     * The label assigned to this orchestrator instance, e.g. the configuration it was made from.
     *
     * @return the label; never null, may be empty
     */
    String label();

    /**
     * The name of this orchestrator; equal to its {@code orchard.provider.name} service property.
     *
     * @return the name, a DNS-1123 label
     */
    String name();

    /**
     * Where this orchestrator runs, e.g. a data centre or {@code local}.
     *
     * @return the region; never null, may be empty
     */
    String region();

    /**
     * The storage operations of this orchestrator. Called once per request, so an implementation may return a
     * fresh or a shared object.
     *
     * @return the storage operations, or empty if this orchestrator does not manage storage
     */
    Optional<StorageOps> storageOps();
}
