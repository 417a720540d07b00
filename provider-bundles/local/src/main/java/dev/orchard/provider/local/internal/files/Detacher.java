package dev.orchard.provider.local.internal.files;

import java.nio.file.Path;

/** Detaches one mount point: the host's {@code umount} ({@link Umount}), or what a test puts in its place. */
@FunctionalInterface
public interface Detacher {
    /**
     * Detaches the mount at a path.
     *
     * @param mount the mount point, a real path
     * @return null if it is detached, else why not, for a person to read
     */
    String detach(Path mount);
}
