package dev.orchard.provider.local.internal.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Keeps a removal out of mounts: before a tree is removed, every mount at or under it is detached, deepest first,
 * and the mount table read again; a mount that stays makes the removal refuse, with nothing of it removed. The
 * walk that removes the tree asks a {@link Watch} of each folder before it goes into it, so a mount made meanwhile
 * is not crossed either.
 */
public final class MountGuard {
    /** The guard of the provider's own mount namespace, detaching with the host's {@code umount}. */
    public static final MountGuard HOST = new MountGuard(MountTable.SELF, Umount.HOST);

    // Rounds of detaching: a mount hidden under another one can only be detached once that one is gone.
    private static final int ROUNDS = 4;

    // How old a walk's copy of the mount table may be: a walk reads it at most ten times a second, so a tree of many
    // folders on a host of many mounts costs folders plus reads, not folders times mounts.
    private static final long FRESH_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final Source mountinfo;
    private final Detacher detacher;

    /** Where a guard reads the mount table from. */
    @FunctionalInterface
    public interface Source {
        /**
         * Reads the mount table as it is now.
         *
         * @return the table
         * @throws IOException if it cannot be read
         */
        MountTable read() throws IOException;
    }

    /**
     * Creates a guard.
     *
     * @param mountinfo the mount table to read, as {@code /proc/self/mountinfo}
     * @param detacher how a mount is detached
     */
    public MountGuard(Path mountinfo, Detacher detacher) {
        this(() -> MountTable.read(mountinfo), detacher);
    }

    /**
     * Creates a guard that reads its table from a source.
     *
     * @param mountinfo the mount table's source
     * @param detacher how a mount is detached
     */
    public MountGuard(Source mountinfo, Detacher detacher) {
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
            List<Path> found = mountinfo.read().atOrUnder(folder);
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
        List<Path> left = mountinfo.read().atOrUnder(folder);
        if (!left.isEmpty()) {
            Path first = left.get(left.size() - 1); // the outermost: what a person unmounts first
            throw new MountRefusedException(
                    first,
                    failed.getOrDefault(first, "still mounted after it was detached")
                            + (left.size() > 1 ? "; " + (left.size() - 1) + " more below " + folder : ""));
        }
    }

    /**
     * A view of the mount table for one walk: it reads the table at its first question and again once its copy is
     * older than a tenth of a second.
     *
     * @return the view
     */
    public Watch watch() {
        return new Watch();
    }

    /** One walk's view of the mount table. Not thread-safe: one walk asks it. */
    public final class Watch {
        private MountTable table;
        private long readAt;

        private Watch() {}

        /**
         * Whether a path is a mount point, by a copy of the table at most a tenth of a second old.
         *
         * @param path a real path
         * @return true if something is mounted there
         * @throws IOException if the mount table cannot be read
         */
        public boolean isMountPoint(Path path) throws IOException {
            long now = System.nanoTime();
            if (table == null || now - readAt > FRESH_NANOS) {
                table = mountinfo.read();
                readAt = now;
            }
            return table.isMountPoint(path);
        }
    }
}
