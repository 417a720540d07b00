package dev.orchard.runtime.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.runtime.control.Frames.Frame;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.ProtocolException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The control socket's frames over a real Unix domain socket. */
class FramesTest {
    @TempDir
    Path dir;

    private SocketChannel client;
    private SocketChannel server;

    @BeforeEach
    void connect() throws IOException {
        UnixDomainSocketAddress address = UnixDomainSocketAddress.of(dir.resolve("s"));
        try (ServerSocketChannel listening = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            listening.bind(address);
            client = SocketChannel.open(address);
            server = listening.accept();
        }
    }

    @AfterEach
    void close() throws IOException {
        client.close();
        server.close();
    }

    @Test
    void aCommandLongerThanOneFrameIsRefusedNotSplit() throws IOException {
        Frames out = new Frames(client);
        String command = "echo " + "x".repeat(Frames.MAX_PAYLOAD);
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> out.write(Frames.COMMAND, command));
        assertEquals(
                "a frame of type 'C' cannot carry 65541 bytes; at most 65536 are allowed, and only output is split into"
                        + " several frames",
                refused.getMessage());
        // Nothing was sent: the next frame the other side reads is the next one written.
        out.write(Frames.COMMAND, "echo short");
        assertEquals("echo short", new Frames(server).read().text());
    }

    @Test
    void framesCarryTheirTypeAndPayloadAndUtf8Text() throws IOException {
        Frames out = new Frames(client);
        Frames in = new Frames(server);
        out.write(Frames.HELLO, Frames.VERSION);
        out.write(Frames.COMMAND, "orchard:pod-run local u echo héllo");
        out.write(Frames.INTERRUPT, new byte[0], 0, 0);
        out.writeExit(3);
        Frame hello = in.read();
        assertEquals(Frames.HELLO, hello.type());
        assertEquals("orchard/2", hello.text());
        assertEquals("orchard:pod-run local u echo héllo", in.read().text());
        assertEquals(0, in.read().length());
        assertEquals(3, in.read().status());
    }

    @Test
    void outputLongerThanAFrameIsSentInSeveral() throws IOException {
        byte[] big = new byte[Frames.MAX_PAYLOAD * 2 + 10];
        Arrays.fill(big, (byte) 'x');
        Thread writer = new Thread(() -> {
            try {
                new Frames(server).write(Frames.STDOUT, big, 0, big.length);
                server.shutdownOutput();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        writer.start();
        Frames in = new Frames(client);
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        int frames = 0;
        for (Frame f; (f = in.read()) != null; frames++) {
            assertEquals(Frames.STDOUT, f.type());
            f.writeTo(got);
        }
        assertEquals(3, frames);
        assertArrayEquals(big, got.toByteArray());
    }

    @Test
    void aFrameLongerThanAllowedIsRefusedBeforeItsPayloadIsRead() throws IOException {
        client.write(ByteBuffer.allocate(5)
                .put((byte) 'C')
                .putInt(Frames.MAX_PAYLOAD + 1)
                .flip());
        ProtocolException e = assertThrows(ProtocolException.class, () -> new Frames(server).read());
        assertEquals("a frame of type 'C' is 65537 bytes long; at most 65536 are allowed", e.getMessage());
        client.write(ByteBuffer.allocate(5).put((byte) 0).putInt(-1).flip());
        assertThrows(ProtocolException.class, () -> new Frames(server).read());
    }

    @Test
    void theEndBetweenFramesIsNoFrameAndInsideOneIsAnError() throws IOException {
        client.write(ByteBuffer.allocate(5).put((byte) 'O').putInt(4).flip());
        client.write(ByteBuffer.wrap(new byte[] {1, 2}));
        client.shutdownOutput();
        assertThrows(EOFException.class, () -> new Frames(server).read());
        server.shutdownOutput();
        assertNull(new Frames(client).read(), "a connection closed between frames");
    }

    @Test
    void anExitFrameHoldsFourBytes() throws IOException {
        new Frames(client).write(Frames.EXIT, new byte[] {1}, 0, 1);
        assertThrows(ProtocolException.class, () -> new Frames(server).read().status());
    }

    @Test
    void aRefusalAlwaysFitsItsFrameCutAtACharacter() throws IOException {
        // A reason longer than a frame, with a 2-byte character across the cut: it used to throw instead of refusing.
        String why = "x".repeat(Frames.MAX_PAYLOAD - 4) + "é".repeat(10);
        new Frames(server).refuse(why);
        Frame refused = new Frames(client).read();
        assertEquals(Frames.REFUSED, refused.type());
        assertTrue(refused.length() <= Frames.MAX_PAYLOAD, "fits one frame: " + refused.length());
        // The cut falls inside the first 'é' (bytes 65532 and 65533): it goes before it, never through it.
        assertEquals("x".repeat(Frames.MAX_PAYLOAD - 4) + "...", refused.text(), "cut between characters");
        new Frames(server).refuse("short");
        assertEquals("short", new Frames(client).read().text(), "a short reason is whole");
    }

    @Test
    void anExcerptOfUntrustedTextIsQuotedShortAndPrintable() {
        assertEquals("\"orchard/2\"", Frames.excerpt("orchard/2"));
        assertEquals("\"a\\u001b[2Jb\"", Frames.excerpt("a\u001b[2Jb"), "no terminal escapes repeated");
        String huge = Frames.excerpt("y".repeat(Frames.MAX_PAYLOAD));
        assertEquals("\"" + "y".repeat(Frames.MAX_EXCERPT) + "...\" (65536 characters)", huge);
    }
}
