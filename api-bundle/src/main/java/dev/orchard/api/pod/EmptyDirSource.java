package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;

/**
 * A pod volume that starts empty and lives as long as the pod. Immutable.
 *
 * @param memory whether it is kept in memory (tmpfs) rather than on the node's disk
 * @param sizeLimitBytes the most bytes it may hold, or 0 for no limit
 * @since 1.1
 */
public record EmptyDirSource(boolean memory, long sizeLimitBytes) implements VolumeSource {
    /** Validates the limit. */
    public EmptyDirSource {
        if (sizeLimitBytes < 0) {
            throw new InvalidInputException("emptyDir size limit " + sizeLimitBytes + " must be 0 (none) or more");
        }
    }
}
