package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.provider.local.internal.volumes.LocalStorage;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Which pods use which volume, and the phase that follows from it: a volume is Bound while a pod uses it and
 * Released once its last pod is gone. Each volume has a lock of its own, so that marking one volume (a write of
 * its metadata) holds up only the pods that use the same volume.
 */
final class VolumeClaims {
    private final LocalStorage storage;
    private final ConcurrentHashMap<NamespacedName, Claim> claims = new ConcurrentHashMap<>();

    // The pods that use one volume. Changed under its own monitor; dropped from the map once no pod uses it.
    private static final class Claim {
        final Set<NamespacedName> pods = new HashSet<>();
        boolean dropped;
    }

    VolumeClaims(LocalStorage storage) {
        this.storage = storage;
    }

    /**
     * Marks a new pod's volumes Bound.
     *
     * @param pod the pod
     * @param spec its spec
     * @throws dev.orchard.api.error.UnavailableException if a volume's phase could not be saved; the volumes
     *     marked before it stay claimed by the pod until {@link #release}
     */
    void bind(NamespacedName pod, PodSpec spec) {
        for (NamespacedName volume : volumes(pod, spec)) {
            change(volume, claim -> {
                storage.phase(volume, VolumePhase.BOUND, "used by pod " + pod.name());
                claim.pods.add(pod);
            });
        }
    }

    /**
     * Records that an adopted pod uses its volumes; their Bound phase was saved when the pod was created.
     *
     * @param pod the pod
     * @param spec its spec
     */
    void adopt(NamespacedName pod, PodSpec spec) {
        for (NamespacedName volume : volumes(pod, spec)) {
            change(volume, claim -> claim.pods.add(pod));
        }
    }

    /**
     * Releases a pod's volumes: each one that no other pod uses is marked Released.
     *
     * @param pod the pod
     * @param spec its spec
     */
    void release(NamespacedName pod, PodSpec spec) {
        for (NamespacedName volume : volumes(pod, spec)) {
            change(volume, claim -> {
                if (claim.pods.remove(pod) && claim.pods.isEmpty()) {
                    storage.phase(volume, VolumePhase.RELEASED, "pod " + pod.name() + " is gone");
                }
            });
        }
    }

    private static Set<NamespacedName> volumes(NamespacedName pod, PodSpec spec) {
        Set<NamespacedName> out = new HashSet<>();
        for (PodVolume v : spec.volumes()) {
            out.add(new NamespacedName(pod.namespace(), v.claimName()));
        }
        return out;
    }

    // Applies a change under the volume's monitor; a claim that another thread just dropped is made anew.
    private void change(NamespacedName volume, Consumer<Claim> action) {
        while (true) {
            Claim claim = claims.computeIfAbsent(volume, k -> new Claim());
            synchronized (claim) {
                if (claim.dropped) {
                    continue;
                }
                try {
                    action.accept(claim);
                } finally {
                    if (claim.pods.isEmpty()) {
                        claim.dropped = true;
                        claims.remove(volume, claim);
                    }
                }
                return;
            }
        }
    }
}
