package com.example.hello;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The keys of one example orchestrator's configuration, with their defaults; DS maps the method
 * {@code service_ranking()} to the key {@code service.ranking}.
 */
@ObjectClassDefinition(
        id = "dev.orchard.provider.example",
        name = "Orchard example orchestrator",
        description = "One named example orchestrator per factory configuration dev.orchard.provider.example~<name>.")
public @interface ExampleConfiguration {
    /**
     * The provider name; if not set, the part after '~' of the configuration's PID.
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
    @AttributeDefinition(description = "The orchestrator's label.", required = false)
    String label() default "configured";

    /**
     * Where the orchestrator runs.
     *
     * @return the region
     */
    @AttributeDefinition(description = "Where the orchestrator runs.", required = false)
    String region() default "local";

    /**
     * The service ranking; a higher one replaces another provider of the same name.
     *
     * @return the ranking
     */
    @AttributeDefinition(description = "The service ranking of this instance.", required = false)
    int service_ranking() default 0;
}
