package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.pod.LogOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
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
        return timestamps
                ? DateTimeFormatter.ISO_INSTANT.format(line.time()) + " " + line.text() + "\n"
                : line.text() + "\n";
    }

    static List<Line> read(Path file) throws IOException {
        if (!Files.exists(file)) {
            return new ArrayList<>();
        }
        byte[] bytes = Files.readAllBytes(file);
        List<Line> lines = lines(bytes, bytes.length);
        int end = lastNewline(bytes, bytes.length) + 1;
        if (end < bytes.length) {
            lines.add(parse(new String(bytes, end, bytes.length - end, StandardCharsets.UTF_8)));
        }
        return lines;
    }

    // The complete lines in bytes[0, length). Lines end at '\n' only, as the wrapper writes them: a '\r' stays
    // in its line, and bytes that are no UTF-8 become U+FFFD instead of making the log unreadable.
    private static List<Line> lines(byte[] bytes, int length) {
        List<Line> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < length; i++) {
            if (bytes[i] == '\n') {
                lines.add(parse(new String(bytes, start, i - start, StandardCharsets.UTF_8)));
                start = i + 1;
            }
        }
        return lines;
    }

    private static int lastNewline(byte[] bytes, int length) {
        for (int i = length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
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
        int from = options.tail().isPresent()
                ? Math.max(0, kept.size() - options.tail().getAsInt())
                : 0;
        StringBuilder b = new StringBuilder();
        for (Line l : kept.subList(from, kept.size())) {
            b.append(format(l, options.timestamps()));
        }
        byte[] bytes = b.toString().getBytes(StandardCharsets.UTF_8);
        if (options.limitBytes().isPresent()
                && bytes.length > options.limitBytes().getAsLong()) {
            byte[] cut = new byte[(int) options.limitBytes().getAsLong()];
            System.arraycopy(bytes, 0, cut, 0, cut.length);
            return cut;
        }
        return bytes;
    }

    /**
     * A stream of the selected lines followed by every later line, until {@code ended} says the container exited
     * for good and the file is drained, or the stream is closed; since and limitBytes still apply. When the file
     * is renamed away (a restart or a rotation) and a new one takes its name, the old one is read to its end and
     * the new one from its start.
     */
    static InputStream follow(Path file, LogOptions options, Instant now, BooleanSupplier ended) throws IOException {
        return new Follow(file, options, now, ended);
    }

    private static final class Follow extends InputStream {
        private final Path file;
        private final boolean timestamps;
        private final Optional<Instant> since;
        private final BooleanSupplier ended;
        private final long limit;
        private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
        private RandomAccessFile raf; // the file being read, kept open so that a rename does not lose its end
        private Object key;
        private byte[] buffer;
        private int pos;
        private long sent;
        private volatile boolean closed;

        Follow(Path file, LogOptions options, Instant now, BooleanSupplier ended) throws IOException {
            this.file = file;
            this.timestamps = options.timestamps();
            this.since = options.since(now);
            this.ended = ended;
            this.limit = options.limitBytes().orElse(Long.MAX_VALUE);
            open();
            // What is there now, read through the same handle that reads on, so no line is lost or doubled.
            byte[] bytes = raf == null ? new byte[0] : readToEnd();
            int end = lastNewline(bytes, bytes.length) + 1;
            partial.write(bytes, end, bytes.length - end);
            List<Line> kept = new ArrayList<>();
            for (Line l : lines(bytes, end)) {
                if (wanted(l)) {
                    kept.add(l);
                }
            }
            int from = options.tail().isPresent()
                    ? Math.max(0, kept.size() - options.tail().getAsInt())
                    : 0;
            buffer = format(kept.subList(from, kept.size()));
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0) {
                return 0;
            }
            while (pos >= buffer.length) {
                if (closed || sent >= limit) {
                    return -1;
                }
                boolean done = ended.getAsBoolean();
                if (!poll()) {
                    if (done) {
                        if (partial.size() == 0) {
                            close();
                            return -1;
                        }
                        // the container is gone: a last line without its newline is still a line
                        Line last = parse(partial.toString(StandardCharsets.UTF_8));
                        partial.reset();
                        buffer = format(wanted(last) ? List.of(last) : List.of());
                        pos = 0;
                        continue;
                    }
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return -1;
                    }
                }
            }
            if (sent >= limit) {
                return -1;
            }
            int n = (int) Math.min(Math.min(len, buffer.length - pos), limit - sent);
            System.arraycopy(buffer, pos, b, off, n);
            pos += n;
            sent += n;
            return n;
        }

        // Reads the complete new lines, switching to a new file of the same name once the old one is drained;
        // returns whether any line to send arrived.
        private synchronized boolean poll() throws IOException {
            if (closed || (raf == null && !open())) {
                return false;
            }
            List<Line> lines = take(readToEnd());
            Object now = keyOf(file);
            if (now != null && !now.equals(key)) {
                if (partial.size() > 0) {
                    lines.add(parse(partial.toString(StandardCharsets.UTF_8)));
                    partial.reset();
                }
                raf.close();
                raf = null;
                if (open()) {
                    lines.addAll(take(readToEnd()));
                }
            }
            List<Line> kept = new ArrayList<>();
            for (Line l : lines) {
                if (wanted(l)) {
                    kept.add(l);
                }
            }
            buffer = format(kept);
            pos = 0;
            return buffer.length > 0;
        }

        private List<Line> take(byte[] chunk) {
            partial.write(chunk, 0, chunk.length);
            byte[] all = partial.toByteArray();
            int end = lastNewline(all, all.length) + 1;
            partial.reset();
            partial.write(all, end, all.length - end);
            return lines(all, end);
        }

        // Opens the file under the name, knowing which file it is (its key did not change while opening).
        private boolean open() throws IOException {
            while (true) {
                Object before = keyOf(file);
                if (before == null) {
                    return false; // no line written yet
                }
                RandomAccessFile r;
                try {
                    r = new RandomAccessFile(file.toFile(), "r");
                } catch (java.io.FileNotFoundException e) {
                    return false;
                }
                if (before.equals(keyOf(file))) {
                    raf = r;
                    key = before;
                    return true;
                }
                r.close(); // renamed while opening: again
            }
        }

        private byte[] readToEnd() throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] chunk = new byte[64 * 1024];
            for (int n; (n = raf.read(chunk)) > 0; ) {
                out.write(chunk, 0, n);
            }
            return out.toByteArray();
        }

        private static Object keyOf(Path file) {
            try {
                return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
            } catch (IOException e) {
                return null;
            }
        }

        private boolean wanted(Line l) {
            return since.isEmpty() || !l.time().isBefore(since.get());
        }

        private byte[] format(List<Line> lines) {
            StringBuilder b = new StringBuilder();
            for (Line l : lines) {
                b.append(LogFile.format(l, timestamps));
            }
            return b.toString().getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public void close() throws IOException {
            closed = true;
            synchronized (this) { // not while a poll reads
                if (raf != null) {
                    raf.close();
                    raf = null;
                }
            }
        }
    }
}
