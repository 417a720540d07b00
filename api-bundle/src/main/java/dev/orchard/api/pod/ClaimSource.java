package dev.orchard.api.pod;

import dev.orchard.api.naming.Names;

/**
 * A pod volume backed by a volume of the orchestrator in the pod's namespace (a PersistentVolumeClaim in
 * Kubernetes). Immutable.
 *
 * @param claimName the name of the orchestrator's volume
 * @since 1.1
 */
public record ClaimSource(String claimName) implements VolumeSource {
    /** Validates the name. */
    public ClaimSource {
        Names.requireDns1123Label("volume claim name", claimName);
    }
}
