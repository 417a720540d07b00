package dev.orchard.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.runtime.control.Frames;
import dev.orchard.runtime.control.Frames.Frame;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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

    @Test
    void aSilentConnectionIsRefusedAndClosedAtTheHandshakeDeadline() throws IOException {
        Path socket = dir.resolve("s");
        try (SocketServer server = new SocketServer(socket, () -> null, null, 300);
                SocketChannel silent = connected(server, socket)) {
            long start = System.nanoTime();
            Frame refused = new Frames(silent).read();
            assertEquals(Frames.REFUSED, refused.type());
            assertEquals("no hello and command came within 300 ms", refused.text());
            assertNull(new Frames(silent).read(), "then closed");
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(3), "at the deadline, not later");
        }
    }

    @Test
    void aClientThatTricklesItsHelloIsClosedAtTheDeadlineAllTheSame() throws Exception {
        Path socket = dir.resolve("s");
        byte[] hello = frame('H', Frames.VERSION);
        try (SocketServer server = new SocketServer(socket, () -> null, null, 500);
                SocketChannel slow = connected(server, socket)) {
            long start = System.nanoTime();
            // One byte every 100 ms: each byte is progress, yet the hello would take 1.4 s.
            for (int i = 0; i < hello.length; i++) {
                try {
                    slow.write(ByteBuffer.wrap(hello, i, 1));
                } catch (IOException closed) {
                    break;
                }
                Thread.sleep(100);
            }
            assertTrue(
                    System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(1_200),
                    "closed before the trickle ended");
            assertEquals(Frames.REFUSED, new Frames(slow).read().type());
        }
    }

    @Test
    void manySilentConnectionsNeitherLockOutARealClientNorHoldAThreadEach() throws Exception {
        Path socket = dir.resolve("s");
        List<SocketChannel> silent = new ArrayList<>();
        try (SocketServer server = new SocketServer(socket, () -> null, null, 60_000)) {
            server.start();
            for (int i = 0; i < 100; i++) {
                silent.add(SocketChannel.open(UnixDomainSocketAddress.of(socket)));
            }
            try (SocketChannel real = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
                Frames frames = new Frames(real);
                frames.write(Frames.HELLO, Frames.VERSION);
                frames.write(Frames.COMMAND, "orchard:providers");
                assertEquals(Frames.HELLO, frames.read().type());
                // Served: with no shell in this test, the command fails as it runs, with exit 1.
                assertEquals(
                        "orchard: the Gogo shell is not running\n",
                        frames.read().text());
                assertEquals(1, frames.read().status());
            }
            long waiting = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("orchard-socket-command"))
                    .count();
            assertTrue(waiting <= SocketServer.MAX_WAITING + 1, waiting + " threads for 100 silent connections");
        } finally {
            for (SocketChannel c : silent) {
                c.close();
            }
        }
    }

    @Test
    void aHelloOfAFullFrameIsRefusedWithAReasonThatFits() throws Exception {
        Path socket = dir.resolve("s");
        try (SocketServer server = new SocketServer(socket, () -> null, null, 5_000);
                SocketChannel client = connected(server, socket)) {
            client.write(ByteBuffer.wrap(frame('H', "v".repeat(Frames.MAX_PAYLOAD))));
            Frame refused = new Frames(client).read();
            assertEquals(Frames.REFUSED, refused.type());
            assertEquals(
                    "this runtime speaks orchard/2 and orchard/1, not \"" + "v".repeat(Frames.MAX_EXCERPT)
                            + "...\" (65536 characters)",
                    refused.text());
            assertNull(new Frames(client).read(), "then closed");
        }
    }

    private static SocketChannel connected(SocketServer server, Path socket) throws IOException {
        server.start();
        return SocketChannel.open(UnixDomainSocketAddress.of(socket));
    }

    private static byte[] frame(char type, String text) {
        byte[] payload = text.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(5 + payload.length)
                .put((byte) type)
                .putInt(payload.length)
                .put(payload)
                .array();
    }
}
