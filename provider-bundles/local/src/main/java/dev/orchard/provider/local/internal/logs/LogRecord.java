package dev.orchard.provider.local.internal.logs;

import java.time.Instant;

/**
 * The head of one record of a log file: {@code <epoch seconds.micros> <tag> }, where the tag is {@code P} for a
 * part of a longer line and {@code F} for a line's last (or only) part; records of earlier versions have no tag
 * and are whole lines. A line that does not start with a time is not the wrapper's: its whole text is kept, and it
 * has no time ({@link Instant#EPOCH}).
 *
 * @param time when the wrapper wrote the record
 * @param partial whether the line goes on in the next record
 * @param textStart where the record's text starts in its bytes
 */
record LogRecord(Instant time, boolean partial, int textStart) {
    /**
     * Reads a record's head.
     *
     * @param bytes the record's first bytes, from the start of its line
     * @return its head
     */
    static LogRecord head(byte[] bytes) {
        int i = 0;
        long seconds = 0;
        while (i < bytes.length && i < 16 && isDigit(bytes[i])) {
            seconds = seconds * 10 + (bytes[i++] - '0'); // 16 digits: within Instant's range, and no overflow
        }
        if (i == 0 || (i < bytes.length && isDigit(bytes[i]))) {
            return new LogRecord(Instant.EPOCH, false, 0);
        }
        long nanos = 0;
        if (i < bytes.length && bytes[i] == '.') {
            i++;
            long scale = 100_000_000L;
            int digits = 0;
            while (i < bytes.length && isDigit(bytes[i])) {
                if (digits++ < 6) { // the wrapper writes microseconds: finer digits are not its
                    nanos += (bytes[i] - '0') * scale;
                    scale /= 10;
                }
                i++;
            }
            if (digits == 0) {
                return new LogRecord(Instant.EPOCH, false, 0);
            }
        }
        if (i >= bytes.length || bytes[i] != ' ') {
            return new LogRecord(Instant.EPOCH, false, 0); // not the wrapper's: keep the line whole
        }
        i++;
        Instant time = Instant.ofEpochSecond(seconds, nanos);
        if (i < bytes.length
                && (bytes[i] == 'P' || bytes[i] == 'F')
                && (i + 1 == bytes.length || bytes[i + 1] == ' ')) {
            return new LogRecord(time, bytes[i] == 'P', Math.min(bytes.length, i + 2));
        }
        return new LogRecord(time, false, i);
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }
}
