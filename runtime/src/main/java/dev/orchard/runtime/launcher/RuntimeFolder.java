package dev.orchard.runtime.launcher;

import dev.orchard.runtime.control.Peer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The runtime's own corner of its folder, {@code .orchard/}: the lock, the control socket and the framework's
 * storage. It is a directory of the runtime's user alone (mode 0700), so that no other user can reach the socket
 * or plant a file in it; one that is a link, or another user's, or open to others, is refused or tightened before
 * anything is put in it.
 */
final class RuntimeFolder {
    /** The directory's name in the runtime's folder. */
    static final String NAME = ".orchard";

    // The JDK binds a Unix socket at a path of at most 106 bytes (sun_path's 108 with its zero); the runtime binds
    // it first as socket.new, 4 bytes longer, so 100 leaves room. A longer absolute path is used relative to the
    // folder.
    private static final int MAX_SOCKET_PATH = 100;
    // The file type bits of st_mode, and the types of a socket and a symbolic link.
    private static final int S_IFMT = 0170000;
    private static final int S_IFSOCK = 0140000;
    private static final int S_IFLNK = 0120000;
    private static final Set<PosixFilePermission> OWNER_ONLY = EnumSet.of(
            PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);

    private final Path folder;
    private final Path dir;

    /**
     * The runtime folder of a folder.
     *
     * @param folder the folder the runtime runs in, absolute
     */
    RuntimeFolder(Path folder) {
        this.folder = folder;
        this.dir = folder.resolve(NAME);
    }

    /**
     * The folder of this process: its working directory.
     *
     * @return the runtime folder
     */
    static RuntimeFolder current() {
        return new RuntimeFolder(Path.of("").toAbsolutePath());
    }

    /**
     * The folder the runtime runs in.
     *
     * @return its absolute path
     */
    Path folder() {
        return folder;
    }

    /**
     * The lock file, held by the runtime that runs in the folder.
     *
     * @return its path
     */
    Path lockFile() {
        return dir.resolve("lock");
    }

    /**
     * The control socket, as a socket address takes it: absolute when short enough, else relative to the folder
     * (the working directory of both sides), since a Unix socket's path is limited to about 100 bytes.
     *
     * @return its path
     */
    Path socket() {
        Path absolute = dir.resolve("socket");
        if (absolute.toString().getBytes(StandardCharsets.UTF_8).length <= MAX_SOCKET_PATH) {
            return absolute;
        }
        return Path.of(NAME, "socket");
    }

    /**
     * The framework's storage, cleaned at each start.
     *
     * @return its path
     */
    Path storage() {
        return dir.resolve("framework");
    }

    /**
     * Removes the framework's storage after the framework stopped: the next start makes a new one anyway.
     *
     * @throws IOException if something in it cannot be removed
     */
    void removeStorage() throws IOException {
        Path storage = storage();
        if (!Files.isDirectory(storage, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> all = Files.walk(storage)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /**
     * Makes {@code .orchard/} the runtime user's alone: creates it with mode 0700, or checks the one there. The
     * runtime does this before it takes the lock, and {@code -c} before it looks for the socket, so that both trust
     * the same directory: none planted by another user.
     *
     * @throws UnsafeFolderException if it is a link or not a directory, or belongs to another user
     * @throws IOException if it cannot be made or read
     */
    void prepare() throws IOException {
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            return;
        } catch (FileAlreadyExistsException exists) {
            // checked below
        }
        if (Files.isSymbolicLink(dir) || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new UnsafeFolderException(dir + " is not a directory of its own (a link or a file); remove it, or"
                    + " start the runtime in another folder");
        }
        UserPrincipal owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS);
        UserPrincipal self = Peer.self();
        if (!owner.equals(self)) {
            throw new UnsafeFolderException(dir + " belongs to " + owner.getName() + ", not to " + self.getName()
                    + "; a runtime runs in a folder of its user's own");
        }
        // Open to others, it may hold what they put there: closed first; the socket is then checked on its own.
        if (!Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS).equals(OWNER_ONLY)) {
            Files.setPosixFilePermissions(dir, OWNER_ONLY);
        }
    }

    /**
     * The control socket as it is on disk, checked before {@code -c} connects to it (after {@link #prepare()}): it
     * must be a socket of this user, not a link to one elsewhere (e.g. another runtime's, whose commands would then
     * run there).
     *
     * @return its identity (device and inode), to compare after connecting; null if there is none
     * @throws UnsafeFolderException if it is a link, not a socket, or another user's
     * @throws IOException if it cannot be read
     */
    Object checkSocket() throws IOException {
        Path socket = socket();
        Map<String, Object> attributes;
        try {
            attributes = Files.readAttributes(socket, "unix:mode,uid,dev,ino", LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException none) {
            return null;
        }
        int type = (Integer) attributes.get("mode") & S_IFMT;
        if (type != S_IFSOCK) {
            throw new UnsafeFolderException(socket + (type == S_IFLNK ? " is a link, not a socket" : " is not a socket")
                    + "; only the folder's runtime makes it, and nothing may stand in its place; the command was not"
                    + " sent");
        }
        UserPrincipal owner = Files.getOwner(socket, LinkOption.NOFOLLOW_LINKS);
        UserPrincipal self = Peer.self();
        if (!owner.equals(self)) {
            throw new UnsafeFolderException(socket + " belongs to " + owner.getName() + ", not to " + self.getName()
                    + "; the command was not sent");
        }
        return List.of(attributes.get("dev"), attributes.get("ino"));
    }
}
