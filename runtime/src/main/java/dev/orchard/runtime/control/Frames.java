package dev.orchard.runtime.control;

import java.io.EOFException;
import java.io.IOException;
import java.net.ProtocolException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/**
 * The control socket's protocol, {@value #VERSION} (and {@value #VERSION_1}, the same without input): the frames that
 * {@code -c} and a running runtime exchange over the Unix domain socket in the runtime's folder.
 *
 * <p>A frame is a type (one ASCII letter), the length of its payload (4 bytes, big-endian, 0 to {@value
 * #MAX_PAYLOAD}) and the payload. The client sends {@link #HELLO} with the version it speaks, then (once the runtime's
 * hello came, in {@code -c}) one {@link #COMMAND} with the command line in UTF-8, then any number of {@link
 * #INTERRUPT} (Ctrl-C) and, in {@value #VERSION}, its input: {@link #STDIN} frames, at most {@value #INPUT_WINDOW}
 * bytes ahead of what the runtime has credited ({@link #STDIN_CREDIT}), and one {@link #STDIN_END}. The runtime
 * answers {@link #HELLO} with the version the client asked for, then an empty {@link #STDOUT} when the command starts,
 * then {@link #STDOUT} and {@link #STDERR} with the bytes the command prints and, in {@value #VERSION}, {@link
 * #STDIN_CREDIT} as the command reads its input, and ends with {@link #EXIT} (the exit status, 4 bytes big-endian) and
 * closes. A runtime that does not accept a frame (an unknown type or version, a frame out of order or too long, input
 * beyond the window) answers {@link #REFUSED} with the reason in UTF-8 ({@link #refuse}, which always fits) and
 * closes; a client does the same with a runtime's answer it does not know. Nothing else is defined, so anything else
 * is refused.
 *
 * <p>Reads and writes may run on different threads; writes from several threads (a command's output and its error
 * stream) are whole frames, never interleaved.
 */
public final class Frames {
    /** The protocol and its newest version, the payload of {@link #HELLO}: with input. */
    public static final String VERSION = "orchard/2";

    /** The first version, which a runtime still speaks to older clients: no input frames. */
    public static final String VERSION_1 = "orchard/1";

    /** Opens a connection, both ways: the payload is {@link #VERSION}. */
    public static final byte HELLO = 'H';
    /** Client: the command line to run, in UTF-8. */
    public static final byte COMMAND = 'C';
    /** Client: end the running command, as Ctrl-C would; empty. */
    public static final byte INTERRUPT = 'I';
    /** Client, {@value #VERSION}: bytes of the command's input, 1 to {@value #MAX_PAYLOAD}. */
    public static final byte STDIN = 'N';
    /** Client, {@value #VERSION}: the command's input ended (Ctrl-D, end of file); empty; at most once. */
    public static final byte STDIN_END = 'D';
    /**
     * Runtime, {@value #VERSION}: the command read this many bytes of its input (4 bytes big-endian), which the client
     * may send more of.
     */
    public static final byte STDIN_CREDIT = 'W';
    /** Runtime: bytes the command printed on its output. */
    public static final byte STDOUT = 'O';
    /** Runtime: bytes the command printed on its error stream. */
    public static final byte STDERR = 'E';
    /** Runtime: the command ended; the payload is its exit status, 4 bytes big-endian. The last frame. */
    public static final byte EXIT = 'X';
    /** Either side: what the other sent is not accepted; the payload says why, in UTF-8. The last frame. */
    public static final byte REFUSED = 'R';

    /** The longest payload of one frame, in bytes; longer output is sent in several frames. */
    public static final int MAX_PAYLOAD = 65536;

    /**
     * The most bytes of input a client may have sent that the runtime has not credited yet: all a runtime holds of a
     * command's input that the command did not read.
     */
    public static final int INPUT_WINDOW = 65536;

    /** The most characters of what the other side sent that a refusal repeats ({@link #excerpt}). */
    public static final int MAX_EXCERPT = 64;

    private static final int HEADER = 5;
    private static final String CUT = "...";

