package dev.orchard.provider.local.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The keys of the local provider's configuration, PID {@code dev.orchard.provider.local}, with their defaults:
 * the one list of them. Declarative Services maps a method {@code max_pods()} to the key {@code max.pods}. A key
 * that is not declared here makes the configuration invalid.
 */
@ObjectClassDefinition(
        id = "dev.orchard.provider.local",
        name = "Orchard local provider",
        description = "Volumes as directories under a root folder on this host, and pods as local processes.")
public @interface LocalConfiguration {
    /**
     * The provider name.
     *
     * @return a DNS-1123 label
     */
    @AttributeDefinition(required = false, description = "The provider name, a DNS-1123 label.")
    String name() default "local";

    /**
     * The orchestrator's label.
     *
     * @return the label
     */
    @AttributeDefinition(required = false, description = "The orchestrator's label.")
    String label() default "local";

    /**
     * Where the orchestrator runs.
     *
     * @return the region
     */
    @AttributeDefinition(required = false, description = "Where the orchestrator runs.")
    String region() default "local";

    /**
     * The service ranking: the highest ranking of a name serves it.
     *
     * @return the ranking
     */
    @AttributeDefinition(
            required = false,
            description = "The service ranking: the highest ranking of a name serves it; the next takes over when"
                    + " it leaves.")
    int service_ranking() default 0;

    /**
     * The folder of the volumes; relative to the runtime's folder; empty for {@code data/volumes} there.
     *
     * @return a path, or empty
     */
    @AttributeDefinition(
            required = false,
            description = "The folder that holds the volumes, relative to the runtime's folder; empty for"
                    + " data/volumes there.")
    String volume_root() default "";

    /**
     * The bytes all volumes together may claim; empty for the size of the volume root's file system. Each add is
     * also checked against the disk's free space at that moment.
     *
     * @return a quantity such as {@code 1Ti}, or empty
     */
    @AttributeDefinition(
            required = false,
            description = "The bytes all volumes together may claim, a quantity such as 100Gi; empty for the size"
                    + " of the volume root's file system. Each add must also fit the disk's free space at that"
                    + " moment, less what the volumes may still write.")
    String volume_pool() default "";

    /**
     * The folder of the pods' sandboxes; relative to the runtime's folder; empty for {@code data/pods} there.
     *
     * @return a path, or empty
     */
    @AttributeDefinition(
            required = false,
            description = "The folder of the pods' sandboxes and logs, relative to the runtime's folder; empty for"
                    + " data/pods there.")
    String sandbox_root() default "";

    /**
     * The most pods the node runs.
     *
     * @return a positive count
     */
    @AttributeDefinition(required = false, description = "The most pods the local node runs.", min = "1")
    int max_pods() default 110;
}
