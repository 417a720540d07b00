package dev.orchard.provider.local.internal.volumes;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeList;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.quantity.Quantity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Volumes as host directories, like OpenEBS hostpath local volumes: the {@link StorageOps} of the local provider,
 * with the pool's accounting. {@link VolumeFiles} lays them out on disk and commits each one.
 *
 * <p>On start it reconciles the root to the committed metadata, so a volume is either wholly present or absent,
 * and none that was acknowledged is lost. Writes take one lock; reads use an in-memory index and take none.
 */
public final class LocalStorage implements StorageOps {
    private static final Logger LOG = LoggerFactory.getLogger(LocalStorage.class);
    // The least DNS-1123 label: every name in a namespace sorts at or after it.
    private static final String LEAST_NAME = "0";

    private final VolumeFiles files;
    private final long poolBytes;
    private final Clock clock;
    private final ReentrantLock writes = new ReentrantLock();
    private final ConcurrentSkipListMap<NamespacedName, Volume> index = new ConcurrentSkipListMap<>();
    // Written under the write lock only.
    private long committedBytes;

    /**
     * Opens (and creates) the volume root and reconciles it.
     *
     * @param root the folder that holds the namespaces
     * @param poolBytes the capacity all volumes together may claim; 0 for the free space of the root's file system
     * @param clock the clock for creation times
     * @throws IOException if the root cannot be made, listed or cleaned up
     */
    public LocalStorage(Path root, long poolBytes, Clock clock) throws IOException {
        this.files = new VolumeFiles(root);
        this.poolBytes =
                poolBytes > 0 ? poolBytes : Files.getFileStore(files.root()).getUsableSpace();
        this.clock = clock;
        reconcile();
    }

    /**
     * The data directory of a volume, for pods that mount it.
     *
     * @param volume the volume's namespace and name
     * @return the directory, or empty if no such volume exists
     */
    public Optional<Path> directory(NamespacedName volume) {
        return index.containsKey(volume) ? Optional.of(files.dataDir(volume)) : Optional.empty();
    }

    @Override
    public Volume addStorage(VolumeProfile profile) {
        NamespacedName key = new NamespacedName(profile.namespace(), profile.requireName());
        long bytes = profile.requireCapacityBytes();
        writes.lock();
        try {
            if (index.containsKey(key)) {
                throw new AlreadyExistsException("volume " + key + " exists already");
            }
            long left = poolBytes - committedBytes;
            if (bytes > left) {
                throw new UnavailableException("volume " + key + " needs " + Quantity.formatBytes(bytes)
                        + " but the local pool has " + Quantity.formatBytes(Math.max(0, left)) + " of "
                        + Quantity.formatBytes(poolBytes) + " left");
            }
            // A new volume uses no bytes yet; reads walk its folder for the figure.
            Volume v = Volume.fromProfile(profile, UUID.randomUUID().toString(), clock.instant())
                    .withUsedBytes(0);
            try {
                files.create(v);
            } catch (IOException e) {
                throw new UnavailableException(
                        "volume " + key + " could not be created under " + files.root() + ": " + e, e);
            }
            index.put(key, v);
            committedBytes += bytes;
            LOG.debug("Volume {} added ({} bytes)", key, bytes);
            return v;
        } finally {
            writes.unlock();
        }
    }

    @Override
    public boolean deleteStorage(VolumeProfile profile) {
        NamespacedName key = new NamespacedName(profile.namespace(), profile.requireName());
        writes.lock();
        try {
            Volume v = index.get(key);
            if (v == null) {
                return false;
            }
            if (v.phase() == VolumePhase.BOUND) {
                throw new UnavailableException("volume " + key + " is bound to a pod; delete the pod first");
            }
            try {
                files.deleteMetadata(key); // the commit point: from here on the volume is gone
            } catch (IOException e) {
                throw new UnavailableException("volume " + key + " could not be deleted: " + e, e);
            }
            index.remove(key);
            committedBytes -= v.capacityBytes();
            files.deleteData(key);
            return true;
        } finally {
            writes.unlock();
        }
    }

    @Override
    public Optional<Volume> readStorage(VolumeProfile profile) {
        NamespacedName key = new NamespacedName(profile.namespace(), profile.requireName());
        Volume v = index.get(key);
        return v == null ? Optional.empty() : Optional.of(v.withUsedBytes(VolumeFiles.usedBytes(files.dataDir(key))));
    }

    @Override
    public VolumeList listStorage(VolumeProfile profile) {
        List<Volume> out = new ArrayList<>();
        String namespace = profile.namespace();
        for (Map.Entry<NamespacedName, Volume> e :
                index.tailMap(new NamespacedName(namespace, LEAST_NAME)).entrySet()) {
            if (!e.getKey().namespace().equals(namespace)) {
                break;
            }
            if (profile.matches(e.getValue())) {
                out.add(e.getValue());
            }
        }
        return new VolumeList(out);
    }

    /**
     * Changes a volume's phase, e.g. to Bound while a pod uses it, and commits it; nothing if it does not exist.
     *
     * @param volume the volume's namespace and name
     * @param phase the new phase
     * @param message the note on it
     * @throws UnavailableException if the change could not be written
     */
    public void phase(NamespacedName volume, VolumePhase phase, String message) {
        writes.lock();
        try {
            Volume v = index.get(volume);
            if (v == null) {
                return;
            }
            Volume next = v.withPhase(phase, message);
            try {
                files.write(next);
            } catch (IOException e) {
                throw new UnavailableException("volume " + volume + " phase could not be saved: " + e, e);
            }
            index.put(volume, next);
        } finally {
            writes.unlock();
        }
    }

    /** Loads every whole volume, after the files removed what a crash left half-made. */
    private void reconcile() throws IOException {
        writes.lock();
        try {
            index.clear();
            committedBytes = 0;
            for (Volume v : files.reconcile()) {
                index.put(new NamespacedName(v.namespace(), v.name()), v);
                committedBytes += v.capacityBytes();
            }
            LOG.info(
                    "Local volumes under {}: {} present, {} of {} bytes committed",
                    files.root(),
                    index.size(),
                    committedBytes,
                    poolBytes);
        } finally {
            writes.unlock();
        }
    }
}
