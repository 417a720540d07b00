package dev.orchard.api.pod;

import dev.orchard.api.naming.Names;
import java.util.Objects;

/**
 * A volume of a pod: its name, which the containers' {@link VolumeMount}s use, and what backs it. Immutable.
 *
 * @param name the name the containers' {@link VolumeMount}s use
 * @param source what backs it; since 1.1 (before, every pod volume was a claim)
 */
public record PodVolume(String name, VolumeSource source) {
    /** Validates the name. */
    public PodVolume {
        Names.requireDns1123Label("pod volume name", name);
        Objects.requireNonNull(source, "source");
    }

    /**
     * A volume backed by a volume of the orchestrator in the pod's namespace.
     *
     * @param name the name the containers' mounts use
     * @param claimName the name of the orchestrator volume
     */
    public PodVolume(String name, String claimName) {
        this(name, new ClaimSource(claimName));
    }

    /**
     * The orchestrator volume that backs this one.
     *
     * @return its name, or empty if this volume is not backed by a claim (see {@link #source()})
     */
    public String claimName() {
        return source instanceof ClaimSource c ? c.claimName() : "";
    }
}
