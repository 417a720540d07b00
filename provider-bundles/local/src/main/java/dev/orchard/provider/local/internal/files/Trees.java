package dev.orchard.provider.local.internal.files;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Removing folder trees without ever following a link out of them (a link inside is removed, not its target). */
public final class Trees {
    private static final Logger LOG = LoggerFactory.getLogger(Trees.class);

    private Trees() {}

    /**
     * Removes a file or a folder and everything in it; nothing if it does not exist.
     *
     * @param p the file or folder
     * @throws IOException if something could not be removed
     */
    public static void delete(Path p) throws IOException {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(p, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * Removes what it can, as {@link #delete}, and logs what it could not at debug: for clean-ups after a failure.
     *
     * @param p the file or folder
     */
    public static void deleteQuietly(Path p) {
        try {
            delete(p);
        } catch (IOException e) {
            LOG.debug("Could not remove {}: {}", p, e.toString());
        }
    }
}
