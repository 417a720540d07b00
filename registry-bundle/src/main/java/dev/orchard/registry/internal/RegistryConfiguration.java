package dev.orchard.registry.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The registry's configuration, PID {@code dev.orchard.registry}. */
@ObjectClassDefinition(
        id = "dev.orchard.registry",
        name = "Orchard registry",
        description = "How the Orchard registries choose a default orchestrator and drain leaving providers.")
public @interface RegistryConfiguration {
    /**
     * The default orchestrator; empty to detect it from the framework property and the environment.
     *
     * @return the name
     */
    @AttributeDefinition(
            name = "Default orchestrator",
            description = "The orchestrator used when a caller names none. Empty: the framework property"
                    + " orchard.orchestrator.default, then $ORCHARD_ORCHESTRATOR, then kubernetes inside"
                    + " Kubernetes, then local.",
            required = false)
    String default_orchestrator() default "";

    /**
     * How long a leaving provider's calls in flight may run before it is released.
     *
     * @return milliseconds, at least 0
     */
    @AttributeDefinition(
            name = "Drain timeout (ms)",
            description = "How long the removal of a provider waits for calls in flight through the registry.",
            min = "0")
    long drain_timeout_ms() default 10_000L;
}
