package dev.orchard.provider.mock.internal;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeList;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.ClaimSource;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.quantity.Quantity;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The mock's volumes: in memory, within a pool of bytes, and bound while a pod claims them.
 *
 * <p>Thread-safe: every method holds this object's monitor, so a pod's claims are checked and bound in one step
 * and a volume cannot be deleted between the two. Volumes are immutable records, so what it returns cannot change
 * its state.
 */
final class MockStorage implements StorageOps {
    private final long poolBytes;
    private final Clock clock;
    private final TreeMap<NamespacedName, Volume> volumes = new TreeMap<>();

    /**
     * Creates an empty storage.
     *
     * @param poolBytes the bytes all volumes together may claim
     * @param clock the clock for creation times
     * @throws InvalidInputException if the pool is not positive
     */
    MockStorage(long poolBytes, Clock clock) {
        this.poolBytes = Quantity.requirePositive("mock storage pool", poolBytes);
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
                    + " but the mock storage pool has " + Quantity.formatBytes(left) + " of "
                    + Quantity.formatBytes(poolBytes) + " left");
        }
        // Nothing is ever written to a mock volume, so its use is known: none.
        Volume v = Volume.fromProfile(profile, UUID.randomUUID().toString(), clock.instant())
                .withUsedBytes(0);
        volumes.put(key, v);
        return v;
    }

    @Override
    public synchronized boolean deleteStorage(VolumeProfile profile) {
        NamespacedName key = key(profile);
        Volume v = volumes.get(key);
        if (v == null) {
            return false;
        }
        if (v.phase() == VolumePhase.BOUND) {
            throw new UnavailableException("volume " + key + " is bound to a pod; delete the pod first");
        }
        volumes.remove(key);
        return true;
    }

    @Override
    public synchronized Optional<Volume> readStorage(VolumeProfile profile) {
        return Optional.ofNullable(volumes.get(key(profile)));
    }

    @Override
    public synchronized VolumeList listStorage(VolumeProfile profile) {
        List<Volume> out = new ArrayList<>();
        for (Volume v : volumes.values()) {
            if (profile.matches(v)) {
                out.add(v);
            }
        }
        return new VolumeList(out);
    }

    /**
     * Checks that every volume a pod claims exists in its namespace.
     *
     * @param pod the pod
     * @throws InvalidInputException naming the first claimed volume that does not exist
     */
    synchronized void requireClaims(Pod pod) {
        for (PodVolume v : claims(pod)) {
            if (!volumes.containsKey(new NamespacedName(pod.namespace(), v.claimName()))) {
                throw new InvalidInputException("pod " + pod.name() + " claims volume " + Names.quote(v.claimName())
                        + ", which does not exist in namespace " + pod.namespace());
            }
        }
    }

    /**
     * Binds every volume a pod claims, after checking, in the same step, that they all exist.
     *
     * @param pod the pod
     * @throws InvalidInputException if a claimed volume does not exist; then nothing is bound
     */
    synchronized void bind(Pod pod) {
        requireClaims(pod);
        for (PodVolume pv : claims(pod)) {
            NamespacedName key = new NamespacedName(pod.namespace(), pv.claimName());
            volumes.put(key, volumes.get(key).withPhase(VolumePhase.BOUND, "used by pod " + pod.name()));
        }
    }

    /**
     * Releases volumes that no pod claims any more.
     *
     * @param namespace their namespace
     * @param claimNames their names; a volume that no longer exists is skipped
     * @param podName the pod that released them, for the phase's message
     */
    synchronized void release(String namespace, Collection<String> claimNames, String podName) {
        for (String claim : claimNames) {
            NamespacedName key = new NamespacedName(namespace, claim);
            Volume v = volumes.get(key);
            if (v != null) {
                volumes.put(key, v.withPhase(VolumePhase.RELEASED, "released by pod " + podName));
            }
        }
    }

    // The pod's volumes that claim a mock volume; an emptyDir needs none.
    static List<PodVolume> claims(Pod pod) {
        return pod.spec().volumes().stream()
                .filter(v -> v.source() instanceof ClaimSource)
                .toList();
    }

    private static NamespacedName key(VolumeProfile profile) {
        return new NamespacedName(profile.namespace(), profile.requireName());
    }
}
