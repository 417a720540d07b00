package dev.orchard.registry.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The registry's configuration, PID {@code dev.orchard.registry}. */
@ObjectClassDefinition(
        id = "dev.orchard.registry",
        name = "Orchard registry",
        description = "How the Orchard registries choose a default orchestrator, bound the threads of each provider's"
                + " calls and drain leaving providers.")
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

    /**
     * How many threads the calls with a deadline of one provider may hold at once.
     *
     * @return at least 1
     */
    @AttributeDefinition(
            name = "Call threads per provider",
            description = "How many threads one provider's calls made for network clients (HTTP API, metrics,"
                    + " kubelet bridge) may hold at once; a provider that hangs holds at most this many.",
            min = "1")
    int call_threads() default 16;

    /**
     * How many more calls with a deadline of one provider may wait for one of its threads.
     *
     * @return at least 0
     */
    @AttributeDefinition(
            name = "Waiting calls per provider",
            description = "How many more of one provider's calls may wait for one of its threads; a call beyond"
                    + " them is answered Unavailable at once.",
            min = "0")
    int call_queue() default 16;
}
