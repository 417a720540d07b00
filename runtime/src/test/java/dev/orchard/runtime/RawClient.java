package dev.orchard.runtime;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** A client of the control socket that writes raw bytes, as a buggy or hostile client would. */
final class RawClient {
    private RawClient() {}

    /**
     * Sends raw bytes and returns the runtime's first answer after its hello and the command's start (an empty
     * output frame): "R:reason" for a refusal, "X:status" for an exit, "O:text" / "E:text" for output.
     *
     * @param folder the runtime's folder
     * @param bytes what to send
     * @return the answer, or "closed without an answer"
     */
    static String exchange(Path folder, byte[] bytes) throws IOException {
        try (SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            c.connect(UnixDomainSocketAddress.of(folder.resolve(".orchard/socket")));
            c.write(ByteBuffer.wrap(bytes));
            while (true) {
                ByteBuffer header = ByteBuffer.allocate(5);
                while (header.hasRemaining()) {
                    if (c.read(header) < 0) {
                        return "closed without an answer";
                    }
                }
                header.flip();
                char type = (char) header.get();
                ByteBuffer payload = ByteBuffer.allocate(header.getInt());
                while (payload.hasRemaining() && c.read(payload) >= 0) {
                    // read it whole
                }
                String text = type == 'X'
                        ? Integer.toString(ByteBuffer.wrap(payload.array()).getInt())
                        : new String(payload.array(), StandardCharsets.UTF_8);
                if (type == 'H' && !text.matches("orchard/[12]")) {
                    throw new AssertionError("the runtime's hello is " + text);
                }
                if (type != 'H' && !(type == 'O' && text.isEmpty())) {
                    return type + ":" + text;
                }
            }
        }
    }

    /** A frame: type, length, payload in UTF-8. */
    static byte[] frame(char type, String text) {
        byte[] payload = text.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(5 + payload.length)
                .put((byte) type)
                .putInt(payload.length)
                .put(payload)
                .array();
    }

    static byte[] concat(byte[] a, byte[] b) {
        return ByteBuffer.allocate(a.length + b.length).put(a).put(b).array();
    }

    /** A connection that sends nothing. */
    static SocketChannel silent(Path folder) throws IOException {
        return SocketChannel.open(UnixDomainSocketAddress.of(folder.resolve(".orchard/socket")));
    }
}
