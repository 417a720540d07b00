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
import dev.orchard.provider.local.internal.files.MountRefusedException;
import dev.orchard.provider.local.internal.files.RootFolder;
import dev.orchard.provider.local.internal.files.RootMark;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Volumes as host directories, like OpenEBS hostpath local volumes: the {@link StorageOps} of the local provider,
 * with the pool's accounting. {@link VolumeFiles} lays them out on disk and commits each one.
 *
 * <p>On start it reconciles the root to the committed metadata ({@link VolumeScan}), so a volume is either wholly
 * present or absent, and none that was acknowledged is lost. A volume whose metadata cannot be read is listed as
 * Failed with the reason; an add never touches its data, and only its explicit delete removes it. Writes take one
 * lock; reads use an in-memory index and take none.
 *
 * <p>An add must fit the pool and the disk at that moment ({@link VolumePool}). Reads and lists show each volume's
 * bytes in use ({@link VolumeUsage}) and say when they pass its capacity, which nothing enforces.
 */
public final class LocalStorage implements StorageOps {
    private static final Logger LOG = LoggerFactory.getLogger(LocalStorage.class);
    // The least DNS-1123 label: every name in a namespace sorts at or after it.
    private static final String LEAST_NAME = "0";

    private final VolumeFiles files;
    private final VolumePool pool;
    private final VolumeUsage usage;
    private final Clock clock;
    private final ReentrantLock writes = new ReentrantLock();
    private final ConcurrentSkipListMap<NamespacedName, Volume> index = new ConcurrentSkipListMap<>();

    /**
     * Opens a folder as a volume root: makes it if it is missing, and refuses it if it holds anything the local
     * provider did not make.
     *
     * @param configured the folder
     * @return the root, marked as a volume root
     * @throws IOException if it cannot be made or read, or holds foreign content
     */
    public static RootFolder root(Path configured) throws IOException {
        return RootMark.open(configured, RootMark.Kind.VOLUMES, VolumeScan::foreign);
    }

    /**
     * Opens the volumes under a root and reconciles them.
     *
     * @param root the volume root, from {@link #root}, owned by this instance
     * @param poolBytes the capacity all volumes together may claim; 0 for the size of the root's file system
     * @param clock the clock for creation times
     * @throws IOException if the root cannot be listed or cleaned up
     */
    public LocalStorage(RootFolder root, long poolBytes, Clock clock) throws IOException {
        this(root, poolBytes, clock, new VolumeUsage());
    }

    LocalStorage(RootFolder root, long poolBytes, Clock clock, VolumeUsage usage) throws IOException {
        this.files = new VolumeFiles(root);
        this.pool = new VolumePool(root.path(), poolBytes);
        this.usage = usage;
        this.clock = clock;
        reconcile();
    }

    /**
     * The volume root, for the node's disk checks.
     *
     * @return its real path
     */
    public Path root() {
        return files.root().path();
    }

    /**
     * The data directory of a volume, for pods that mount it.
     *
     * @param volume the volume's namespace and name
     * @return the directory, or empty if no such volume exists or it is Failed
     */
    public Optional<Path> directory(NamespacedName volume) {
        Volume v = index.get(volume);
        return v == null || v.phase() == VolumePhase.FAILED ? Optional.empty() : Optional.of(files.dataDir(volume));
    }

