package dev.orchard.api.registry;

import dev.orchard.api.orchestrator.Orchestrator;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The registry of {@link Orchestrator}s: the counterpart of maya's orchestrator provider registry.
 */
@ProviderType
public interface OrchestratorRegistry extends ProviderRegistry<Orchestrator> {
    /**
     * Tells whether a usable orchestrator has a name.
     *
     * @param name the name
     * @return true if {@link #get(String)} would return one
     */
    boolean has(String name);

    /**
     * The name of the orchestrator to use when a caller names none: the counterpart of maya's
     * DetectOrchProviderFromEnv. In this order it takes the {@code default.orchestrator} of the registry
     * configuration, the framework property {@link ProviderProperties#DEFAULT_ORCHESTRATOR_PROPERTY}, the
     * environment variable {@link ProviderProperties#DEFAULT_ORCHESTRATOR_ENV}, {@code kubernetes} if
     * {@link ProviderProperties#KUBERNETES_ENV} is set, and otherwise {@code local}.
     *
     * <p>The name is not required to be registered; pass it to {@link #get(String)} to find out.
     *
     * @return the name, a DNS-1123 label
     */
    String detectDefault();
}
