package dev.orchard.provider.local.internal.files;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * The ownership of a root: an OS lock ({@code fcntl}, through {@link FileChannel#tryLock()}) on the file
 * {@code <root>/.orchard/lock}. One instance owns a root at a time, in this JVM or in any other process; the OS
 * releases the lock when its owner closes it or dies, so a crashed owner never keeps a root.
 */
public final class RootLock implements AutoCloseable {
    /** The lock file's name, in the root's state folder. */
    static final String FILE = "lock";

    /** The lock file's path in a root, for messages. */
    public static final String NAME = RootMark.STATE_FOLDER + "/" + FILE;

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private RootLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the root if nobody owns it.
     *
     * @param configured the root's folder, as configured; made if it is missing
     * @return the lock, or empty if another instance or process holds it
     * @throws IOException if the folder or its lock file cannot be made or opened (a link there is refused)
     */
    public static Optional<RootLock> tryTake(Path configured) throws IOException {
        Files.createDirectories(configured);
        Path state = configured.toRealPath().resolve(RootMark.STATE_FOLDER);
        if (Files.isSymbolicLink(state)) {
            throw new LinkRefusedException(state);
        }
        Files.createDirectories(state);
        Path file = state.resolve(FILE);
        FileChannel channel =
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        try {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                return Optional.empty(); // another process holds it
            }
            return Optional.of(new RootLock(file, channel, lock));
        } catch (OverlappingFileLockException inThisJvm) {
            channel.close();
            return Optional.empty(); // another instance in this JVM holds it
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * The lock file, for messages.
     *
     * @return its path
     */
    public Path file() {
        return file;
    }

    /** Gives the root up; the next instance waiting for it takes it. */
    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException e) {
            // closing the channel releases it too
        }
        try {
            channel.close();
        } catch (IOException e) {
            // nothing left to release
        }
    }
}
