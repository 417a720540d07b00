package dev.orchard.provider.local.internal;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeList;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.quantity.Quantity;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Volumes as host directories, like OpenEBS hostpath local volumes: the data of volume {@code ns/name} is
 * {@code <root>/<ns>/<name>/}, its metadata {@code <root>/<ns>/<name>.volume.json}.
 *
 * <p>The metadata file is the commit point. Adding makes the directory, then writes the metadata to a temp
 * file, fsyncs it, renames it into place and fsyncs the folder, and only then answers. Deleting removes the
 * metadata first (the volume is gone), then the data. On start, {@link #reconcile()} removes whatever a crash
 * left half-made, so a volume is either wholly present or absent, and none that was acknowledged is lost.
 *
 * <p>Every path is checked to stay under the root with symlinks resolved. Writes take one lock; reads use an
 * in-memory index.
 */
final class LocalStorage implements StorageOps {
    private static final Logger LOG = LoggerFactory.getLogger(LocalStorage.class);
    static final String METADATA_SUFFIX = ".volume.json";
    private static final String TEMP_PREFIX = ".tmp-";
    private static final String TRASH_PREFIX = ".trash-";

    private final Path root;
    private final long poolBytes;
    private final Clock clock;
    private final ReentrantLock writes = new ReentrantLock();
    private final ConcurrentSkipListMap<String, Volume> index = new ConcurrentSkipListMap<>();
    private final AtomicLong committedBytes = new AtomicLong();

    /**
     * Opens (and creates) the volume root and reconciles it.
     *
     * @param root the folder that holds the namespaces
     * @param poolBytes the capacity all volumes together may claim; 0 for the free space of the root's file system
     * @param clock the clock for creation times
     */
    LocalStorage(Path root, long poolBytes, Clock clock) throws IOException {
        Files.createDirectories(root);
        this.root = root.toRealPath();
        this.poolBytes =
                poolBytes > 0 ? poolBytes : Files.getFileStore(this.root).getUsableSpace();
        this.clock = clock;
        reconcile();
    }

    Path root() {
        return root;
    }

    long poolBytes() {
        return poolBytes;
    }

    /**
     * The data directory of a volume, for pods that mount it.
     *
     * @param namespace the namespace
     * @param name the volume name
     * @return the directory, or empty if no such volume exists
     */
    Optional<Path> directory(String namespace, String name) {
        return index.containsKey(key(namespace, name)) ? Optional.of(dataDir(namespace, name)) : Optional.empty();
    }

    @Override
    public Volume addStorage(VolumeProfile profile) {
        String name = profile.requireName();
        String ns = profile.namespace();
        long bytes = profile.requireCapacityBytes();
        writes.lock();
        try {
            if (index.containsKey(key(ns, name))) {
                throw new AlreadyExistsException("volume " + ns + "/" + name + " exists already");
            }
            long left = poolBytes - committedBytes.get();
            if (bytes > left) {
                throw new UnavailableException("volume " + ns + "/" + name + " needs " + Quantity.formatBytes(bytes)
                        + " but the local pool has " + Quantity.formatBytes(Math.max(0, left)) + " of "
                        + Quantity.formatBytes(poolBytes) + " left");
            }
            Volume v = new Volume(
                    name,
                    ns,
                    UUID.randomUUID().toString(),
                    profile.labels(),
                    Map.of(),
                    bytes,
                    0,
                    profile.replicas(),
                    profile.storageClass().orElse(""),
                    VolumePhase.AVAILABLE,
                    "",
                    clock.instant());
            Path nsDir = namespaceDir(ns);
            Path data = dataDir(ns, name);
            Path partial = nsDir.resolve(TEMP_PREFIX + name + "-" + UUID.randomUUID());
            try {
                Files.createDirectory(partial);
                Files.move(partial, data, StandardCopyOption.ATOMIC_MOVE);
                writeMetadata(v);
            } catch (IOException e) {
                Trees.deleteQuietly(partial);
                Trees.deleteQuietly(metadata(ns, name));
                Trees.deleteQuietly(data);
                throw new UnavailableException(
                        "volume " + ns + "/" + name + " could not be created under " + root + ": " + e, e);
            }
            index.put(key(ns, name), v);
            committedBytes.addAndGet(bytes);
            LOG.debug("Volume {}/{} added ({} bytes)", ns, name, bytes);
            return v;
        } finally {
            writes.unlock();
        }
    }

    @Override
    public boolean deleteStorage(VolumeProfile profile) {
        String name = profile.requireName();
        String ns = profile.namespace();
        writes.lock();
        try {
            Volume v = index.get(key(ns, name));
            if (v == null) {
                return false;
            }
            if (v.phase() == VolumePhase.BOUND) {
                throw new UnavailableException(
                        "volume " + ns + "/" + name + " is bound to a pod; delete the pod first");
            }
            Path nsDir = namespaceDir(ns);
            try {
                Files.delete(metadata(ns, name)); // the commit point: from here on the volume is gone
                fsync(nsDir);
            } catch (NoSuchFileException alreadyGone) {
                // removed behind our back; finish the job
            } catch (IOException e) {
                throw new UnavailableException("volume " + ns + "/" + name + " could not be deleted: " + e, e);
            }
            index.remove(key(ns, name));
            committedBytes.addAndGet(-v.capacityBytes());
            Path trash = nsDir.resolve(TRASH_PREFIX + name + "-" + UUID.randomUUID());
            try {
                Files.move(dataDir(ns, name), trash, StandardCopyOption.ATOMIC_MOVE);
                Trees.delete(trash);
            } catch (NoSuchFileException gone) {
                // nothing to remove
            } catch (IOException e) {
                LOG.warn(
                        "Volume {}/{} is deleted but its data could not all be removed; reconcile retries: {}",
                        ns,
                        name,
                        e.toString());
            }
            return true;
        } finally {
            writes.unlock();
        }
    }

    @Override
    public Optional<Volume> readStorage(VolumeProfile profile) {
        Volume v = index.get(key(profile.namespace(), profile.requireName()));
        return v == null ? Optional.empty() : Optional.of(v.withUsedBytes(usedBytes(dataDir(v.namespace(), v.name()))));
    }

    @Override
    public VolumeList listStorage(VolumeProfile profile) {
        List<Volume> out = new ArrayList<>();
        String prefix = profile.namespace() + "/";
        for (Map.Entry<String, Volume> e : index.tailMap(prefix).entrySet()) {
            if (!e.getKey().startsWith(prefix)) {
                break;
            }
            if (profile.matches(e.getValue())) {
                out.add(e.getValue());
            }
        }
        return new VolumeList(out);
    }

    /**
     * Changes a volume's phase, e.g. to Bound while a pod uses it, and persists it.
     *
     * @param namespace the namespace
     * @param name the volume name
     * @param phase the new phase
     * @param message the note on it
     */
    void phase(String namespace, String name, VolumePhase phase, String message) {
        writes.lock();
        try {
            Volume v = index.get(key(namespace, name));
            if (v == null) {
                return;
            }
            Volume next = v.withPhase(phase, message);
            try {
                writeMetadata(next);
            } catch (IOException e) {
                throw new UnavailableException(
                        "volume " + namespace + "/" + name + " phase could not be saved: " + e, e);
            }
            index.put(key(namespace, name), next);
        } finally {
            writes.unlock();
        }
    }

    // ------------------------------------------------------------------ files

    /** Loads every whole volume and removes what a crash left half-made. */
    void reconcile() throws IOException {
        writes.lock();
        try {
            index.clear();
            committedBytes.set(0);
            try (DirectoryStream<Path> namespaces = Files.newDirectoryStream(root)) {
                for (Path nsDir : namespaces) {
                    if (Files.isDirectory(nsDir, LinkOption.NOFOLLOW_LINKS)) {
                        reconcileNamespace(nsDir);
                    } else if (Files.isSymbolicLink(nsDir)) {
                        LOG.warn("Ignoring {}: a symbolic link in the volume root is never followed", nsDir);
                    }
                }
            }
            LOG.info(
                    "Local volumes under {}: {} present, {} of {} bytes committed",
                    root,
                    index.size(),
                    committedBytes.get(),
                    poolBytes);
        } finally {
            writes.unlock();
        }
    }

    private void reconcileNamespace(Path nsDir) throws IOException {
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
        for (Path p : entries) {
            String file = p.getFileName().toString();
            if (!file.endsWith(METADATA_SUFFIX) || file.startsWith(".")) {
                continue;
            }
            try {
                Volume v =
                        Json.mapper().readValue(p.toFile(), StoredVolume.class).toVolume();
                if (!nsDir.getFileName().toString().equals(v.namespace()) || !file.equals(v.name() + METADATA_SUFFIX)) {
                    LOG.warn("Ignoring {}: it describes volume {}/{}", p, v.namespace(), v.name());
                    continue;
                }
                Files.createDirectories(dataDir(v.namespace(), v.name()));
                index.put(key(v.namespace(), v.name()), v);
                committedBytes.addAndGet(v.capacityBytes());
            } catch (IOException | RuntimeException e) {
                LOG.error("Ignoring unreadable volume metadata {}: {}", p, e.toString());
            }
        }
        for (Path p : entries) {
            String file = p.getFileName().toString();
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)
                    && !file.startsWith(".")
                    && !index.containsKey(key(nsDir.getFileName().toString(), file))
                    && !Files.exists(nsDir.resolve(file + METADATA_SUFFIX))) {
                LOG.info("Removing half-made volume directory {} (no metadata was committed)", p);
                Trees.delete(p);
            }
        }
    }

    private void writeMetadata(Volume v) throws IOException {
        Path nsDir = namespaceDir(v.namespace());
        Path target = metadata(v.namespace(), v.name());
        Path temp = nsDir.resolve(TEMP_PREFIX + v.name() + "-" + UUID.randomUUID() + ".json");
        try {
            byte[] bytes = Json.mapper().writeValueAsBytes(StoredVolume.of(v));
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ch.write(java.nio.ByteBuffer.wrap(bytes));
                ch.force(true);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("the volume root's file system cannot rename atomically", e);
            }
            fsync(nsDir);
        } finally {
            Trees.deleteQuietly(temp);
        }
    }

    private static void fsync(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
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

    private Path dataDir(String namespace, String name) {
        return under(root.resolve(namespace).resolve(name));
    }

    private Path metadata(String namespace, String name) {
        return under(root.resolve(namespace).resolve(name + METADATA_SUFFIX));
    }

    // Names are DNS-1123 labels, so this never trips; it is the last line of defence if that ever changes.
    private Path under(Path p) {
        Path normal = p.normalize();
        if (!normal.startsWith(root) || normal.equals(root)) {
            throw new InvalidInputException("path " + p + " is outside the volume root " + root);
        }
        return normal;
    }

    private static String key(String namespace, String name) {
        return namespace + "/" + name; // '/' never occurs in a DNS-1123 label, so keys cannot collide
    }

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
}
