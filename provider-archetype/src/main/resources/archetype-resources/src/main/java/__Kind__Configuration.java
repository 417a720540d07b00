package ${package};

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The keys of the ${kind} provider's configuration, with their defaults; DS maps a method {@code volume_pool()} to
 * the key {@code volume.pool}. A key not declared here is an error, so a misspelled key never leaves a default in
 * force.
 */
@ObjectClassDefinition(
        id = "${package}",
        name = "${Kind} provider",
        description = "The ${kind} orchestrator: deploy/${package}.cfg configures it; without one it runs with these"
                + " defaults.")
public @interface ${Kind}Configuration {
    /**
     * The provider name.
     *
     * @return a DNS-1123 label, or empty for ${kind}
     */
    @AttributeDefinition(description = "The provider name, a DNS-1123 label; empty: ${kind}.", required = false)
    String name() default "";

    /**
     * The orchestrator's label.
     *
     * @return the label
     */
    @AttributeDefinition(description = "The orchestrator's label.", required = false)
    String label() default "${kind}";

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

    /**
     * The bytes all volumes together may claim, as a quantity.
     *
     * @return the pool, e.g. 10Gi
     */
    @AttributeDefinition(description = "The bytes all volumes together may claim, e.g. 10Gi.", required = false)
    String volume_pool() default "10Gi";
}