    @Override
    public Volume addStorage(VolumeProfile profile) {
        NamespacedName key = new NamespacedName(profile.namespace(), profile.requireName());
        long bytes = profile.requireCapacityBytes();
        writes.lock();
        try {
            Volume known = index.get(key);
            if (known != null) {
                throw new AlreadyExistsException("volume " + key + " exists already"
                        + (known.phase() == VolumePhase.FAILED ? ", Failed: " + known.message() : ""));
            }
            Path taken = files.taken(key);
            if (taken != null) {
                throw new AlreadyExistsException("volume " + key + " cannot be added: " + taken
                        + " exists and is no volume the local provider knows; it leaves it alone: move it away to"
                        + " use the name");
            }
            pool.admit(key, bytes, claims());
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
                files.detachMounts(key); // a mount that stays refuses the delete, before anything is removed
            } catch (MountRefusedException e) {
                throw new UnavailableException(
                        "volume " + key + " is not deleted, and its data is kept: " + e.getMessage(), e);
            } catch (IOException e) {
                throw new UnavailableException("volume " + key + " could not be deleted: " + e, e);
            }
            try {
                files.deleteMetadata(key); // the commit point: from here on the volume is gone
            } catch (IOException e) {
                throw new UnavailableException("volume " + key + " could not be deleted: " + e, e);
            }
            index.remove(key);
            usage.forget(key);
            try {
                files.deleteData(key);
            } catch (IOException e) {
                LOG.warn("Volume {} is deleted but its data could not all be removed: {}", key, e.toString());
                throw new UnavailableException(
                        "volume " + key + " is deleted, but not all of its data could be"
                                + " removed: " + e.getMessage() + "; what is left is in a " + RootFolder.TRASH_PREFIX
                                + " folder beside " + files.dataDir(key) + ", which the next start removes",
                        e);
            }
            return true;
        } finally {
            writes.unlock();
        }
    }

    @Override
    public Optional<Volume> readStorage(VolumeProfile profile) {
        NamespacedName key = new NamespacedName(profile.namespace(), profile.requireName());
        Volume v = index.get(key);
        return v == null ? Optional.empty() : Optional.of(withUsage(v, usage.fresh(key, files.dataDir(key))));
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
                // A list serves scrapes too: a figure a few seconds old spares walking every volume each time.
                out.add(withUsage(e.getValue(), usage.recent(e.getKey(), files.dataDir(e.getKey()))));
            }
        }
        return new VolumeList(out);
    }

    /**
     * Changes a volume's phase, e.g. to Bound while a pod uses it, and commits it; nothing if it does not exist or
     * is Failed.
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
            if (v == null || v.phase() == VolumePhase.FAILED) {
                return; // a Failed volume's metadata is kept as it is, for a person to look at
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

    /**
     * Marks Released every Bound volume that no pod uses: after a start, the pods that were found are all there
     * is, and a volume whose pod was lost while no instance ran must not stay Bound for ever.
     *
     * @param used the volumes the pods found at start use
     * @return the volumes it released
     */
    public List<NamespacedName> releaseUnused(Set<NamespacedName> used) {
        List<NamespacedName> released = new ArrayList<>();
        for (Map.Entry<NamespacedName, Volume> e : index.entrySet()) {
            if (e.getValue().phase() == VolumePhase.BOUND && !used.contains(e.getKey())) {
                try {
                    phase(e.getKey(), VolumePhase.RELEASED, "no pod uses it since the provider started");
                    released.add(e.getKey());
                } catch (UnavailableException failed) {
                    LOG.warn("Volume {} stays Bound: {}", e.getKey(), failed.getMessage());
                }
            }
        }
        return released;
    }

    // Each volume's claim and the bytes in it now: an add must know what the volumes may still write.
    private List<VolumePool.Claim> claims() {
        List<VolumePool.Claim> out = new ArrayList<>();
        for (Map.Entry<NamespacedName, Volume> e : index.entrySet()) {
            long used = usage.fresh(e.getKey(), files.dataDir(e.getKey())).bytes();
            out.add(new VolumePool.Claim(e.getValue().capacityBytes(), used));
        }
        return out;
    }

    /**
     * A volume with its bytes in use, and a note when they pass its capacity or were counted only in part. The
     * local provider enforces no capacity: as the kubelet reports an emptyDir over its sizeLimit, it says so, but
     * evicts nothing.
     */
    private static Volume withUsage(Volume v, VolumeUsage.Measured m) {
        Volume used = v.withUsedBytes(m.bytes());
        if (v.phase() == VolumePhase.FAILED || m.bytes() < 0) {
            return used;
        }
        List<String> notes = new ArrayList<>();
        if (m.bytes() > v.capacityBytes()) {
            notes.add("over capacity: uses " + m.bytes() + " bytes of " + Quantity.formatBytes(v.capacityBytes()) + " ("
                    + v.capacityBytes() + " bytes); the local provider enforces no capacity");
        }
        if (!m.complete()) {
            notes.add("usage counted in part: at least " + m.bytes() + " bytes (the walk stopped at its bound)");
        }
        if (notes.isEmpty()) {
            return used;
        }
        String note = String.join("; ", notes);
        return used.withPhase(v.phase(), v.message().isEmpty() ? note : v.message() + "; " + note);
    }

    /** Loads every volume, whole or Failed, after the scan removed what a crash left half-made. */
    private void reconcile() throws IOException {
        writes.lock();
        try {
            index.clear();
            int failed = 0;
            for (VolumeScan.Found f : VolumeScan.scan(files)) {
                index.put(f.key(), f.volume() != null ? f.volume() : failed(f));
                failed += f.volume() == null ? 1 : 0;
            }
            long committed = 0;
            for (Volume v : index.values()) {
                committed =
                        committed > Long.MAX_VALUE - v.capacityBytes() ? Long.MAX_VALUE : committed + v.capacityBytes();
            }
            LOG.info(
                    "Local volumes under {}: {} present ({} Failed), {} bytes claimed of a pool of {} bytes",
                    files.root(),
                    index.size(),
                    failed,
                    committed,
                    pool.poolBytes());
        } finally {
            writes.unlock();
        }
    }

    // A volume whose metadata cannot be used: shown Failed with the reason, its data kept for a person to look at.
    private Volume failed(VolumeScan.Found f) {
        long held = Math.max(1, usage.fresh(f.key(), files.dataDir(f.key())).bytes());
        return new Volume(
                f.key().name(),
                f.key().namespace(),
                UUID.nameUUIDFromBytes(f.file().toString().getBytes(StandardCharsets.UTF_8))
                        .toString(),
                Map.of(),
                Map.of(),
                held,
                -1,
                1,
                "",
                VolumePhase.FAILED,
                "its metadata " + f.file() + " cannot be read: " + f.reason() + "; its data is kept (capacity"
                        + " unknown: shown as the bytes it holds); delete the volume to remove both",
                f.written());
    }
}
