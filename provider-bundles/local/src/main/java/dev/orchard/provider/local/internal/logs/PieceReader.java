package dev.orchard.provider.local.internal.logs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Reads a log file's lines in order, in pieces of at most {@value #MAX_PIECE} bytes, so that a line of any length
 * (one that an earlier version wrote whole, or a file someone else wrote) never needs more memory than one piece.
 * Not thread-safe.
 */
final class PieceReader {
    /** The most bytes of a line in one piece. */
    static final int MAX_PIECE = 64 * 1024;

    /**
     * A piece of one line of the file, without its newline.
     *
     * @param bytes the bytes
     * @param first whether it starts the line, so it begins with the record's time and tag
     * @param last whether it ends the line
     */
    record Piece(byte[] bytes, boolean first, boolean last) {}

    private final FileChannel channel;
    private final byte[] buffer = new byte[MAX_PIECE];
    private long position;
    private int start; // where the current line's bytes start in the buffer
    private int pending; // bytes of the current line read but not yet returned, from start
    private int scanned; // how many of them are known to hold no newline
    private boolean midLine; // a piece of the current line was returned already

    /**
     * A reader from a position of a file.
     *
     * @param channel the file, open for reading; the caller closes it
     * @param from where to start
     */
    PieceReader(FileChannel channel, long from) {
        this.channel = channel;
        this.position = from;
    }

    /**
     * The next piece, reading no further than a limit.
     *
     * @param limit the position not to read beyond
     * @param flush whether a line that has no newline yet at the limit is complete (the file is done): else it
     *     is left for a later call, when more may have been written
     * @return the piece, or null if none is ready
     * @throws IOException if the file cannot be read
     */
    Piece next(long limit, boolean flush) throws IOException {
        while (true) {
            for (int i = scanned; i < pending; i++) {
                if (buffer[start + i] == '\n') {
                    return take(i, i + 1, true);
                }
            }
            scanned = pending;
            if (pending == MAX_PIECE) {
                return take(pending, pending, false);
            }
            if (start > 0) { // the held bytes move to the front only when more must be read behind them
                System.arraycopy(buffer, start, buffer, 0, pending);
                start = 0;
            }
            int n = position >= limit
                    ? -1
                    : channel.read(
                            ByteBuffer.wrap(buffer, pending, (int) Math.min(MAX_PIECE - pending, limit - position)),
                            position);
            if (n <= 0) {
                return flush && (pending > 0 || midLine) ? take(pending, pending, true) : null;
            }
            position += n;
            pending += n;
        }
    }

    /** Whether a line is under way: part of it was returned, or read and held. */
    boolean midLine() {
        return midLine || pending > 0;
    }

    /** Where the reader is in the file: what it has read, held bytes included. */
    long position() {
        return position;
    }

    private Piece take(int length, int consumed, boolean last) {
        byte[] bytes = new byte[length];
        System.arraycopy(buffer, start, bytes, 0, length);
        // The rest stays where it is: moving it for every line made reading many short lines quadratic.
        start = pending == consumed ? 0 : start + consumed;
        pending -= consumed;
        scanned = 0;
        Piece p = new Piece(bytes, !midLine, last);
        midLine = !last;
        return p;
    }
}
