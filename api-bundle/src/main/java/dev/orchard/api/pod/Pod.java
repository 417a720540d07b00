package dev.orchard.api.pod;

import java.util.Objects;

/**
 * A pod: metadata, the spec of what it runs, and the observed status. Immutable.
 *
 * @param metadata the identity and labels
 * @param spec what the pod runs
 * @param status the observed status; {@link PodStatus#NONE} for a pod not yet created
 */
public record Pod(ObjectMeta metadata, PodSpec spec, PodStatus status) {
    /** Checks the components. */
    public Pod {
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(spec, "spec");
        status = status == null ? PodStatus.NONE : status;
    }

    /**
     * A new pod with no status.
     *
     * @param namespace the namespace
     * @param name the name
     * @param spec what it runs
     * @return the pod
     */
    public static Pod of(String namespace, String name, PodSpec spec) {
        return new Pod(ObjectMeta.of(namespace, name), spec, PodStatus.NONE);
    }

    /**
     * The pod's namespace.
     *
     * @return {@code metadata().namespace()}
     */
    public String namespace() {
        return metadata.namespace();
    }

    /**
     * The pod's name.
     *
     * @return {@code metadata().name()}
     */
    public String name() {
        return metadata.name();
    }

    /**
     * Returns a copy with another status.
     *
     * @param newStatus the status
     * @return the copy
     */
    public Pod withStatus(PodStatus newStatus) {
        return new Pod(metadata, spec, newStatus);
    }
}
