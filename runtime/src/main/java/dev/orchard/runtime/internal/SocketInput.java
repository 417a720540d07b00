package dev.orchard.runtime.internal;

import dev.orchard.runtime.control.Frames;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.function.IntConsumer;

/**
 * The input of a command run through the control socket: the bytes of the client's input frames ({@link
 * Frames#STDIN}), held until the command reads them, then its end ({@link Frames#STDIN_END}). It holds at most {@value
 * Frames#INPUT_WINDOW} bytes: the client sends no more than that ahead of what the command has read, which it learns
 * from the credit each read gives back ({@link Frames#STDIN_CREDIT}). So a client whose command never reads its input
 * costs the runtime one window, and the connection's reader never waits for the command: an interrupt behind the
 * input is always read.
 */
final class SocketInput extends InputStream {
    private final byte[] ring = new byte[Frames.INPUT_WINDOW];
    private final IntConsumer credit;
    // Guarded by this.
    private int start;
    private int count;
    private boolean ended;
    private boolean closed;

    /**
     * An empty input.
     *
     * @param credit told how many bytes each read took, to be credited to the client
     */
    SocketInput(IntConsumer credit) {
        this.credit = credit;
    }

    /**
     * Adds the bytes of an input frame, from the connection's reader.
     *
     * @param bytes the payload
     * @return null if they were taken (or dropped, the command having ended); else why not: the client sent more than
     *     the window or after the input's end
     */
    synchronized String offer(byte[] bytes) {
        if (ended) {
            return "an input frame ('N') came after the input's end ('D')";
        }
        if (bytes.length > ring.length - count) {
            return "the client sent " + (count + bytes.length) + " bytes of input the command has not read; at most "
                    + Frames.INPUT_WINDOW + " are allowed before the runtime credits them ('W')";
        }
        if (closed) {
            return null; // the command ended or stopped reading: nobody will read them
        }
        for (byte b : bytes) {
            ring[(start + count++) % ring.length] = b;
        }
        notifyAll();
        return null;
    }

    /**
     * The input ended: once the bytes held are read, a read returns the end of the stream.
     *
     * @return null, or why the end is not accepted: it came twice
     */
    synchronized String end() {
        if (ended) {
            return "the input's end ('D') came twice";
        }
        ended = true;
        notifyAll();
        return null;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        int n;
        synchronized (this) {
            while (count == 0 && !ended && !closed) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    // The command was interrupted (Ctrl-C), or its reader ended when the command did.
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("the read of the command's input was interrupted");
                }
            }
            if (count == 0) {
                return -1;
            }
            n = Math.min(len, count);
            for (int i = 0; i < n; i++) {
                b[off + i] = ring[(start + i) % ring.length];
            }
            start = (start + n) % ring.length;
            count -= n;
        }
        credit.accept(n); // outside the lock: it writes to the connection, which may wait for the client
        return n;
    }

    @Override
    public synchronized int available() {
        return count;
    }

    /** Ends the input for its readers, e.g. once the command ended: they read its end; later input is dropped. */
    @Override
    public synchronized void close() {
        closed = true;
        count = 0;
        notifyAll();
    }
}
