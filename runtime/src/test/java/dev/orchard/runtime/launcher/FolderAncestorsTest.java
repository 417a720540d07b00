package dev.orchard.runtime.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        return FolderAncestors.judge(List.of(mine(WORK, 0755), shared, mine(SRV, 0755), mine(ROOT, 0755)));
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
        assertTrue(judge(mine(SHARED, 0775)).orElseThrow().contains("is writable by its group without the sticky"));
        assertEquals(Optional.empty(), judge(mine(SHARED, 01775)));
    }

    @Test
    void aGroupWritableFolderOfTheUsersOwnGroupIsSafe() {
        // umask 002 with a group per user (Debian, Fedora): the group is the user alone.
        Dir ownGroup = new Dir(WORK, "alice", true, true, 0775);
        assertEquals(
                Optional.empty(),
                FolderAncestors.judge(List.of(ownGroup, new Dir(SHARED, "alice", true, true, 0775), mine(ROOT, 0755))));
    }

    @Test
    void theFolderItselfMustBeWritableByNobodyElseStickyOrNot() {
        // Another user could plant deploy/ or etc/gosh_profile in it before the runtime makes them.
        for (int mode : new int[] {0777, 01777, 0775}) {
            String why = FolderAncestors.judge(List.of(mine(WORK, mode), mine(ROOT, 0755)))
                    .orElseThrow();
            assertTrue(why.startsWith("the runtime folder /srv/shared/work is writable by "), why);
        }
        String other = FolderAncestors.judge(List.of(new Dir(WORK, "bob", false, false, 0700), mine(ROOT, 0755)))
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
}
