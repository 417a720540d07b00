package dev.orchard.provider.local.internal.files;

import java.io.IOException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The walk that removes a tree through open directory handles: it never follows a link, and never goes into a
 * folder that is a mount point, which it checks after opening each folder (a mount made after the open lies over
 * the folder the handle holds, and is not crossed by it).
 */
final class TreeRemoval {
    // Deeper than this, a folder is moved up beside the removed entry and removed from there: a tree of any depth
    // is removed with a bounded number of open handles and a bounded stack.
    private static final int MAX_DEPTH = 48;

    private final SecureDirectoryStream<Path> base;
    private final Path basePath;
    private final MountGuard.Watch mounts;
    // Where folders too deep are moved up to: a name carrying the root's id, so the next start knows it.
    private final String deepTrash;
    private final List<Path> pending = new ArrayList<>();

    private TreeRemoval(SecureDirectoryStream<Path> base, Path basePath, MountGuard guard, String deepTrash) {
        this.base = base;
        this.deepTrash = deepTrash;
        this.basePath = basePath;
        this.mounts = guard.watch();
    }

    /**
     * Removes an entry of an open folder and everything in it.
     *
     * @param base the open folder
     * @param basePath its real path
     * @param name the entry
     * @param guard tells mount points
     * @param deepTrash the start of the names under which folders too deep are moved up beside the entry
     * @throws MountRefusedException if a folder in it is a mount point: it and what is in it stay
     * @throws IOException if something could not be removed
     */
    static void remove(SecureDirectoryStream<Path> base, Path basePath, Path name, MountGuard guard, String deepTrash)
            throws IOException {
        TreeRemoval walk = new TreeRemoval(base, basePath, guard, deepTrash);
        walk.pending.add(name);
        while (!walk.pending.isEmpty()) {
            Path next = walk.pending.remove(walk.pending.size() - 1);
            walk.removeEntry(base, basePath, next, 0);
        }
    }

    private void removeEntry(SecureDirectoryStream<Path> parent, Path parentPath, Path name, int depth)
            throws IOException {
        Optional<BasicFileAttributes> attrs = attributes(parent, name);
        if (attrs.isEmpty()) {
            return;
        }
        Path at = parentPath.resolve(name);
        if (!attrs.get().isDirectory()) {
            parent.deleteFile(name); // a file, a link or anything else: the entry itself
            return;
        }
        if (depth >= MAX_DEPTH) {
            Path moved = Path.of(deepTrash + "-" + UUID.randomUUID());
            parent.move(name, base, moved);
            pending.add(moved);
            return;
        }
        try (SecureDirectoryStream<Path> dir = parent.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
            BasicFileAttributes opened =
                    dir.getFileAttributeView(BasicFileAttributeView.class).readAttributes();
            // Another folder than the one looked at (swapped meanwhile), or a mount point: not gone into.
            if (!Objects.equals(opened.fileKey(), attrs.get().fileKey()) || mounts.isMountPoint(at)) {
                throw new MountRefusedException(at, "mounted while the removal ran");
            }
            List<Path> entries = new ArrayList<>();
            for (Path e : dir) {
                entries.add(e.getFileName());
            }
            for (Path e : entries) {
                removeEntry(dir, at, e, depth + 1);
            }
        }
        parent.deleteDirectory(name);
    }

    static Optional<BasicFileAttributes> attributes(SecureDirectoryStream<Path> dir, Path name) throws IOException {
        try {
            return Optional.of(dir.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .readAttributes());
        } catch (NoSuchFileException gone) {
            return Optional.empty();
        }
    }

    @Override
    public String toString() {
        return basePath.toString();
    }
}
