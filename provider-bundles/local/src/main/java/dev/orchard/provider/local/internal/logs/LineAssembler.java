package dev.orchard.provider.local.internal.logs;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * Joins a log's records into the lines the container printed, and writes them out as the kubelet's options say. A
 * line's time is that of its first part: {@code since} selects lines by it, a skip count leaves out the first
 * selected lines (for {@code tail}), and {@code timestamps} puts it in front of the line. Only the piece at hand is
 * ever in memory. Not thread-safe.
 */
final class LineAssembler {
    private final Optional<Instant> since;
    private final boolean timestamps;
    private final Utf8Cleaner utf8 = new Utf8Cleaner();
    private long skip;
    private long selectedLines;
    private boolean inLine; // a line is under way: a part of it came, its last part has not
    private boolean writing; // the line under way is written out
    private boolean partial; // the record under way is a part of a longer line

    /**
     * Creates the assembler.
     *
     * @param since the earliest time of a line to select, or empty for all
     * @param timestamps whether each line starts with its time
     * @param skip how many of the selected lines to leave out first
     */
    LineAssembler(Optional<Instant> since, boolean timestamps, long skip) {
        this.since = since;
        this.timestamps = timestamps;
        this.skip = skip;
    }

    /**
     * Takes the next piece of the file.
     *
     * @param piece the piece
     * @param out where what it adds to the output goes, or null to count the lines only
     */
    void accept(PieceReader.Piece piece, ByteArrayOutputStream out) {
        byte[] bytes = piece.bytes();
        int from = 0;
        if (piece.first()) {
            LogRecord head = LogRecord.head(bytes);
            from = head.textStart();
            partial = head.partial();
            if (!inLine) {
                start(head.time(), out);
            }
        }
        if (writing && out != null) {
            utf8.feed(bytes, from, bytes.length - from, out);
        }
        if (piece.last() && !partial) {
            end(out);
        }
    }

    /**
     * Ends a line whose last part never came (the file ends in the middle of it): it is still a line.
     *
     * @param out where the output goes, or null
     */
    void finish(ByteArrayOutputStream out) {
        if (inLine) {
            end(out);
        }
    }

    /**
     * How many lines were selected so far, those skipped included.
     *
     * @return the count
     */
    long selectedLines() {
        return selectedLines;
    }

    private void start(Instant time, ByteArrayOutputStream out) {
        inLine = true;
        writing = false;
        if (since.isPresent() && time.isBefore(since.get())) {
            return;
        }
        selectedLines++;
        if (skip > 0) {
            skip--;
            return;
        }
        writing = true;
        if (timestamps && out != null) {
            out.writeBytes((DateTimeFormatter.ISO_INSTANT.format(time) + " ").getBytes(StandardCharsets.UTF_8));
        }
    }

    private void end(ByteArrayOutputStream out) {
        if (writing && out != null) {
            utf8.finish(out);
            out.write('\n');
        }
        inLine = false;
        writing = false;
        partial = false;
    }
}
