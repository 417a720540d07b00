package dev.orchard.runtime.launcher;

import dev.orchard.runtime.control.Peer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether another user can change what the runtime folder's path leads to, or what is in the folder. The runtime
 * reaches {@code .orchard/} through its working directory, which no rename redirects; but FileInstall reads {@code
 * deploy/} through the folder's absolute path, and the providers keep {@code data/} under it. So another user who
 * could rename the folder or one of its parents could put a folder of their own in its place, and the runtime would
 * install their bundles as its user; one who could write the folder itself could plant {@code deploy/} or {@code
 * etc/gosh_profile} before the runtime makes them.
 *
 * <p>Trusted: a directory of this user or of root. The folder itself must be writable by nobody else; a parent may
 * be writable by others only with the sticky bit, like {@code /tmp}, where only an entry's owner renames it. A group
 * write bit counts as others' unless the group is the user's alone ({@link PrivateGroup}: named like the user, no
 * other member, no ACL, as Debian and Ubuntu make each user's folders with umask 002). The folders the
 * runtime reads inside the folder ({@code deploy/}, {@code etc/}, {@code data/}, or a {@code deploy/} set elsewhere)
 * are checked the same way, where they exist, by where they lead.
 */
final class FolderAncestors {
    // The bits of st_mode: sticky, group write, other write.
    private static final int STICKY = 01000;
    private static final int GROUP_WRITE = 020;
    private static final int OTHER_WRITE = 02;

    /**
     * What the check needs of one directory.
     *
     * @param path its absolute path, for the message
     * @param owner its owner's name
     * @param ownerTrusted whether its owner is this user or root
     * @param privateGroup whether its group is this user's alone ({@link PrivateGroup}); read only where it matters
     * @param mode its mode bits (st_mode)
     */
    record Dir(Path path, String owner, boolean ownerTrusted, boolean privateGroup, int mode) {}

    private FolderAncestors() {}

    /**
     * Checks the runtime folder and each of its parents up to {@code /}.
     *
     * @param folder the folder's absolute path
     * @param here the path that reaches the folder itself: its working directory ({@code ""}) in the runtime
     * @throws UnsafeFolderException if another user could rename it or a parent, or write in it
     * @throws IOException if a directory cannot be read
     */
    static void check(Path folder, Path here) throws IOException {
        check(folder, here, "the runtime folder ");
    }

    /**
     * Checks a folder the runtime reads its bundles, configuration or state from, where it exists: the real folder
     * it leads to (through any link) and each of that folder's parents, as {@link #check} checks the runtime folder.
     *
     * @param dir the folder, as the runtime names it (relative to its working directory, or absolute)
     * @param role what the runtime reads there, for the message
     * @throws UnsafeFolderException if another user could rename it or a parent, or write in it
     * @throws IOException if a directory cannot be read
     */
    static void checkInside(Path dir, String role) throws IOException {
        if (!Files.isDirectory(dir)) {
            return; // made by the runtime, owner-only, when it needs it
        }
        Path real = dir.toRealPath();
        check(real, real, "the folder " + dir + " (" + role + "), which is ");
    }

    private static void check(Path folder, Path here, String name) throws IOException {
        UserPrincipal self = Peer.self();
        List<Dir> chain = new ArrayList<>();
        chain.add(read(folder, here, self));
        for (Path p = folder.toAbsolutePath().getParent(); p != null; p = p.getParent()) {
            chain.add(read(p, p, self));
        }
        Optional<String> problem = judge(chain, name);
        if (problem.isPresent()) {
            throw new UnsafeFolderException(problem.get());
        }
    }

    /**
     * The first reason the chain is unsafe, if any.
     *
     * @param chain the folder first, then its parents in order up to {@code /}
     * @param name how the message names the first, ending in a space
     * @return why another user could redirect or fill the folder; empty if none could
     */
    static Optional<String> judge(List<Dir> chain, String name) {
        Path folder = chain.get(0).path();
        String advice = "; a runtime runs only in a folder that no other user can rename, replace or write in (every"
                + " folder above it root's or yours, writable by others only with the sticky bit, like /tmp). Nothing"
                + " was started or sent";
        for (int i = 0; i < chain.size(); i++) {
            Dir d = chain.get(i);
            boolean isFolder = i == 0;
            String what = isFolder ? name + d.path() : d.path() + ", above the runtime folder " + folder + ",";
            if (!d.ownerTrusted()) {
                return Optional.of(what + " belongs to " + d.owner() + ", who could "
                        + (isFolder ? "plant files in it, or move it" : "rename what is in it")
                        + " and so choose what this runtime installs" + advice);
            }
            boolean othersWrite = (d.mode() & OTHER_WRITE) != 0 || (d.mode() & GROUP_WRITE) != 0 && !d.privateGroup();
            if (!othersWrite) {
                continue;
            }
            String who =
                    (d.mode() & OTHER_WRITE) != 0 ? "every user" : "its group (another member, or an ACL: chmod g-w)";
            if (isFolder) {
                return Optional.of(what + " is writable by " + who + ", who could plant files in it" + advice);
            }
            if ((d.mode() & STICKY) == 0) {
                return Optional.of(what + " is writable by " + who + " without the sticky bit, so any of them could"
                        + " rename what is in it and put another folder in the runtime folder's place" + advice);
            }
        }
        return Optional.empty();
    }

    private static Dir read(Path shown, Path at, UserPrincipal self) throws IOException {
        // Following links: the working directory's path (getcwd) holds none; one set by hand with -Duser.dir is
        // judged by the directories it leads to, and its own parents are still checked.
        Map<String, Object> a = Files.readAttributes(at, "unix:uid,mode,owner,group");
        UserPrincipal owner = (UserPrincipal) a.get("owner");
        boolean trusted = owner.equals(self) || (Integer) a.get("uid") == 0;
        int mode = (Integer) a.get("mode");
        // Asked of the system only for a group-writable directory, the rare case (two short processes).
        boolean privateGroup = (mode & GROUP_WRITE) != 0
                && (mode & OTHER_WRITE) == 0
                && PrivateGroup.isUsersAlone(at, ((UserPrincipal) a.get("group")).getName(), self.getName());
        return new Dir(shown, owner.getName(), trusted, privateGroup, mode);
    }
}
