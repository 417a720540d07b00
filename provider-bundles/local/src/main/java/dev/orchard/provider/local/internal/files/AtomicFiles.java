package dev.orchard.provider.local.internal.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replacing a file's content all at once: whoever reads it, and the next start after a crash, sees the old
 * content or the new, never a mix. The new content goes to a temp file beside the target, which is then renamed
 * over it.
 */
public final class AtomicFiles {
    private AtomicFiles() {}

    /**
     * Replaces a file; holds against a crash of this process (kill -9), not against a power loss, which may
     * leave the old content.
     *
     * @param target the file
     * @param temp the temp file to write first, in the target's folder
     * @param bytes the new content
     * @throws IOException if it could not be written or renamed; the target is then unchanged
     */
    public static void replace(Path target, Path temp, byte[] bytes) throws IOException {
        Files.write(temp, bytes);
        move(temp, target);
    }

    /**
     * Replaces a file durably: the temp file is synced before the rename and the folder after it, so that once
     * this returns the new content survives a power loss too. The temp file is removed if anything fails.
     *
     * @param target the file
     * @param temp the temp file to write first, in the target's folder; it must not exist
     * @param bytes the new content
     * @throws IOException if it could not be written, synced or renamed; the target is then unchanged
     */
    public static void replaceDurably(Path target, Path temp, byte[] bytes) throws IOException {
        try {
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.wrap(bytes));
                ch.force(true);
            }
            move(temp, target);
            syncFolder(target.getParent());
        } finally {
            Files.deleteIfExists(temp); // a file this wrote, never a link it follows
        }
    }

    /**
     * Makes a file durably, whole, unless it exists: the temp file is synced, then linked to the target's name (a
     * link, unlike a rename, never replaces a file), and the folder synced. Of two callers at once, one makes it.
     *
     * @param target the file
     * @param temp the temp file to write first, in the target's folder; it must not exist
     * @param bytes the content
     * @return whether this call made it; false if it existed
     * @throws IOException if it could not be written, synced or linked
     */
    public static boolean createDurably(Path target, Path temp, byte[] bytes) throws IOException {
        try {
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.wrap(bytes));
                ch.force(true);
            }
            try {
                Files.createLink(target, temp);
            } catch (java.nio.file.FileAlreadyExistsException exists) {
                return false;
            }
            syncFolder(target.getParent());
            return true;
        } finally {
            Files.deleteIfExists(temp); // a file this wrote, never a link it follows
        }
    }

    /**
     * Syncs a folder, so that a rename or a removal in it is on disk.
     *
     * @param dir the folder
     * @throws IOException if it could not be synced
     */
    public static void syncFolder(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the file system of " + target.getParent() + " cannot rename atomically", e);
        }
    }
}
