package ${package};

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeList;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.quantity.Quantity;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The ${kind} provider's volumes: kept in memory, within a pool of bytes. Replace it with your storage.
 *
 * <p>Thread-safe: every method holds this object's monitor. Volumes are immutable records, so what it returns
 * cannot change its state.
 */
final class ${Kind}Storage implements StorageOps {
    private final long poolBytes;
    private final Clock clock;
    private final TreeMap<NamespacedName, Volume> volumes = new TreeMap<>();

    /**
     * Creates an empty storage.
     *
     * @param poolBytes the bytes all volumes together may claim
     * @param clock the clock for creation times
     * @throws dev.orchard.api.error.InvalidInputException if the pool is not positive
     */
    ${Kind}Storage(long poolBytes, Clock clock) {
        this.poolBytes = Quantity.requirePositive("${kind} storage pool", poolBytes);
        this.clock = clock;
    }

    @Override
    public synchronized Volume addStorage(VolumeProfile profile) {
        NamespacedName key = key(profile);
        long bytes = profile.requireCapacityBytes();
        if (volumes.containsKey(key)) {
            throw new AlreadyExistsException("volume " + key + " exists already");
        }
        long left = poolBytes
                - volumes.values().stream().mapToLong(Volume::capacityBytes).sum();
        if (bytes > left) {
            throw new UnavailableException("volume " + key.name() + " needs " + Quantity.formatBytes(bytes)
                    + " but the ${kind} storage pool has " + Quantity.formatBytes(left) + " of "
                    + Quantity.formatBytes(poolBytes) + " left");
        }
        // Nothing is written to a volume kept in memory, so its use is known: none.
        Volume volume = Volume.fromProfile(profile, UUID.randomUUID().toString(), clock.instant())
                .withUsedBytes(0);
        volumes.put(key, volume);
        return volume;
    }

    @Override
    public synchronized boolean deleteStorage(VolumeProfile profile) {
        return volumes.remove(key(profile)) != null;
    }

    @Override
    public synchronized Optional<Volume> readStorage(VolumeProfile profile) {
        return Optional.ofNullable(volumes.get(key(profile)));
    }

    @Override
    public synchronized VolumeList listStorage(VolumeProfile profile) {
        List<Volume> out = new ArrayList<>();
        for (Volume volume : volumes.values()) {
            if (profile.matches(volume)) {
                out.add(volume);
            }
        }
        return new VolumeList(out);
    }

    private static NamespacedName key(VolumeProfile profile) {
        return new NamespacedName(profile.namespace(), profile.requireName());
    }
}
