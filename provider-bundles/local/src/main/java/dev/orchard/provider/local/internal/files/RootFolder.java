package dev.orchard.provider.local.internal.files;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.UUID;

/**
 * A folder the provider owns (a volume root, the sandbox root, or a folder under one), and the one way it makes
 * and removes what is under it: every name is a single path segment, and no link at any level below the folder
 * is ever followed.
 *
 * <p>A removal goes through directory handles opened without following links ({@link SecureDirectoryStream},
 * {@code openat} and {@code unlinkat} on Linux): a link met on the way is refused, and a link swapped in while it
 * runs still leads nowhere, because nothing is looked up by path again. What is removed is first renamed to
 * {@code .trash-<root id>-<name>-<uuid>} beside it, so that a removal a crash interrupted is recognised as
 * Orchard's and finished at the next start. The root's id is random, made with its mark ({@link RootMark}): an
 * entry that merely looks like trash ({@code .trash-cache}) never carries it, and is never taken for Orchard's. A
 * removal never descends into a mount: the mounts under the entry are detached first ({@link MountGuard}), and one
 * that stays makes the removal refuse ({@link MountRefusedException}) before anything is removed.
 */
public final class RootFolder {
    /** The prefix of an entry being removed: Orchard's mark of an interrupted removal. */
    public static final String TRASH_PREFIX = ".trash-";

    private final Path path;
    private final MountGuard guard;
    // The id of the root this folder is in, which the names of its own temporary entries carry; null if it is in
    // no marked root.
    private final String rootId;

    private RootFolder(Path path, MountGuard guard, String rootId) {
        this.path = path;
        this.guard = guard;
        this.rootId = rootId;
    }

    /**
     * The folder at a real path: absolute, with no link in it.
     *
     * @param real the folder's real path, as {@link Path#toRealPath} returns it
     * @return the folder
     * @throws IOException if it is not an existing folder
     */
    public static RootFolder at(Path real) throws IOException {
        return at(real, null);
    }

    // A marked root, whose own temporary entries carry its id.
    static RootFolder at(Path real, String rootId) throws IOException {
        if (!real.isAbsolute() || !real.equals(real.toRealPath()) || !Files.isDirectory(real)) {
            throw new FileSystemException(real.toString(), null, "not the real path of an existing folder");
        }
        return new RootFolder(real, MountGuard.HOST, rootId);
    }

    /**
     * The same folder, with another way to find and detach mounts: for tests that cannot, or must not, detach.
     *
     * @param other the guard for this folder and every folder below it
     * @return the folder
     */
    public RootFolder withGuard(MountGuard other) {
        return new RootFolder(path, other, rootId);
    }

    /**
     * A new name for a temporary entry of Orchard's in this folder, which carries the root's id:
     * {@code <prefix><root id>-<name>-<uuid>}.
     *
     * @param prefix what kind of entry it is, such as {@link #TRASH_PREFIX}
     * @param name what it is of
     * @return the name, unique
     */
    public String ownEntry(String prefix, String name) {
        return prefix + (rootId == null ? "" : rootId + "-") + name + "-" + UUID.randomUUID();
    }

    /**
     * Whether an entry's name is one of this root's own temporary entries of a kind, as {@link #ownEntry} names
     * them: a name that merely starts with the prefix is not.
     *
     * @param prefix the kind
     * @param entry the entry's name
     * @return true if it carries this root's id
     */
    public boolean isOwnEntry(String prefix, String entry) {
        return rootId != null && entry.startsWith(prefix + rootId + "-");
    }

    /**
     * The folder's path.
     *
     * @return its real path
     */
    public Path path() {
        return path;
    }

    /**
     * The path of an entry below the folder, without touching the disk.
     *
     * @param names the entry's path, one segment each
     * @return the path
     * @throws IllegalArgumentException if a name is empty, {@code .}, {@code ..} or holds a {@code /}
     */
    public Path resolve(String... names) {
        Path p = path;
        for (String name : names) {
            if (name.isEmpty() || name.equals(".") || name.equals("..") || name.indexOf('/') >= 0) {
                throw new IllegalArgumentException("\"" + name + "\" is not a single path segment");
            }
            p = p.resolve(name);
        }
        return p;
    }

    /**
     * Makes a folder below this one, and each missing folder on the way, one level at a time.
     *
     * @param names the folder's path, one segment each
     * @return the folder
     * @throws LinkRefusedException if an entry on the way is a symbolic link
     * @throws IOException if an entry on the way is no folder, or a folder cannot be made
     */
    public RootFolder folder(String... names) throws IOException {
        Path p = path;
        for (String name : names) {
            p = resolveOne(p, name);
            // Looked at first (one lstat): most levels exist already, and a refused mkdir costs an exception too.
            if (!existingFolder(p)) {
                try {
                    Files.createDirectory(p);
                } catch (FileAlreadyExistsException exists) {
                    requireFolder(p); // made meanwhile by someone else: checked all the same
                }
            }
        }
        return new RootFolder(p, guard, rootId);
    }

