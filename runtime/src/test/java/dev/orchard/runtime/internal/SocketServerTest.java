package dev.orchard.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The control socket on disk: bound at the longest path it may have, owner-only, under its own name alone. */
class SocketServerTest {
    @TempDir
    Path dir;

    @Test
    void aSocketPathOfUpTo102BytesBindsWhateverThePid() throws IOException {
        // The JDK binds at most 106 bytes; the temporary name is 4 longer, so 102 is the longest that binds (the
        // launcher gives at most 100). With the pid in the temporary name it depended on the pid's digits.
        Path folder = Files.createDirectories(dir.resolve("f"));
        int room = 102 - folder.toString().getBytes(StandardCharsets.UTF_8).length - "/".length() - "/socket".length();
        Path socket = Files.createDirectories(folder.resolve("d".repeat(room))).resolve("socket");
        assertEquals(102, socket.toString().getBytes(StandardCharsets.UTF_8).length);
        try (SocketServer server = new SocketServer(socket, () -> null, null)) {
            server.start();
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)));
            try (Stream<Path> files = Files.list(socket.getParent())) {
                assertEquals(List.of(socket), files.toList(), "only the socket, under its own name");
            }
        }
    }
}
