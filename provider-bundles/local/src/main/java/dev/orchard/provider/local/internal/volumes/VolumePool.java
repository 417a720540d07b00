package dev.orchard.provider.local.internal.volumes;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.quantity.Quantity;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The local pool's rule for an add: what the volumes claim (their capacities) is the commitment, and a new claim
 * must fit both the pool and what the disk can give at the moment of the add.
 *
 * <p>The pool is {@code volume.pool}, or else the size of the volume root's file system. The disk check reads the
 * file system's usable space when the add asks, and subtracts only what the volumes may still write: each volume's
 * capacity less the bytes already in it. Data written into a volume is then counted once (it is gone from the free
 * space, and from its volume's unwritten claim), and space freed anywhere on that file system counts at once.
 */
final class VolumePool {
    /**
     * One volume's claim and its bytes written.
     *
     * @param capacityBytes the capacity it claims
     * @param usedBytes the bytes in it, or -1 if unknown (then its whole capacity may still be written)
     */
    record Claim(long capacityBytes, long usedBytes) {
        long unwritten() {
            return usedBytes < 0 ? capacityBytes : Math.max(0, capacityBytes - usedBytes);
        }
    }

    private final Path root;
    private final long configuredBytes;

    /**
     * The pool of a volume root.
     *
     * @param root the volume root
     * @param configuredBytes {@code volume.pool}, or 0 for the size of the root's file system
     */
    VolumePool(Path root, long configuredBytes) {
        this.root = root;
        this.configuredBytes = configuredBytes;
    }

    /** The pool's size: the configured figure, or the file system's size. */
    long poolBytes() throws IOException {
        return configuredBytes > 0 ? configuredBytes : store().getTotalSpace();
    }

    /**
     * Refuses a new claim that does not fit.
     *
     * @param key the volume being added
     * @param bytes its capacity
     * @param claims the claims of the volumes there are
     * @throws UnavailableException naming the figures, if it does not fit or the file system cannot be read
     */
    void admit(NamespacedName key, long bytes, Iterable<Claim> claims) {
        long committed = 0;
        long unwritten = 0;
        for (Claim c : claims) {
            committed = saturatingAdd(committed, c.capacityBytes());
            unwritten = saturatingAdd(unwritten, c.unwritten());
        }
        long pool;
        long usable;
        try {
            pool = poolBytes();
            usable = store().getUsableSpace();
        } catch (IOException e) {
            throw new UnavailableException(
                    "volume " + key + " cannot be added: the file system of " + root + " cannot be read: " + e, e);
        }
        long left = committed >= pool ? 0 : pool - committed;
        if (bytes > left) {
            throw new UnavailableException("volume " + key + " needs " + Quantity.formatBytes(bytes)
                    + " but the local pool has " + Quantity.formatBytes(left) + " of " + Quantity.formatBytes(pool)
                    + " left"
                    + (committed > pool
                            ? " (its volumes claim " + Quantity.formatBytes(committed) + ", more than the pool)"
                            : "")
                    + "; delete a volume, or set volume.pool");
        }
        long free = usable > unwritten ? usable - unwritten : 0;
        if (bytes > free) {
            throw new UnavailableException("volume " + key + " needs " + Quantity.formatBytes(bytes)
                    + " but the disk under " + root + " can give " + Quantity.formatBytes(free) + ": it has "
                    + Quantity.formatBytes(usable) + " free, of which the volumes may still write "
                    + Quantity.formatBytes(unwritten) + " (their capacity less the bytes in them); free space on"
                    + " that file system, or delete a volume");
        }
    }

    private FileStore store() throws IOException {
        return Files.getFileStore(root);
    }

    // Hand-edited huge capacities saturate the sums instead of wrapping them around.
    private static long saturatingAdd(long a, long b) {
        return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
    }
}
