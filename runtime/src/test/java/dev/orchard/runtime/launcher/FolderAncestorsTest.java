package dev.orchard.runtime.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchard.runtime.launcher.FolderAncestors.Dir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderAncestorsTest {
    private static final Path WORK = Path.of("/srv/shared/work");
    private static final Path SHARED = Path.of("/srv/shared");
    private static final Path SRV = Path.of("/srv");
    private static final Path ROOT = Path.of("/");

    @TempDir
    Path temp;

    private static Dir mine(Path p, int mode) {
        return new Dir(p, "alice", true, false, mode);
    }

    private static Optional<String> judge(Dir shared) {
        return FolderAncestors.judge(
                List.of(mine(WORK, 0755), shared, mine(SRV, 0755), mine(ROOT, 0755)), "the runtime folder ");
    }

    @Test
    void foldersOfTheUserOrOfRootWritableByThemAloneAreSafe() {
        assertEquals(Optional.empty(), judge(mine(SHARED, 0755)));
    }

    @Test
    void aParentOfAnotherUserIsRefusedNamingItAndTheUser() {
        assertEquals(
                "/srv/shared, above the runtime folder /srv/shared/work, belongs to bob, who could rename what is in it"
                        + " and so choose what this runtime installs",
                judge(new Dir(SHARED, "bob", false, false, 0755)).orElseThrow().split(";")[0]);
    }

    @Test
    void aParentWritableByOthersIsSafeOnlyWithTheStickyBit() {
        assertTrue(judge(mine(SHARED, 0777)).orElseThrow().contains("is writable by every user without the sticky"));
        assertEquals(Optional.empty(), judge(mine(SHARED, 01777)), "like /tmp: only an entry's owner renames it");
        assertTrue(judge(mine(SHARED, 0775))
                .orElseThrow()
                .contains("is writable by its group (another member, or an ACL: chmod g-w) without the sticky"));
        assertEquals(Optional.empty(), judge(mine(SHARED, 01775)));
    }

    @Test
    void aGroupWriteBitIsOthersWriteUnlessTheGroupIsTheUsersAlone() {
        // With a POSIX ACL the group bits are the ACL's mask (user:bob:rwx shows only there), and a group may have
        // other members: only a group of the user's alone (umask 002 on Debian and Ubuntu) is safe.
        assertTrue(FolderAncestors.judge(List.of(mine(WORK, 0775), mine(ROOT, 0755)), "the runtime folder ")
                .orElseThrow()
                .startsWith("the runtime folder /srv/shared/work is writable by its group (another member, or an ACL"));
        assertEquals(
                Optional.empty(),
                FolderAncestors.judge(
                        List.of(new Dir(WORK, "alice", true, true, 0775), mine(ROOT, 0755)), "the runtime folder "));
    }

    @Test
    void aGroupWritableFolderOfAGroupWithNoOtherMemberIsTheUsersAlone() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "runs as root, whose group is root");
        assumeTrue(Files.readAllLines(Path.of("/etc/group")).contains("root:x:0:"), "root's group has no member here");
        Path dir = Files.createDirectory(temp.resolve("umask002"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxr-x"));
        FolderAncestors.check(dir, dir);
    }

    @Test
    void aGroupOfAnotherNameOrWithAnACLIsNotTheUsersAlone() throws Exception {
        Path dir = Files.createDirectory(temp.resolve("acl"));
        String user = System.getProperty("user.name");
        assertFalse(PrivateGroup.isUsersAlone(dir, "some-other-group", user), "named otherwise");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/setfacl")), "needs setfacl, to give another user an ACL entry");
        Process p = new ProcessBuilder("setfacl", "-m", "u:nobody:rwx", dir.toString()).start();
        assertEquals(0, p.waitFor());
        assertFalse(PrivateGroup.isUsersAlone(dir, user, user), "an ACL entry for nobody");
    }

    @Test
    void theFolderItselfMustBeWritableByNobodyElseStickyOrNot() {
        // Another user could plant deploy/ or etc/gosh_profile in it before the runtime makes them.
        for (int mode : new int[] {0777, 01777, 0775}) {
            String why = FolderAncestors.judge(List.of(mine(WORK, mode), mine(ROOT, 0755)), "the runtime folder ")
                    .orElseThrow();
            assertTrue(why.startsWith("the runtime folder /srv/shared/work is writable by "), why);
        }
        String other = FolderAncestors.judge(
                        List.of(new Dir(WORK, "bob", false, false, 0700), mine(ROOT, 0755)), "the runtime folder ")
                .orElseThrow();
        assertTrue(other.startsWith("the runtime folder /srv/shared/work belongs to bob, who could plant"), other);
    }

    @Test
    void theRealChainOfAFolderOfTheTestsIsRead() throws IOException {
        // The tests' own temporary folders are what CI runs the runtime in: they must pass.
        Path work = Files.createDirectory(temp.resolve("work"));
        FolderAncestors.check(work, work);
        Path open = Files.createDirectory(temp.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path below = Files.createDirectory(open.resolve("below"));
        UnsafeFolderException e = org.junit.jupiter.api.Assertions.assertThrows(
                UnsafeFolderException.class, () -> FolderAncestors.check(below, below));
        assertTrue(e.getMessage().startsWith(open + ", above the runtime folder " + below), e.getMessage());
    }

    @Test
    void aParentOwnedByAnotherUserIsRefusedOnDisk() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root, to give a folder to nobody");
        Path nobodys = Files.createDirectory(temp.resolve("nobodys"));
        Path work = Files.createDirectory(nobodys.resolve("work"));
        Files.setOwner(
                nobodys, temp.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
        UnsafeFolderException e = org.junit.jupiter.api.Assertions.assertThrows(
                UnsafeFolderException.class, () -> FolderAncestors.check(work, work));
        assertTrue(e.getMessage().startsWith(nobodys + ", above the runtime folder " + work + ", belongs to nobody"));
    }

    @Test
    void aFolderInsideThatOthersMayWriteIsRefusedByWhereItLeads() throws IOException {
        Path work = Files.createDirectory(temp.resolve("inside"));
        Path deploy = Files.createDirectory(work.resolve("deploy"));
        FolderAncestors.checkInside(deploy, "the bundles it installs");
        Files.setPosixFilePermissions(deploy, PosixFilePermissions.fromString("rwxrwxrwx"));
        UnsafeFolderException open = org.junit.jupiter.api.Assertions.assertThrows(
                UnsafeFolderException.class, () -> FolderAncestors.checkInside(deploy, "the bundles it installs"));
        assertTrue(
                open.getMessage()
                        .startsWith("the folder " + deploy + " (the bundles it installs), which is "
                                + deploy.toRealPath() + " is writable by every user"),
                open.getMessage());
        // A link is judged by where it leads: here, a folder others may write.
        Path link = Files.createSymbolicLink(work.resolve("etc"), deploy);
        org.junit.jupiter.api.Assertions.assertThrows(
                UnsafeFolderException.class, () -> FolderAncestors.checkInside(link, "the shell's profile"));
        FolderAncestors.checkInside(work.resolve("data"), "absent: nothing to judge");
    }
}
