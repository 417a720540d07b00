package dev.orchard.provider.mock.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The keys of one mock instance's configuration, with their defaults: the one list of them. DS maps a method
 * {@code max_pods()} to the key {@code max.pods}. The defaults are virtual-kubelet's mock: 20 cpu, 100Gi memory,
 * 20 pods.
 */
@ObjectClassDefinition(
        id = "dev.orchard.provider.mock",
        name = "Orchard mock provider",
        description = "An in-memory orchestrator and pod provider. Each factory configuration"
                + " dev.orchard.provider.mock~<name> creates one more instance.")
public @interface MockConfiguration {
    /**
     * The provider name; if not set, the part after '~' of a factory configuration's PID, or {@code mock} for
     * the default instance.
     *
     * @return a DNS-1123 label, or empty
     */
    @AttributeDefinition(description = "The provider name, a DNS-1123 label, e.g. edge.", required = false)
    String name() default "";

    /**
     * The orchestrator's label.
     *
     * @return the label
     */
    @AttributeDefinition(required = false, description = "The orchestrator's label.")
    String label() default "mock";

    /**
     * Where the orchestrator runs.
     *
     * @return the region
     */
    @AttributeDefinition(required = false, description = "Where the orchestrator runs.")
    String region() default "local";

    /**
     * The service ranking: the highest of a name serves it.
     *
     * @return the ranking
     */
    @AttributeDefinition(required = false, description = "The service ranking; the highest of a name is used.")
    int service_ranking() default 0;

    /**
     * The CPU the node offers.
     *
     * @return a quantity such as 20 or 500m
     */
    @AttributeDefinition(required = false, description = "CPU the node offers, a quantity such as 20 or 500m.")
    String node_cpu() default "20";

    /**
     * The memory the node offers.
     *
     * @return a quantity such as 100Gi
     */
    @AttributeDefinition(required = false, description = "Memory the node offers, a quantity such as 100Gi.")
    String node_memory() default "100Gi";

    /**
     * The most pods the node runs.
     *
     * @return a positive count
     */
    @AttributeDefinition(required = false, description = "The most pods the node runs, a positive count.")
    String max_pods() default "20";

    /**
     * The bytes all volumes together may claim.
     *
     * @return a quantity such as 1Ti, or empty for no limit
     */
    @AttributeDefinition(
            required = false,
            description = "The bytes all volumes together may claim, a quantity such as 1Ti; empty: no limit, since"
                    + " the mock stores nothing.")
    String volume_pool() default "1Ti";
}
