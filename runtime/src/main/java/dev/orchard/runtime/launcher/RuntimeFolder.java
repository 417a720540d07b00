package dev.orchard.runtime.launcher;

import dev.orchard.runtime.control.Peer;
import java.io.IOException;
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
 *
 * <p>Every file in it is reached relative to the process's working directory: the directory the process started
 * in, whatever is later renamed. The folder's absolute path is kept for messages only, since another name for the
 * same place (the folder renamed, a link put where it was) could lead elsewhere between two steps: the check of the
 * socket and the connect, or the framework's start and the removal of its storage.
 */
final class RuntimeFolder {
    /** The directory's name in the runtime's folder. */
    static final String NAME = ".orchard";

    // The file type bits of st_mode, and the types of a socket and a symbolic link.
    private static final int S_IFMT = 0170000;
    private static final int S_IFSOCK = 0140000;
    private static final int S_IFLNK = 0120000;
    private static final Set<PosixFilePermission> OWNER_ONLY = EnumSet.of(
            PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);

    private final Path folder;
    private final Path here;
    private final Path dir;

    /**
     * The runtime folder of a folder, reached through its absolute path (for tests: a process's own folder is
     * {@link #current()}).
     *
     * @param folder the folder the runtime runs in, absolute
     */
    RuntimeFolder(Path folder) {
        this(folder, folder);
    }

    private RuntimeFolder(Path folder, Path here) {
        this.folder = folder;
        this.here = here;
        this.dir = here.resolve(NAME);
    }

    /**
     * The folder of this process: its working directory, reached as such ({@code .orchard/...}, relative).
     *
     * @return the runtime folder
     */
    static RuntimeFolder current() {
        return new RuntimeFolder(Path.of("").toAbsolutePath(), Path.of(""));
    }

    /**
     * The folder the runtime runs in, for messages.
     *
     * @return its absolute path
     */
    Path folder() {
        return folder;
    }

    /**
     * A path of this folder as a person reads it: absolute.
     *
     * @param path a path this class gave, e.g. {@link #socket()}
     * @return the path from {@code /}
     */
    Path shown(Path path) {
        return path.isAbsolute() ? path : folder.resolve(path);
    }

    /**
     * {@code .orchard/} itself, handed to add-ons that keep their state there.
     *
     * @return its path, relative to the working directory for {@link #current()}
     */
    Path runtimeDir() {
        return dir;
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
     * The control socket, as a socket address takes it: relative to the working directory of both sides, which
     * also keeps it within the 108 bytes of a Unix socket's path.
     *
     * @return its path
     */
    Path socket() {
        return dir.resolve("socket");
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
     * Removes the framework's storage, before the framework starts and after it stopped: the next start makes a new
     * one anyway. Links are never followed: a link in its place, or in it, is removed as a link, what it leads to is
     * left alone.
     *
     * @throws IOException if something in it cannot be removed
     */
    void removeStorage() throws IOException {
        Path storage = storage();
        if (!Files.exists(storage, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        // Files.walk follows no link unless told to, the first one included.
        try (Stream<Path> all = Files.walk(storage)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /**
     * Makes {@code .orchard/} the runtime user's alone: creates it with mode 0700, or checks the one there; and
     * checks that no other user can rename the folder or a folder above it, or write in it ({@link
     * FolderAncestors}). The runtime does this before it takes the lock, and {@code -c} before it looks for the
     * socket, so that both trust the same directory: none planted by another user. Nothing is made in a folder that
     * fails a check.
     *
     * @throws UnsafeFolderException if {@code .orchard} is a link or not a directory, or belongs to another user; or
     *     another user could rename the folder or a parent, or write in the folder
     * @throws IOException if it cannot be made or read
     */
    void prepare() throws IOException {
        // .orchard's own faults first: they name what another user planted.
        boolean exists = Files.exists(dir, LinkOption.NOFOLLOW_LINKS);
        if (exists) {
            checkOwn();
        }
        FolderAncestors.check(folder, here);
        // What the runtime installs, reads and keeps inside the folder, where it exists already: judged by where it
        // leads, so a deploy/ others may write (or a link to one) cannot choose what runs as this user.
        String deploy = System.getProperty("felix.fileinstall.dir");
        FolderAncestors.checkInside(
                deploy == null ? here.resolve("deploy") : Path.of(deploy), "the bundles and configuration it installs");
        FolderAncestors.checkInside(here.resolve("etc"), "the shell's profile");
        FolderAncestors.checkInside(here.resolve("data"), "the providers' volumes and pods");
        if (!exists) {
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
                return;
            } catch (FileAlreadyExistsException raced) {
                checkOwn();
            }
        }
        // Open to others, it may hold what they put there: closed first; the socket is then checked on its own.
        if (!Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS).equals(OWNER_ONLY)) {
            Files.setPosixFilePermissions(dir, OWNER_ONLY);
        }
    }

    private void checkOwn() throws IOException {
        if (Files.isSymbolicLink(dir) || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new UnsafeFolderException(shown(dir) + " is not a directory of its own (a link or a file); remove"
                    + " it, or start the runtime in another folder");
        }
        UserPrincipal owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS);
        UserPrincipal self = Peer.self();
        if (!owner.equals(self)) {
            throw new UnsafeFolderException(shown(dir) + " belongs to " + owner.getName() + ", not to " + self.getName()
                    + "; a runtime runs in a folder of its user's own");
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
            throw new UnsafeFolderException(
                    shown(socket) + (type == S_IFLNK ? " is a link, not a socket" : " is not a socket")
                            + "; only the folder's runtime makes it, and nothing may stand in its place; the command was not"
                            + " sent");
        }
        UserPrincipal owner = Files.getOwner(socket, LinkOption.NOFOLLOW_LINKS);
        UserPrincipal self = Peer.self();
        if (!owner.equals(self)) {
            throw new UnsafeFolderException(shown(socket) + " belongs to " + owner.getName() + ", not to "
                    + self.getName() + "; the command was not sent");
        }
        return List.of(attributes.get("dev"), attributes.get("ino"));
    }
}
