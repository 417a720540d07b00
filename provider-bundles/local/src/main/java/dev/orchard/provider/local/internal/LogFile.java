package dev.orchard.provider.local.internal;

import dev.orchard.api.pod.LogOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * A container's log file as the wrapper writes it: one line per output line, {@code <epoch seconds.micros> <text>}.
 * Reading applies the kubelet's options: since, tail, timestamps and limitBytes; following streams new lines
 * until the container has exited for good or the stream is closed.
 */
final class LogFile {
    private LogFile() {}

    /** One parsed line. */
    record Line(Instant time, String text) {}

    static Line parse(String raw) {
        int space = raw.indexOf(' ');
        if (space > 0) {
            try {
                String stamp = raw.substring(0, space);
                int dot = stamp.indexOf('.');
                long seconds = Long.parseLong(dot < 0 ? stamp : stamp.substring(0, dot));
                long micros = dot < 0 ? 0 : Long.parseLong((stamp.substring(dot + 1) + "000000").substring(0, 6));
                return new Line(Instant.ofEpochSecond(seconds, micros * 1000), raw.substring(space + 1));
            } catch (NumberFormatException e) {
                // not written by the wrapper: keep the line whole
            }
        }
        return new Line(Instant.EPOCH, raw);
    }

    static String format(Line line, boolean timestamps) {
        return timestamps ? DateTimeFormatter.ISO_INSTANT.format(line.time()) + " " + line.text() + "\n"
                : line.text() + "\n";
    }

    static List<Line> read(Path file) throws IOException {
        List<Line> lines = new ArrayList<>();
        if (!Files.exists(file)) {
            return lines;
        }
        for (String raw : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            lines.add(parse(raw));
        }
        return lines;
    }

    /** What a non-following read returns. */
    static byte[] select(List<Line> lines, LogOptions options, Instant now) {
        Optional<Instant> since = options.since(now);
        List<Line> kept = new ArrayList<>();
        for (Line l : lines) {
            if (since.isEmpty() || !l.time().isBefore(since.get())) {
                kept.add(l);
            }
        }
        int from = options.tail().isPresent() ? Math.max(0, kept.size() - options.tail().getAsInt()) : 0;
        StringBuilder b = new StringBuilder();
        for (Line l : kept.subList(from, kept.size())) {
            b.append(format(l, options.timestamps()));
        }
        byte[] bytes = b.toString().getBytes(StandardCharsets.UTF_8);
        if (options.limitBytes().isPresent() && bytes.length > options.limitBytes().getAsLong()) {
            byte[] cut = new byte[(int) options.limitBytes().getAsLong()];
            System.arraycopy(bytes, 0, cut, 0, cut.length);
            return cut;
        }
        return bytes;
    }

    /**
     * A stream of the selected lines followed by every later line, until {@code ended} says the container exited
     * for good and the file is drained, or the stream is closed; limitBytes still applies.
     */
    static InputStream follow(Path file, LogOptions options, Instant now, BooleanSupplier ended) throws IOException {
        List<Line> lines = read(file);
        byte[] first = select(lines, LogOptions.builder().timestamps(options.timestamps())
                .tail(options.tail().orElse(Integer.MAX_VALUE)).build(), now);
        long offset = Files.exists(file) ? Files.size(file) : 0;
        return new InputStream() {
            private byte[] buffer = first;
            private int pos;
            private long position = offset;
            private long sent;
            private final long limit = options.limitBytes().orElse(Long.MAX_VALUE);
            private final StringBuilder partial = new StringBuilder();
            private volatile boolean closed;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                int n = read(one, 0, 1);
                return n < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                while (pos >= buffer.length) {
                    if (closed || sent >= limit) {
                        return -1;
                    }
                    boolean done = ended.getAsBoolean();
                    if (!poll() && done) {
                        return -1;
                    }
                    if (pos >= buffer.length) {
                        try {
                            Thread.sleep(100);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return -1;
                        }
                    }
                }
                int n = (int) Math.min(Math.min(len, buffer.length - pos), limit - sent);
                System.arraycopy(buffer, pos, b, off, n);
                pos += n;
                sent += n;
                return n;
            }

            // Reads complete new lines; returns whether any arrived.
            private boolean poll() throws IOException {
                if (!Files.exists(file)) {
                    return false;
                }
                try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
                    if (raf.length() < position) {
                        position = 0; // rotated: the container restarted
                    }
                    if (raf.length() == position) {
                        return false;
                    }
                    raf.seek(position);
                    byte[] chunk = new byte[(int) Math.min(raf.length() - position, 1 << 20)];
                    raf.readFully(chunk);
                    position += chunk.length;
                    partial.append(new String(chunk, StandardCharsets.UTF_8));
                }
                StringBuilder out = new StringBuilder();
                int nl;
                while ((nl = partial.indexOf("\n")) >= 0) {
                    out.append(format(parse(partial.substring(0, nl)), options.timestamps()));
                    partial.delete(0, nl + 1);
                }
                buffer = out.toString().getBytes(StandardCharsets.UTF_8);
                pos = 0;
                return buffer.length > 0;
            }

            @Override
            public void close() {
                closed = true;
            }
        };
    }
}
