package dev.orchard.provider.local.internal.volumes;

import dev.orchard.api.naming.NamespacedName;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The bytes each volume's files take, as {@code du --apparent-size -x} counts them: a walk that never follows a
 * link nor enters another file system mounted inside the volume, stopped after a number of entries or a time, and
 * remembered for a short while so that lists and metrics scrapes do not walk every volume each time.
 *
 * <p>Thread-safe: two callers asking at once may both walk, and the later figure is kept.
 */
final class VolumeUsage {
    /** How long a figure serves lists and scrapes. */
    static final long DEFAULT_TTL_NANOS = 10_000_000_000L;
    /** The most entries one walk visits. */
    static final int DEFAULT_MAX_ENTRIES = 1_000_000;
    /** The longest one walk takes. */
    static final long DEFAULT_MAX_WALK_NANOS = 2_000_000_000L;

    /**
     * What one walk found.
     *
     * @param bytes the bytes counted, or -1 if the folder could not be walked at all
     * @param complete false if the walk stopped at its bound: then {@code bytes} is a lower bound
     * @param at when it was measured, in the ticker's nanoseconds
     */
    record Measured(long bytes, boolean complete, long at) {}

    private final LongSupplier ticker;
    private final long ttlNanos;
    private final int maxEntries;
    private final long maxWalkNanos;
    private final ConcurrentHashMap<NamespacedName, Measured> cache = new ConcurrentHashMap<>();

    /** The default bounds, on {@link System#nanoTime}. */
    VolumeUsage() {
        this(System::nanoTime, DEFAULT_TTL_NANOS, DEFAULT_MAX_ENTRIES, DEFAULT_MAX_WALK_NANOS);
    }

    VolumeUsage(LongSupplier ticker, long ttlNanos, int maxEntries, long maxWalkNanos) {
        this.ticker = ticker;
        this.ttlNanos = ttlNanos;
        this.maxEntries = maxEntries;
        this.maxWalkNanos = maxWalkNanos;
    }

    /** Walks a volume's folder now and remembers the figure. */
    Measured fresh(NamespacedName volume, Path dir) {
        Measured m = walk(dir);
        cache.put(volume, m);
        return m;
    }

    /** The remembered figure while it is young enough, else a fresh one. */
    Measured recent(NamespacedName volume, Path dir) {
        Measured m = cache.get(volume);
        return m != null && ticker.getAsLong() - m.at() < ttlNanos ? m : fresh(volume, dir);
    }

    /** Forgets a deleted volume's figure. */
    void forget(NamespacedName volume) {
        cache.remove(volume);
    }

    private Measured walk(Path dir) {
        long start = ticker.getAsLong();
        long[] total = {0};
        int[] entries = {0};
        boolean[] cut = {false};
        Object device = device(dir);
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
                    if (over()) {
                        return FileVisitResult.TERMINATE;
                    }
                    // Another file system mounted inside the volume is not the volume's data.
                    return device == null || device.equals(device(d))
                            ? FileVisitResult.CONTINUE
                            : FileVisitResult.SKIP_SUBTREE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (over()) {
                        return FileVisitResult.TERMINATE;
                    }
                    if (!attrs.isDirectory()) {
                        total[0] += attrs.size();
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE; // removed while walking, or unreadable: not counted
                }

                private boolean over() {
                    if (++entries[0] > maxEntries || ticker.getAsLong() - start > maxWalkNanos) {
                        cut[0] = true;
                    }
                    return cut[0];
                }
            });
        } catch (IOException e) {
            return new Measured(-1, false, ticker.getAsLong());
        }
        return new Measured(total[0], !cut[0], ticker.getAsLong());
    }

    // The device a folder is on, or null where the file system does not say (then no mount is told apart).
    private static Object device(Path dir) {
        try {
            return Files.getAttribute(dir, "unix:dev", LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return null;
        }
    }
}
