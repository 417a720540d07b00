package dev.orchard.benchmarks;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** The JVM to start runtimes with, and the folders they run in. */
final class Processes {
    private Processes() {}

    /**
     * The java executable of the JVM running the benchmarks, so both sides of a comparison use the same one.
     *
     * @return the path
     */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * A new empty folder for one runtime: its deploy/ and data/ start empty.
     *
     * @param prefix the folder name's prefix
     * @return the folder
     * @throws IOException if it cannot be made
     */
    static Path freshFolder(String prefix) throws IOException {
        return Files.createTempDirectory(prefix);
    }

    /**
     * Deletes a folder and everything in it, without following links.
     *
     * @param root the folder
     * @throws IOException if something cannot be deleted
     */
    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
