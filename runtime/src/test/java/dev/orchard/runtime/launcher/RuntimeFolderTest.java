package dev.orchard.runtime.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RuntimeFolderTest {
    @TempDir
    Path folder;

    @Test
    void theRuntimesCornerIsItsOwnersAlone() throws IOException {
        RuntimeFolder f = new RuntimeFolder(folder);
        f.prepare();
        Path dir = folder.resolve(".orchard");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        assertEquals(dir.resolve("lock"), f.lockFile());
        assertEquals(dir.resolve("socket"), f.socket());
    }

    @Test
    void anOpenCornerIsClosedBeforeUse() throws IOException {
        Path dir = Files.createDirectory(folder.resolve(".orchard"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        new RuntimeFolder(folder).prepare();
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
    }

    @Test
    void aLinkOrAFileInItsPlaceIsRefused() throws IOException {
        Path elsewhere = Files.createDirectory(folder.resolve("elsewhere"));
        Path linked = Files.createDirectory(folder.resolve("linked"));
        Files.createSymbolicLink(linked.resolve(".orchard"), elsewhere);
        IOException link = assertThrows(IOException.class, () -> new RuntimeFolder(linked).prepare());
        assertTrue(
                link.getMessage()
                        .endsWith("is not a directory of its own (a link or a file); remove it, or start"
                                + " the runtime in another folder"),
                link.getMessage());
        Path filed = Files.createDirectory(folder.resolve("filed"));
        Files.writeString(filed.resolve(".orchard"), "");
        assertThrows(IOException.class, () -> new RuntimeFolder(filed).prepare());
    }

    @Test
    void theProcesssOwnFolderIsReachedThroughItsWorkingDirectoryNotItsPath() {
        // Relative paths lead into the directory the process started in, whatever is renamed later; the path from /
        // is for messages only.
        RuntimeFolder f = RuntimeFolder.current();
        assertEquals(Path.of(".orchard", "lock"), f.lockFile());
        assertEquals(Path.of(".orchard", "socket"), f.socket());
        assertEquals(Path.of(".orchard", "framework"), f.storage());
        assertEquals(Path.of(".orchard"), f.runtimeDir());
        assertEquals(Path.of("").toAbsolutePath(), f.folder());
        assertEquals(Path.of("").toAbsolutePath().resolve(".orchard/socket"), f.shown(f.socket()));
    }

    @Test
    void theFrameworksStorageGoesWithoutFollowingALink() throws IOException {
        RuntimeFolder f = new RuntimeFolder(folder);
        f.prepare();
        Path victim = Files.createDirectories(folder.resolve("victim/framework/bundle1"));
        Files.writeString(victim.resolve("bundle.info"), "x");
        Files.createSymbolicLink(f.storage(), victim.getParent());
        f.removeStorage();
        assertTrue(Files.notExists(f.storage(), LinkOption.NOFOLLOW_LINKS), "the link itself is removed");
        assertTrue(Files.exists(victim.resolve("bundle.info")), "what it led to is left alone");

        Files.createDirectories(f.storage());
        Files.createSymbolicLink(f.storage().resolve("elsewhere"), victim);
        f.removeStorage();
        assertTrue(Files.notExists(f.storage(), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(victim.resolve("bundle.info")), "a link inside is not followed either");
    }

    @Test
    void aFolderOthersCanWriteInIsRefusedAndNothingIsMadeInIt() throws IOException {
        Path open = Files.createDirectory(folder.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        UnsafeFolderException e = assertThrows(UnsafeFolderException.class, () -> new RuntimeFolder(open).prepare());
        assertTrue(
                e.getMessage().startsWith("the runtime folder " + open + " is writable by every user"), e.getMessage());
        assertTrue(Files.notExists(open.resolve(".orchard")), "nothing made in it");
    }

    @Test
    void aFolderBelowOneOthersCanRenameItsEntriesInIsRefused() throws IOException {
        Path open = Files.createDirectory(folder.resolve("open"));
        Path work = Files.createDirectory(open.resolve("work"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        UnsafeFolderException e = assertThrows(UnsafeFolderException.class, () -> new RuntimeFolder(work).prepare());
        assertTrue(
                e.getMessage()
                        .startsWith(open + ", above the runtime folder " + work + ", is writable by every user without"
                                + " the sticky bit"),
                e.getMessage());
        assertTrue(Files.notExists(work.resolve(".orchard")), "nothing made in it");
    }

    @Test
    void onlyASocketOfItsOwnIsTrustedNotALinkToOneElsewhere() throws IOException {
        RuntimeFolder f = new RuntimeFolder(folder);
        f.prepare();
        assertNull(f.checkSocket(), "no socket: no runtime");
        Path elsewhere = folder.resolve("elsewhere.sock");
        try (ServerSocketChannel other = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            other.bind(UnixDomainSocketAddress.of(elsewhere));
            Files.createSymbolicLink(f.socket(), elsewhere);
            UnsafeFolderException link = assertThrows(UnsafeFolderException.class, f::checkSocket);
            assertTrue(
                    link.getMessage()
                            .endsWith("socket is a link, not a socket; only the folder's runtime makes"
                                    + " it, and nothing may stand in its place; the command was not sent"),
                    link.getMessage());
            Files.delete(f.socket());
            Files.writeString(f.socket(), "");
            assertThrows(UnsafeFolderException.class, f::checkSocket, "a file");
            Files.delete(f.socket());
        }
        try (ServerSocketChannel own = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            own.bind(UnixDomainSocketAddress.of(f.socket()));
            assertNotNull(f.checkSocket());
            assertEquals(f.checkSocket(), f.checkSocket(), "the same socket, the same identity");
        }
    }
}
