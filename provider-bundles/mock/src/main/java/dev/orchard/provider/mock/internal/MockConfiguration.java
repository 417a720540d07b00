package dev.orchard.provider.mock.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The configuration of one mock provider instance. */
@ObjectClassDefinition(
        id = "dev.orchard.provider.mock",
        name = "Orchard mock provider",
        description = "An in-memory orchestrator and pod provider. Each factory configuration"
                + " dev.orchard.provider.mock~<name> creates one more instance.")
public @interface MockConfiguration {
    /**
     * The provider name; for a factory configuration, the part after '~' of its PID if not set.
     *
     * @return a DNS-1123 label, or empty
     */
    @AttributeDefinition(description = "The provider name, a DNS-1123 label, e.g. edge.", required = false)
    String name() default "";

    /**
     * The label.
     *
     * @return the label
     */
    @AttributeDefinition(required = false, description = "The orchestrator's label.")
    String label() default "mock";

    /**
     * The region.
     *
     * @return the region
     */
    @AttributeDefinition(required = false, description = "Where the orchestrator runs.")
    String region() default "local";

    /**
     * The CPU the node offers.
     *
     * @return a quantity such as 20 or 500m
     */
    @AttributeDefinition(required = false, description = "CPU the node offers, a quantity such as 20 or 500m.")
    String cpu() default "20";

    /**
     * The memory the node offers.
     *
     * @return a quantity such as 100Gi
     */
    @AttributeDefinition(required = false, description = "Memory the node offers, a quantity such as 100Gi.")
    String memory() default "100Gi";

    /**
     * The most pods the node runs.
     *
     * @return a count
     */
    @AttributeDefinition(required = false, description = "The most pods the node runs.")
    String pods() default "20";

    /**
     * The bytes all volumes together may hold.
     *
     * @return a quantity such as 1Ti
     */
    @AttributeDefinition(required = false, description = "The storage pool for volumes, a quantity such as 1Ti.")
    String storage() default "1Ti";

    /**
     * The service ranking.
     *
     * @return the ranking
     */
    @AttributeDefinition(required = false, description = "The service ranking; the highest of a name is used.")
    int service_ranking() default 0;
}
