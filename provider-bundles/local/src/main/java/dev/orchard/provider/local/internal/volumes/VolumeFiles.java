package dev.orchard.provider.local.internal.volumes;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.provider.local.internal.files.AtomicFiles;
import dev.orchard.provider.local.internal.files.Json;
import dev.orchard.provider.local.internal.files.Trees;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The volumes' files under the volume root: where each one lives, its commit point, and the start-up scan that
 * removes what a crash left half-made.
 *
 * <p>The data of volume {@code ns/name} is {@code <root>/<ns>/<name>/}, its metadata
 * {@code <root>/<ns>/<name>.volume.json}. The metadata file is the commit point: adding makes the folder, then
 * writes the metadata durably; deleting removes the metadata first (the volume is gone), then the data. Every
 * path is checked to stay under the root, and a namespace folder that is a link is never followed.
 *
 * <p>Not thread-safe: {@link LocalStorage} calls it under its write lock.
 */
final class VolumeFiles {
    private static final Logger LOG = LoggerFactory.getLogger(VolumeFiles.class);
    static final String METADATA_SUFFIX = ".volume.json";
    private static final String TEMP_PREFIX = ".tmp-";
    private static final String TRASH_PREFIX = ".trash-";

    private final Path root;

    /**
     * Opens (and creates) the volume root.
     *
     * @param root the folder that holds the namespaces
     * @throws IOException if it cannot be made or resolved
     */
    VolumeFiles(Path root) throws IOException {
        Files.createDirectories(root);
        this.root = root.toRealPath();
    }

    Path root() {
        return root;
    }

    /** The data folder of a volume. */
    Path dataDir(NamespacedName volume) {
        return under(root.resolve(volume.namespace()).resolve(volume.name()));
    }

    /** Makes the volume's data folder and commits its metadata; on failure removes whatever it made. */
    void create(Volume v) throws IOException {
        NamespacedName key = new NamespacedName(v.namespace(), v.name());
        Path partial = namespaceDir(v.namespace()).resolve(TEMP_PREFIX + v.name() + "-" + UUID.randomUUID());
        try {
            Files.createDirectory(partial);
            Files.move(partial, dataDir(key), StandardCopyOption.ATOMIC_MOVE);
            write(v);
        } catch (IOException e) {
            Trees.deleteQuietly(partial);
            Trees.deleteQuietly(metadata(key));
            Trees.deleteQuietly(dataDir(key));
            throw e;
        }
    }

    /** Commits a volume's metadata, durably: the add, or a change of its phase. */
    void write(Volume v) throws IOException {
        Path nsDir = namespaceDir(v.namespace());
        Path temp = nsDir.resolve(TEMP_PREFIX + v.name() + "-" + UUID.randomUUID() + ".json");
        AtomicFiles.replaceDurably(
                metadata(new NamespacedName(v.namespace(), v.name())),
                temp,
                Json.mapper().writeValueAsBytes(StoredVolume.of(v)));
    }

    /** Removes the metadata, the commit point of a delete; a file already gone is no error. */
    void deleteMetadata(NamespacedName volume) throws IOException {
        Path nsDir = namespaceDir(volume.namespace());
        try {
            Files.delete(metadata(volume));
            AtomicFiles.syncFolder(nsDir);
        } catch (NoSuchFileException alreadyGone) {
            // removed behind our back; finish the job
        }
    }

    /** Removes a deleted volume's data: renamed away first, so that a crash midway leaves only trash to clear. */
    void deleteData(NamespacedName volume) {
        Path trash = namespaceDir(volume.namespace()).resolve(TRASH_PREFIX + volume.name() + "-" + UUID.randomUUID());
        try {
            Files.move(dataDir(volume), trash, StandardCopyOption.ATOMIC_MOVE);
            Trees.delete(trash);
        } catch (NoSuchFileException gone) {
            // nothing to remove
        } catch (IOException e) {
            LOG.warn(
                    "Volume {} is deleted but its data could not all be removed; the next start retries: {}",
                    volume,
                    e.toString());
        }
    }

