package dev.orchard.runtime.launcher;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.StandardOpenOption;

/**
 * The OS file lock that makes a runtime the only one in its folder: {@code .orchard/lock}, held for the life of the
 * process (the OS releases it when the process ends, however it ends), with the holder's pid and mode written in
 * it for the message of a second start.
 *
 * <p>POSIX releases a process's lock when any of its channels to the file closes, so the holder never opens the
 * file a second time; {@link #holder} is for other processes. The holder empties the file before it lets go, so the
 * file names the process that holds the lock or none: never one that held it before (a process killed with {@code
 * kill -9} leaves its name, but no longer runs, and is not taken for the holder).
 */
final class FolderLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private FolderLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the folder's lock if no other process holds it.
     *
     * @param folder the runtime folder, prepared
     * @param mode what this process runs as, written for others to read: {@code interactive}, {@code daemon} or
     *     {@code command}
     * @return the lock, or null if another process holds it
     * @throws IOException if the lock file cannot be opened or written
     */
    static FolderLock tryAcquire(RuntimeFolder folder, String mode) throws IOException {
        return acquire(folder, mode);
    }

    /**
     * Whether the process that holds the folder's lock runs as the given mode, as it wrote itself into the file.
     *
     * @param folder the runtime folder
     * @param mode e.g. {@code command}
     * @return true if the lock file names that mode
     */
    static boolean heldAs(RuntimeFolder folder, String mode) {
        Holder holder = current(folder);
        return holder != null && holder.mode().equals(mode);
    }

    /**
     * The process that holds the folder's lock, as it wrote itself into the file.
     *
     * @param folder the runtime folder
     * @return its pid and mode; null if the file names no running process: the lock is free, being taken (its holder
     *     has not written yet) or left by a process that was killed
     */
    static Holder current(RuntimeFolder folder) {
        try {
            String[] words = Files.readString(folder.lockFile()).trim().split(" ");
            if (words.length == 2 && words[0].matches("[0-9]{1,18}")) {
                long pid = Long.parseLong(words[0]);
                if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    return new Holder(pid, words[1]);
                }
            }
        } catch (NoSuchFileException gone) {
            // never taken
        } catch (IOException unreadable) {
            // say what we know
        }
        return null;
    }

    /**
     * A process that holds the folder's lock.
     *
     * @param pid its pid
     * @param mode what it runs as: {@code interactive}, {@code daemon} or {@code command}
     */
    record Holder(long pid, String mode) {}

    private static FolderLock acquire(RuntimeFolder folder, String mode) throws IOException {
        FileChannel channel = FileChannel.open(
                folder.lockFile(),
                StandardOpenOption.CREATE,
                StandardOpenOption.READ,
                StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            channel.close();
            return null;
        }
        channel.truncate(0);
        channel.write(
                ByteBuffer.wrap((ProcessHandle.current().pid() + " " + mode + "\n").getBytes(StandardCharsets.UTF_8)));
        channel.force(false);
        return new FolderLock(channel, lock);
    }

    /**
     * Who holds the folder's lock, as it wrote itself into the file; for messages.
     *
     * @param folder the runtime folder
     * @return e.g. {@code pid 4242, daemon}, or {@code pid unknown} if the file says nothing readable yet
     */
    static String holder(RuntimeFolder folder) {
        Holder holder = current(folder);
        return holder == null ? "pid unknown" : "pid " + holder.pid() + ", " + holder.mode();
    }

    @Override
    public void close() throws IOException {
        try {
            channel.truncate(0); // while still held: no one reads this process's name once it lets go
            lock.release();
        } finally {
            channel.close();
        }
    }
}
