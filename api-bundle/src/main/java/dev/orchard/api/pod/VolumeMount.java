package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;

/**
 * Where a container sees one of its pod's volumes. Immutable.
 *
 * @param name the name of a {@link PodVolume} of the pod
 * @param mountPath the absolute path inside the container; no ".." segment
 * @param readOnly whether the container may only read it
 */
public record VolumeMount(String name, String mountPath, boolean readOnly) {
    /** Validates the name and path. */
    public VolumeMount {
        Names.requireDns1123Label("volume mount name", name);
        if (mountPath == null || !mountPath.startsWith("/") || mountPath.indexOf('\0') >= 0) {
            throw new InvalidInputException("mount path " + Names.quote(mountPath) + " must be an absolute path");
        }
        for (String segment : mountPath.split("/")) {
            if (segment.equals("..")) {
                throw new InvalidInputException("mount path " + Names.quote(mountPath) + " must not contain '..'");
            }
        }
    }
}
