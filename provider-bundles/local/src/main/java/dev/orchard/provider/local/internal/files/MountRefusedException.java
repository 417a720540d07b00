package dev.orchard.provider.local.internal.files;

import java.nio.file.FileSystemException;
import java.nio.file.Path;

/**
 * A mount met under a tree being removed that could not be detached: the removal never descends into it, and
 * leaves it and everything in it as it is.
 */
public final class MountRefusedException extends FileSystemException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param mount the mount point
     * @param why why it is still there
     */
    public MountRefusedException(Path mount, String why) {
        super(
                mount.toString(),
                null,
                "a mount point that could not be detached (" + why + "); nothing in it was"
                        + " removed: unmount it (umount " + mount + ") and remove again");
    }

    /** The mount point. */
    public Path mount() {
        return Path.of(getFile());
    }
}