    private final SocketChannel channel;
    private final ByteBuffer readHeader = ByteBuffer.allocate(HEADER);
    private final ByteBuffer writeHeader = ByteBuffer.allocate(HEADER);
    private final Object writeLock = new Object();

    /**
     * Frames over a connected channel in blocking mode.
     *
     * @param channel the connection
     */
    public Frames(SocketChannel channel) {
        this.channel = channel;
    }

    /**
     * Reads the next frame. Only one thread reads.
     *
     * @return the frame, or null if the other side closed the connection between frames
     * @throws EOFException if the connection closed inside a frame
     * @throws ProtocolException if the frame's length is negative or over {@value #MAX_PAYLOAD}
     * @throws IOException if reading fails
     */
    public Frame read() throws IOException {
        readHeader.clear();
        if (!fill(readHeader, true)) {
            return null;
        }
        readHeader.flip();
        byte type = readHeader.get();
        int length = readHeader.getInt();
        if (length < 0 || length > MAX_PAYLOAD) {
            throw new ProtocolException("a frame of type " + describe(type) + " is " + Integer.toUnsignedString(length)
                    + " bytes long; at most " + MAX_PAYLOAD + " are allowed");
        }
        ByteBuffer payload = ByteBuffer.allocate(length);
        fill(payload, false);
        return new Frame(type, payload.array());
    }

    /**
     * Writes bytes as frames of one type: output ({@link #STDOUT}, {@link #STDERR}) as many as their length needs
     * (one for none), any other type as one frame.
     *
     * @param type the frame type
     * @param bytes the bytes
     * @param offset where they start
     * @param length how many
     * @throws IllegalArgumentException if a frame other than output would be longer than {@value #MAX_PAYLOAD}
     *     bytes: split, the other side would read its first part as the whole (e.g. a command cut short)
     * @throws IOException if writing fails, e.g. the other side went away
     */
    public void write(byte type, byte[] bytes, int offset, int length) throws IOException {
        if (length > MAX_PAYLOAD && type != STDOUT && type != STDERR) {
            throw new IllegalArgumentException("a frame of type " + describe(type) + " cannot carry " + length
                    + " bytes; at most " + MAX_PAYLOAD + " are allowed, and only output is split into several frames");
        }
        synchronized (writeLock) {
            int at = offset;
            int left = length;
            do {
                int n = Math.min(left, MAX_PAYLOAD);
                writeHeader.clear();
                writeHeader.put(type).putInt(n).flip();
                ByteBuffer[] frame = {writeHeader, ByteBuffer.wrap(bytes, at, n)};
                while (frame[0].hasRemaining() || frame[1].hasRemaining()) {
                    channel.write(frame);
                }
                at += n;
                left -= n;
            } while (left > 0);
        }
    }

    /**
     * Writes a frame whose payload is text in UTF-8.
     *
     * @param type the frame type
     * @param text the text
     * @throws IOException if writing fails
     */
    public void write(byte type, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        write(type, bytes, 0, bytes.length);
    }

    /**
     * Writes a {@link #REFUSED} frame. The reason always fits one frame: a longer one is cut at a character's
     * boundary (and ends with {@code ...}), so that refusing never fails because of what is refused.
     *
     * @param why the reason
     * @throws IOException if writing fails
     */
    public void refuse(String why) throws IOException {
        byte[] bytes = fitting(why);
        write(REFUSED, bytes, 0, bytes.length);
    }

