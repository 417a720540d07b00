package dev.orchard.runtime.launcher;

import dev.orchard.runtime.control.Peer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Comparator;
import java.util.EnumSet;
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
     * Makes {@code .orchard/} the runtime user's alone: creates it with mode 0700, or checks the one there.
     *
     * @throws IOException with a message that says what is wrong, if it is a link or not a directory, or belongs
     *     to another user, or cannot be made
     */
    void prepare() throws IOException {
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            return;
        } catch (FileAlreadyExistsException exists) {
            // checked below
        }
        if (Files.isSymbolicLink(dir) || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(dir + " is not a directory of its own (a link or a file); remove it, or start the"
                    + " runtime in another folder");
        }
        UserPrincipal owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS);
        UserPrincipal self = Peer.self();
        if (!owner.equals(self)) {
            throw new IOException(dir + " belongs to " + owner.getName() + ", not to " + self.getName()
                    + "; a runtime runs in a folder of its user's own");
        }
        if (!Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS).equals(OWNER_ONLY)) {
            Files.setPosixFilePermissions(dir, OWNER_ONLY);
        }
    }
}
