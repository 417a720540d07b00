package dev.orchard.provider.local.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The configuration of the local provider, PID {@code dev.orchard.provider.local}. */
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
    @AttributeDefinition(required = false, description = "The provider name.")
    String name() default "local";

    /**
     * The volume root; empty for {@code data/volumes} under the working folder.
     *
     * @return a path
     */
    @AttributeDefinition(
            required = false,
            description = "The folder that holds the volumes; empty for"
                    + " data/volumes under the runtime's working folder.")
    String root() default "";

    /**
     * The capacity all volumes together may claim; empty for the free space of the root's file system.
     *
     * @return a quantity such as 100Gi, or empty
     */
    @AttributeDefinition(
            required = false,
            description = "The storage pool, a quantity such as 100Gi; empty for"
                    + " the free space of the root's file system at start.")
    String pool() default "";

    /**
     * The folder of the pod sandboxes; empty for {@code data/pods} under the working folder.
     *
     * @return a path
     */
    @AttributeDefinition(
            required = false,
            description = "The folder of the pod sandboxes and logs; empty for"
                    + " data/pods under the runtime's working folder.")
    String pods() default "";

    /**
     * The most pods the node runs.
     *
     * @return a count
     */
    @AttributeDefinition(required = false, description = "The most pods the local node runs.", min = "1")
    int maxPods() default 110;

    /**
     * The label.
     *
     * @return the label
     */
    @AttributeDefinition(required = false, description = "The orchestrator's label.")
    String label() default "local";

    /**
     * The region.
     *
     * @return the region
     */
    @AttributeDefinition(required = false, description = "Where the orchestrator runs.")
    String region() default "local";

    /**
     * The service ranking.
     *
     * @return the ranking
     */
    @AttributeDefinition(required = false, description = "The service ranking.")
    int service_ranking() default 0;
}
