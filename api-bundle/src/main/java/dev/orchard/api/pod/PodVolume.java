package dev.orchard.api.pod;

import dev.orchard.api.naming.Names;

/**
 * A volume of a pod, backed by a volume of an orchestrator in the pod's namespace. Immutable.
 *
 * @param name the name the containers' {@link VolumeMount}s use
 * @param claimName the name of the orchestrator volume
 */
public record PodVolume(String name, String claimName) {
    /** Validates both names. */
    public PodVolume {
        Names.requireDns1123Label("pod volume name", name);
        Names.requireDns1123Label("volume claim name", claimName);
    }
}
