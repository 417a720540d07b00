package dev.orchard.provider.local.internal.logs;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Passes a line's bytes through as UTF-8, piece by piece: a character split between two pieces is joined again, and
 * bytes that are no UTF-8 become U+FFFD, so that a binary dump never makes a log unreadable. Not thread-safe.
 */
final class Utf8Cleaner {
    private final CharsetDecoder decoder = StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE);
    private final CharBuffer chars = CharBuffer.allocate(8 * 1024);
    private ByteBuffer carry = ByteBuffer.allocate(0);

    /**
     * Cleans bytes of a line; the end of a character split at the end is kept for the next call.
     *
     * @param bytes the bytes
     * @param off where they start
     * @param len how many there are
     * @param out where the clean bytes go
     */
    void feed(byte[] bytes, int off, int len, ByteArrayOutputStream out) {
        if (!carry.hasRemaining() && ascii(bytes, off, len)) {
            out.write(bytes, off, len); // most logs: nothing to join or replace, and nothing to decode
            return;
        }
        ByteBuffer in = ByteBuffer.allocate(carry.remaining() + len);
        in.put(carry).put(bytes, off, len).flip();
        decode(in, false, out);
        carry = in.slice();
    }

    /**
     * Ends the line: an incomplete character left at its end becomes U+FFFD.
     *
     * @param out where the clean bytes go
     */
    void finish(ByteArrayOutputStream out) {
        decode(carry, true, out);
        while (decoder.flush(chars).isOverflow()) {
            drain(out);
        }
        drain(out);
        decoder.reset();
        carry = ByteBuffer.allocate(0);
    }

    private static boolean ascii(byte[] bytes, int off, int len) {
        for (int i = off; i < off + len; i++) {
            if (bytes[i] < 0) {
                return false;
            }
        }
        return true;
    }

    private void decode(ByteBuffer in, boolean end, ByteArrayOutputStream out) {
        while (decoder.decode(in, chars, end).isOverflow()) {
            drain(out);
        }
        drain(out);
    }

    private void drain(ByteArrayOutputStream out) {
        chars.flip();
        ByteBuffer encoded = StandardCharsets.UTF_8.encode(chars);
        out.write(encoded.array(), encoded.arrayOffset() + encoded.position(), encoded.remaining());
        chars.clear();
    }
}