    // The reason in UTF-8, cut to MAX_PAYLOAD bytes at a character's boundary.
    static byte[] fitting(String why) {
        byte[] bytes = why.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= MAX_PAYLOAD) {
            return bytes;
        }
        int end = MAX_PAYLOAD - CUT.length();
        while ((bytes[end] & 0xc0) == 0x80) {
            end--; // a continuation byte: the character starts before it
        }
        byte[] cut = new byte[end + CUT.length()];
        System.arraycopy(bytes, 0, cut, 0, end);
        System.arraycopy(CUT.getBytes(StandardCharsets.US_ASCII), 0, cut, end, CUT.length());
        return cut;
    }

    /**
     * What the other side sent, as a message may repeat it: quoted, at most {@value #MAX_EXCERPT} characters, control
     * characters as Java escapes (backslash, u, four hex digits); longer text is cut and says how long it was. Input
     * is never repeated unbounded: it may be as long as a frame, and a refusal that repeats it would not fit its own.
     *
     * @param text the untrusted text
     * @return e.g. {@code "orchard/2"}, or {@code "xxxx..." (65536 characters)}
     */
    public static String excerpt(String text) {
        StringBuilder b = new StringBuilder("\"");
        int shown = Math.min(text.length(), MAX_EXCERPT);
        for (int i = 0; i < shown; i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f || Character.isSurrogate(c)) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        b.append(text.length() > shown ? CUT + "\" (" + text.length() + " characters)" : "\"");
        return b.toString();
    }

    /**
     * Writes the {@link #EXIT} frame.
     *
     * @param status the exit status
     * @throws IOException if writing fails
     */
    public void writeExit(int status) throws IOException {
        writeInt(EXIT, status);
    }

    /**
     * Writes a frame whose payload is one number, 4 bytes big-endian ({@link #EXIT}, {@link #STDIN_CREDIT}).
     *
     * @param type the frame type
     * @param value the number
     * @throws IOException if writing fails
     */
    public void writeInt(byte type, int value) throws IOException {
        write(type, ByteBuffer.allocate(4).putInt(value).array(), 0, 4);
    }

    /**
     * A frame type as a message shows it.
     *
     * @param type the type byte
     * @return e.g. {@code 'C'}, or the byte's value if it is no printable ASCII letter
     */
    public static String describe(byte type) {
        return type >= 0x21 && type < 0x7f ? "'" + (char) type + "'" : "0x" + Integer.toHexString(type & 0xff);
    }

    // Reads until the buffer is full; returns false if the channel ended before the first byte and that is allowed.
    private boolean fill(ByteBuffer buffer, boolean endAllowed) throws IOException {
        while (buffer.hasRemaining()) {
            if (channel.read(buffer) < 0) {
                if (endAllowed && buffer.position() == 0) {
                    return false;
                }
                throw new EOFException("the connection closed inside a frame, " + buffer.remaining() + " bytes short");
            }
        }
        return true;
    }

    /**
     * One frame as read: its type and payload.
     */
    public static final class Frame {
        private final byte type;
        private final byte[] payload;

        Frame(byte type, byte[] payload) {
            this.type = type;
            this.payload = payload;
        }

        /**
         * The frame's type.
         *
         * @return one of the type constants of {@link Frames}, or a byte the protocol does not know
         */
        public byte type() {
            return type;
        }

        /**
         * The payload's length.
         *
         * @return bytes
         */
        public int length() {
            return payload.length;
        }

        /**
         * The payload as UTF-8 text.
         *
         * @return the text
         */
        public String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }

        /**
         * The payload of an {@link #EXIT} frame.
         *
         * @return the exit status
         * @throws ProtocolException if the payload is not 4 bytes
         */
        public int status() throws ProtocolException {
            return number();
        }

        /**
         * The payload of a frame that holds one number ({@link #EXIT}, {@link #STDIN_CREDIT}).
         *
         * @return the number
         * @throws ProtocolException if the payload is not 4 bytes
         */
        public int number() throws ProtocolException {
            if (payload.length != 4) {
                throw new ProtocolException(
                        "a frame of type " + describe(type) + " holds 4 bytes, this one " + payload.length);
            }
            return ByteBuffer.wrap(payload).getInt();
        }

        /**
         * The payload itself, not a copy: for the one reader that takes the frame over.
         *
         * @return the bytes
         */
        public byte[] bytes() {
            return payload;
        }

        /**
         * Copies the payload to a stream.
         *
         * @param out where to
         * @throws IOException if writing fails
         */
        public void writeTo(java.io.OutputStream out) throws IOException {
            out.write(payload);
        }
    }
}
