package dev.orchard.provider.local.internal.logs;

import dev.orchard.api.pod.LogOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * A container's log as the kubelet's options select it, read a piece at a time: however long the log, or a line
 * in it, at most one piece of it is in memory.
 *
 * <p>It reads the files as they were when it opened (the rotated part, then the current file); with {@code tail},
 * a first pass counts the selected lines and the second leaves out all but the last ones. Following, it then
 * reads the current file as it grows until the container has exited for good and the file is drained, or the
 * stream is closed; when the file is renamed away (a restart or a rotation) and a new one takes its name, the old
 * one is read to its end and the new one from its start. {@code since} and {@code limitBytes} apply throughout.
 */
public final class LogStream extends InputStream {
    private static final long POLL_MILLIS = 100;
    // Output is made in batches of about this many bytes: a batch per line made short lines cost a buffer each.
    private static final int BATCH_BYTES = 32 * 1024;

    private enum Step {
        PROGRESS,
        WAIT,
        END
    }

    // One file, open: its channel is read through whatever file has its name later.
    private static final class Source {
        final FileChannel channel;
        final Object key;
        final long size;
        final PieceReader reader;

        Source(FileChannel channel, Object key) throws IOException {
            this.channel = channel;
            this.key = key;
            this.size = channel.size();
            this.reader = new PieceReader(channel, 0);
        }
    }

    private final List<Source> snapshot;
    private final Path followed;
    private final BooleanSupplier ended;
    private final LineAssembler lines;
    private final long limit;
    // How many of the snapshot's files are read to their size only; the current one, followed, goes on.
    private final int fixed;
    private Source live;
    private int index;
    private boolean finished;
    private byte[] buffer = new byte[0];
    private int pos;
    private long sent;
    private volatile boolean closed;

    private LogStream(
            List<Source> snapshot,
            Path followed,
            BooleanSupplier ended,
            LineAssembler lines,
            long limit,
            Source currentSource) {
        this.snapshot = snapshot;
        this.followed = followed;
        this.ended = ended;
        this.lines = lines;
        this.limit = limit;
        this.live = currentSource;
        this.fixed = currentSource == null ? snapshot.size() : snapshot.size() - 1;
    }

    /**
     * Opens a log.
     *
     * @param files the log's files, oldest first; the last is the current one, the one followed; missing ones are
     *     skipped
     * @param options the kubelet's options
     * @param now the time that sinceSeconds counts back from
     * @param ended for a follow: whether the container has exited for good; null for a read of what is there
     * @return the stream; the caller closes it
     * @throws IOException if a file cannot be read
     */
    public static InputStream open(List<Path> files, LogOptions options, Instant now, BooleanSupplier ended)
            throws IOException {
        boolean following = ended != null;
        Path current = files.get(files.size() - 1);
        List<Source> snapshot = openStable(files);
        long skip = 0;
        if (options.tail().isPresent()) {
            LineAssembler counter = new LineAssembler(options.since(now), false, 0);
            for (Source s : snapshot) {
                PieceReader r = new PieceReader(s.channel, 0);
                for (PieceReader.Piece p; (p = r.next(s.size, true)) != null; ) {
                    counter.accept(p, null);
                }
            }
            counter.finish(null);
            skip = Math.max(0, counter.selectedLines() - options.tail().getAsInt());
        }
        LineAssembler lines = new LineAssembler(options.since(now), options.timestamps(), skip);
        // Following, the current file's source goes on past the snapshot; if it does not exist yet, it is followed
        // from its first line once it does.
        Source currentSource = following
                        && !snapshot.isEmpty()
                        && Objects.equals(snapshot.get(snapshot.size() - 1).key, keyOf(current))
                ? snapshot.get(snapshot.size() - 1)
                : null;
        return new LogStream(
                snapshot,
                following ? current : null,
                ended,
                lines,
                options.limitBytes().orElse(Long.MAX_VALUE),
                currentSource);
    }

