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
    void aSocketPathTooLongForUnixIsTakenRelativeToTheFolder() throws IOException {
        Path deep = Files.createDirectories(folder.resolve("a".repeat(60)).resolve("b".repeat(60)));
        assertEquals(Path.of(".orchard", "socket"), new RuntimeFolder(deep).socket());
    }

    @Test
    void theFrameworksStorageGoesAfterAStop() throws IOException {
        RuntimeFolder f = new RuntimeFolder(folder);
        f.prepare();
        Files.createDirectories(f.storage().resolve("bundle1/version0.0"));
        Files.writeString(f.storage().resolve("bundle1/version0.0/bundle.jar"), "x");
        f.removeStorage();
        assertTrue(Files.notExists(f.storage()));
        assertTrue(Files.isDirectory(folder.resolve(".orchard")), "the lock and the socket's folder stay");
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