    /**
     * Makes a new, empty folder below this one; the folders on the way must exist.
     *
     * @param names the folder's path, one segment each
     * @return the folder
     * @throws FileAlreadyExistsException if something exists under that name already, which is then left alone
     * @throws LinkRefusedException if an entry on the way is a symbolic link
     * @throws IOException if it cannot be made
     */
    public RootFolder newFolder(String... names) throws IOException {
        Path parent = path;
        for (int i = 0; i < names.length - 1; i++) {
            parent = resolveOne(parent, names[i]);
            requireFolder(parent);
        }
        Path p = resolveOne(parent, names[names.length - 1]);
        Files.createDirectory(p);
        return new RootFolder(p, guard, rootId);
    }

    /**
     * An existing folder below this one, checked at every level.
     *
     * @param names the folder's path, one segment each
     * @return the folder, or empty if an entry on the way does not exist
     * @throws LinkRefusedException if an entry on the way is a symbolic link
     * @throws IOException if an entry on the way is no folder
     */
    public Optional<RootFolder> existing(String... names) throws IOException {
        Path p = path;
        for (String name : names) {
            p = resolveOne(p, name);
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            requireFolder(p);
        }
        return Optional.of(new RootFolder(p, guard, rootId));
    }

    /**
     * Detaches every mount at or under an entry below this folder, deepest first, removing nothing: for a caller
     * that must know a removal can go ahead before it commits to it.
     *
     * @param names the entry's path, one segment each
     * @throws MountRefusedException naming a mount that could not be detached
     * @throws IOException if the mount table cannot be read
     */
    public void detachMounts(String... names) throws IOException {
        guard.clear(resolve(names));
    }

    /**
     * Removes an entry below this folder and, if it is a folder, everything in it. A link inside is removed
     * itself; what it points to is never touched.
     *
     * @param names the entry's path, one segment each
     * @return whether there was anything to remove
     * @throws LinkRefusedException if a folder on the way to the entry is a symbolic link
     * @throws MountRefusedException naming a mount under the entry that could not be detached; then nothing was
     *     removed, or (a mount made while the removal ran) the rest is left in trash, the mount untouched
     * @throws IOException if something could not be removed; what was renamed to trash is then left for the next
     *     start
     */
    public boolean remove(String... names) throws IOException {
        if (names.length == 0) {
            throw new IllegalArgumentException("a root folder never removes itself");
        }
        try (DirectoryStream<Path> top = Files.newDirectoryStream(path)) {
            Deque<SecureDirectoryStream<Path>> opened = new ArrayDeque<>();
            try {
                SecureDirectoryStream<Path> dir = secure(top);
                Path at = path;
                for (int i = 0; i < names.length - 1; i++) {
                    at = resolveOne(at, names[i]);
                    Optional<SecureDirectoryStream<Path>> next = openFolder(dir, at);
                    if (next.isEmpty()) {
                        return false;
                    }
                    dir = next.get();
                    opened.push(dir);
                }
                Path name = Path.of(names[names.length - 1]);
                resolveOne(at, names[names.length - 1]);
                if (attributes(dir, name).isEmpty()) {
                    return false;
                }
                guard.clear(at.resolve(name)); // before anything is removed: a mount that stays refuses it all
                Path trash = Path.of(ownEntry(TRASH_PREFIX, name.toString()));
                dir.move(name, dir, trash);
                TreeRemoval.remove(dir, at, trash, guard, ownEntry(TRASH_PREFIX, "deep"));
                return true;
            } finally {
                while (!opened.isEmpty()) {
                    opened.pop().close();
                }
            }
        }
    }

    private static Optional<SecureDirectoryStream<Path>> openFolder(SecureDirectoryStream<Path> dir, Path at)
            throws IOException {
        Path name = at.getFileName();
        Optional<BasicFileAttributes> attrs = attributes(dir, name);
        if (attrs.isEmpty()) {
            return Optional.empty();
        }
        if (attrs.get().isSymbolicLink()) {
            throw new LinkRefusedException(at);
        }
        try {
            return Optional.of(dir.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS));
        } catch (FileSystemException e) {
            // swapped for a link (ELOOP) or a file (ENOTDIR) since the check: refuse it all the same
            throw new LinkRefusedException(at);
        }
    }

    private static Optional<BasicFileAttributes> attributes(SecureDirectoryStream<Path> dir, Path name)
            throws IOException {
        return TreeRemoval.attributes(dir, name);
    }

    private static SecureDirectoryStream<Path> secure(DirectoryStream<Path> stream) throws IOException {
        if (stream instanceof SecureDirectoryStream<Path> s) {
            return s;
        }
        throw new IOException("this platform cannot remove folders without following links (no openat)");
    }

    private static Path resolveOne(Path parent, String name) {
        if (name.isEmpty() || name.equals(".") || name.equals("..") || name.indexOf('/') >= 0) {
            throw new IllegalArgumentException("\"" + name + "\" is not a single path segment");
        }
        return parent.resolve(name);
    }

    // Whether an entry is a folder (never through a link); false if there is none; refused if it is anything else.
    private static boolean existingFolder(Path p) throws IOException {
        try {
            requireFolder(p);
            return true;
        } catch (NoSuchFileException absent) {
            return false;
        }
    }

    private static void requireFolder(Path p) throws IOException {
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (a.isSymbolicLink()) {
            throw new LinkRefusedException(p);
        }
        if (!a.isDirectory()) {
            throw new FileSystemException(p.toString(), null, "not a folder");
        }
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