    /**
     * Reads every whole volume and removes what a crash left half-made: temp files, interrupted deletes, and data
     * folders whose metadata was never committed. Unreadable metadata is logged and skipped, its data kept.
     *
     * @return the volumes whose metadata is committed and valid
     * @throws IOException if the root cannot be listed
     */
    List<Volume> reconcile() throws IOException {
        List<Volume> out = new ArrayList<>();
        try (DirectoryStream<Path> namespaces = Files.newDirectoryStream(root)) {
            for (Path nsDir : namespaces) {
                if (Files.isDirectory(nsDir, LinkOption.NOFOLLOW_LINKS)) {
                    reconcileNamespace(nsDir, out);
                } else if (Files.isSymbolicLink(nsDir)) {
                    LOG.warn("Ignoring {}: a symbolic link in the volume root is never followed", nsDir);
                }
            }
        }
        return out;
    }

    private void reconcileNamespace(Path nsDir, List<Volume> out) throws IOException {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(nsDir)) {
            all.forEach(entries::add);
        }
        for (Path p : entries) {
            String file = p.getFileName().toString();
            if (file.startsWith(TEMP_PREFIX) || file.startsWith(TRASH_PREFIX)) {
                Trees.delete(p); // an add or delete that a crash interrupted
            }
        }
        String namespace = nsDir.getFileName().toString();
        List<String> committed = new ArrayList<>();
        for (Path p : entries) {
            String file = p.getFileName().toString();
            if (!file.endsWith(METADATA_SUFFIX) || file.startsWith(".")) {
                continue;
            }
            try {
                Volume v =
                        Json.mapper().readValue(p.toFile(), StoredVolume.class).toVolume(p);
                if (!namespace.equals(v.namespace()) || !file.equals(v.name() + METADATA_SUFFIX)) {
                    LOG.warn("Ignoring {}: it describes volume {}/{}", p, v.namespace(), v.name());
                    continue;
                }
                Files.createDirectories(dataDir(new NamespacedName(v.namespace(), v.name())));
                out.add(v);
                committed.add(v.name());
            } catch (IOException | RuntimeException e) {
                LOG.error("Ignoring unreadable volume metadata {}: {}", p, e.toString());
            }
        }
        for (Path p : entries) {
            String file = p.getFileName().toString();
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)
                    && !file.startsWith(".")
                    && !committed.contains(file)
                    && !Files.exists(nsDir.resolve(file + METADATA_SUFFIX))) {
                LOG.info("Removing half-made volume directory {} (no metadata was committed)", p);
                Trees.delete(p);
            }
        }
    }

    /** The bytes of the files under a folder, by a walk; -1 if it cannot be walked. */
    static long usedBytes(Path dir) {
        AtomicLong total = new AtomicLong();
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    total.addAndGet(attrs.size());
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            return -1;
        }
        return total.get();
    }

    /** The namespace folder, created if missing, checked to be a real folder under the root. */
    private Path namespaceDir(String namespace) {
        Path dir = under(root.resolve(namespace));
        try {
            if (Files.isSymbolicLink(dir)) {
                throw new InvalidInputException(
                        "namespace folder " + dir + " is a symbolic link; refusing to follow it");
            }
            Files.createDirectories(dir);
            if (!dir.toRealPath().startsWith(root)) {
                throw new InvalidInputException(
                        "namespace folder " + dir + " resolves outside the volume root " + root);
            }
        } catch (IOException e) {
            throw new UnavailableException("namespace folder " + dir + " could not be created: " + e, e);
        }
        return dir;
    }

    private Path metadata(NamespacedName volume) {
        return under(root.resolve(volume.namespace()).resolve(volume.name() + METADATA_SUFFIX));
    }

    // Names are DNS-1123 labels, so this never trips; it is the last line of defence if that ever changes.
    private Path under(Path p) {
        Path normal = p.normalize();
        if (!normal.startsWith(root) || normal.equals(root)) {
            throw new InvalidInputException("path " + p + " is outside the volume root " + root);
        }
        return normal;
    }
}