    // Opens the files that exist, checking that none was renamed into another's name meanwhile (a rotation).
    private static List<Source> openStable(List<Path> files) throws IOException {
        for (int attempt = 0; ; attempt++) {
            List<Source> out = new ArrayList<>();
            List<Object> keys = new ArrayList<>();
            boolean stable = true;
            try {
                for (int i = files.size() - 1; i >= 0; i--) { // the newest first: a rotation moves it to an older name
                    Object before = keyOf(files.get(i));
                    if (before == null) {
                        continue;
                    }
                    FileChannel ch;
                    try {
                        ch = FileChannel.open(files.get(i), StandardOpenOption.READ);
                    } catch (NoSuchFileException gone) {
                        stable = false;
                        break;
                    }
                    out.add(0, new Source(ch, before));
                    stable &= before.equals(keyOf(files.get(i))) && !keys.contains(before);
                    keys.add(before);
                }
            } catch (IOException | RuntimeException e) {
                close(out);
                throw e;
            }
            if (stable || attempt >= 5) {
                return out;
            }
            close(out);
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        if (sent >= limit) {
            return -1;
        }
        while (pos >= buffer.length) {
            if (closed || !fill()) {
                return -1;
            }
        }
        int n = (int) Math.min(Math.min(len, buffer.length - pos), limit - sent);
        System.arraycopy(buffer, pos, b, off, n);
        pos += n;
        sent += n;
        return n;
    }

    /** What a read returns without waiting: the rest of the batch at hand, so that a copier flushes before a wait. */
    @Override
    public int available() {
        return closed ? 0 : (int) Math.min(buffer.length - pos, limit - sent);
    }

    // Makes the next output; false at the end of the stream.
    private boolean fill() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(BATCH_BYTES + PieceReader.MAX_PIECE);
        while (out.size() == 0) {
            Step step;
            synchronized (this) { // not while close() closes the files
                if (closed) {
                    return false;
                }
                do {
                    step = step(out);
                } while (step == Step.PROGRESS && out.size() < BATCH_BYTES && sent + out.size() < limit);
            }
            if (step == Step.END && out.size() == 0) {
                return false;
            }
            if (step == Step.WAIT && out.size() == 0) {
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        buffer = out.toByteArray();
        pos = 0;
        return true;
    }

    // One step of reading: a piece of the snapshot, or of the followed file.
    private Step step(ByteArrayOutputStream out) throws IOException {
        if (finished) {
            return Step.END;
        }
        if (index < fixed) {
            Source s = snapshot.get(index);
            PieceReader.Piece p = s.reader.next(s.size, true);
            if (p != null) {
                lines.accept(p, out);
            } else {
                index++;
            }
            return Step.PROGRESS;
        }
        if (followed == null) {
            lines.finish(out); // a last line without its newline is still a line
            finished = true;
            return Step.END;
        }
        boolean done = ended.getAsBoolean(); // before reading: what is written before the end is read after it
        if (live == null) {
            Object key = keyOf(followed);
            if (key != null) {
                live = new Source(FileChannel.open(followed, StandardOpenOption.READ), key);
                return Step.PROGRESS;
            }
            return done ? end(out) : Step.WAIT;
        }
        PieceReader.Piece p = live.reader.next(Long.MAX_VALUE, false);
        if (p != null) {
            lines.accept(p, out);
            return Step.PROGRESS;
        }
        Object now = keyOf(followed);
        if (now != null && !now.equals(live.key)) {
            drain(out); // renamed away: the old file is whole; the new one is read from its start
            live.channel.close();
            live = null;
            return Step.PROGRESS;
        }
        return done ? end(out) : Step.WAIT;
    }

    private Step end(ByteArrayOutputStream out) throws IOException {
        if (live != null) {
            drain(out);
        }
        lines.finish(out);
        finished = true;
        return Step.END;
    }

    private void drain(ByteArrayOutputStream out) throws IOException {
        for (PieceReader.Piece p; (p = live.reader.next(Long.MAX_VALUE, true)) != null; ) {
            lines.accept(p, out);
        }
    }

    private static Object keyOf(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            return null;
        }
    }

    private static void close(List<Source> sources) {
        for (Source s : sources) {
            try {
                s.channel.close();
            } catch (IOException ignored) {
                // closing
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        synchronized (this) { // not while a step reads
            close(snapshot);
            if (live != null && !snapshot.contains(live)) {
                close(List.of(live));
            }
        }
    }
}
