package dev.orchard.provider.local.internal.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps a removal out of mounts: before a tree is removed, every mount at or under it is detached, deepest first,
 * and the mount table read again; a mount that stays makes the removal refuse, with nothing of it removed. The
 * walk that removes the tree asks {@link #isMountPoint} of each folder before it goes into it, so a mount made
 * meanwhile is not crossed either.
 */
public final class MountGuard {
    /** The guard of the provider's own mount namespace, detaching with the host's {@code umount}. */
    public static final MountGuard HOST = new MountGuard(MountTable.SELF, Umount.HOST);

    // Rounds of detaching: a mount hidden under another one can only be detached once that one is gone.
    private static final int ROUNDS = 4;

    private final Path mountinfo;
    private final Detacher detacher;

    /**
     * Creates a guard.
     *
     * @param mountinfo the mount table to read, as {@code /proc/self/mountinfo}
     * @param detacher how a mount is detached
     */
    public MountGuard(Path mountinfo, Detacher detacher) {
        this.mountinfo = mountinfo;
        this.detacher = detacher;
    }

    /**
     * Detaches every mount at or under a folder, deepest first.
     *
     * @param folder the folder's real path
     * @throws MountRefusedException naming a mount that is still there afterwards
     * @throws IOException if the mount table cannot be read
     */
    public void clear(Path folder) throws IOException {
        Map<Path, String> failed = new LinkedHashMap<>();
        for (int round = 0; round < ROUNDS; round++) {
            List<Path> found = MountTable.read(mountinfo).atOrUnder(folder);
            if (found.isEmpty()) {
                return;
            }
            boolean progress = false;
            for (Path mount : found) {
                String why = detacher.detach(mount);
                if (why == null) {
                    progress = true;
                    failed.remove(mount);
                } else {
                    failed.put(mount, why);
                }
            }
            if (!progress) {
                break;
            }
        }
        List<Path> left = MountTable.read(mountinfo).atOrUnder(folder);
        if (!left.isEmpty()) {
            Path first = left.get(left.size() - 1); // the outermost: what a person unmounts first
            throw new MountRefusedException(
                    first,
                    failed.getOrDefault(first, "still mounted after it was detached")
                            + (left.size() > 1 ? "; " + (left.size() - 1) + " more below " + folder : ""));
        }
    }

    /**
     * Whether a path is a mount point now.
     *
     * @param path a real path
     * @return true if something is mounted there
     * @throws IOException if the mount table cannot be read
     */
    public boolean isMountPoint(Path path) throws IOException {
        return MountTable.read(mountinfo).isMountPoint(path);
    }
}
