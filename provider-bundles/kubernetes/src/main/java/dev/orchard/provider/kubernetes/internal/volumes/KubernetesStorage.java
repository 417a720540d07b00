package dev.orchard.provider.kubernetes.internal.volumes;

import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeList;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.provider.kubernetes.cluster.ClusterAction;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.kubernetes.mapping.NamespaceMapping;
import dev.orchard.provider.kubernetes.mapping.OriginLabels;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.StatusDetails;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Volumes as PersistentVolumeClaims in the cluster namespace of their Orchard namespace: ReadWriteOnce, with the
 * profile's capacity, labels and storage class (or the configured one), marked with their origin.
 *
 * <p>It sees only the claims its provider made: a claim someone else made is not read, listed or deleted, though
 * its name is taken. A claim being deleted (held by a pod that still uses it) is gone for Orchard. Replicas are the
 * storage class's business, so a profile asking for more than one is refused. Every call is one or two requests to
 * the API server; thread-safe, as the client is.
 */
public final class KubernetesStorage implements StorageOps {
    private final ClusterClient cluster;
    private final NamespaceMapping namespaces;
    private final OriginLabels origin;
    private final String defaultStorageClass;

    /**
     * Creates the storage of a provider.
     *
     * @param cluster the connection
     * @param namespaces where Orchard namespaces live in the cluster
     * @param origin the labels marking what the provider made
     * @param defaultStorageClass the storage class of a profile that names none, or empty for the cluster's default
     */
    public KubernetesStorage(
            ClusterClient cluster, NamespaceMapping namespaces, OriginLabels origin, String defaultStorageClass) {
        this.cluster = cluster;
        this.namespaces = namespaces;
        this.origin = origin;
        this.defaultStorageClass = defaultStorageClass;
    }

    @Override
    public Volume addStorage(VolumeProfile profile) {
        NamespacedName key = key(profile);
        profile.requireCapacityBytes();
        if (profile.replicas() != 1) {
            throw new UnsupportedException("volume " + key + " asks for " + profile.replicas() + " replicas; the"
                    + " Kubernetes provider makes one PersistentVolumeClaim, and replication is its storage class's"
                    + " business: ask for 1 replica and a storage class that replicates");
        }
        String ns = namespaces.toCluster(key.namespace());
        Map<String, String> labels = origin.mark(key, profile.labels());
        PersistentVolumeClaim pvc = ClaimTranslation.claim(profile, ns, defaultStorageClass, labels);
        cluster.ensureNamespace(ns, origin.selector());
        PersistentVolumeClaim created = cluster.call(
                action("create", ns, key.name()),
                () -> cluster.fabric8()
                        .persistentVolumeClaims()
                        .inNamespace(ns)
                        .resource(pvc)
                        .create());
        return ClaimTranslation.volume(created, key);
    }

    @Override
    public boolean deleteStorage(VolumeProfile profile) {
        NamespacedName key = key(profile);
        String ns = namespaces.toCluster(key.namespace());
        if (ours(ns, key.name()).isEmpty()) {
            return false;
        }
        List<StatusDetails> deleted = cluster.call(
                action("delete", ns, key.name()),
                () -> cluster.fabric8()
                        .persistentVolumeClaims()
                        .inNamespace(ns)
                        .withName(key.name())
                        .delete());
        return !deleted.isEmpty();
    }

    @Override
    public Optional<Volume> readStorage(VolumeProfile profile) {
        NamespacedName key = key(profile);
        return ours(namespaces.toCluster(key.namespace()), key.name()).map(pvc -> ClaimTranslation.volume(pvc, key));
    }

    @Override
    public VolumeList listStorage(VolumeProfile profile) {
        String ns = namespaces.toCluster(profile.namespace());
        OriginLabels.requireNoneOwned("labels", profile.labels());
        Map<String, String> selector = new HashMap<>(profile.labels());
        selector.putAll(origin.selector());
        List<PersistentVolumeClaim> claims = cluster.call(
                action("list", ns, ""),
                () -> cluster.fabric8()
                        .persistentVolumeClaims()
                        .inNamespace(ns)
                        .withLabels(selector)
                        .list()
                        .getItems());
        List<Volume> out = new ArrayList<>();
        for (PersistentVolumeClaim pvc : claims) {
            if (origin.marks(pvc.getMetadata().getLabels()) && pvc.getMetadata().getDeletionTimestamp() == null) {
                out.add(ClaimTranslation.volume(
                        pvc,
                        new NamespacedName(
                                profile.namespace(), pvc.getMetadata().getName())));
            }
        }
        out.sort(Comparator.comparing(Volume::name));
        return new VolumeList(out);
    }

    /**
     * Whether this provider holds the volume: a claim of that name that it made and that is not being deleted.
     *
     * @param volume the Orchard namespace and name of the volume
     * @return true if a pod may mount it
     */
    public boolean holds(NamespacedName volume) {
        return ours(namespaces.toCluster(volume.namespace()), volume.name()).isPresent();
    }

    // The claim of that name if this provider made it and it is not being deleted.
    private Optional<PersistentVolumeClaim> ours(String ns, String name) {
        PersistentVolumeClaim pvc = cluster.call(
                action("get", ns, name),
                () -> cluster.fabric8()
                        .persistentVolumeClaims()
                        .inNamespace(ns)
                        .withName(name)
                        .get());
        if (pvc == null
                || !origin.marks(pvc.getMetadata().getLabels())
                || pvc.getMetadata().getDeletionTimestamp() != null) {
            return Optional.empty();
        }
        return Optional.of(pvc);
    }

    private static NamespacedName key(VolumeProfile profile) {
        return new NamespacedName(profile.namespace(), profile.requireName());
    }

    private static ClusterAction action(String verb, String ns, String name) {
        return new ClusterAction(verb, "persistentvolumeclaims", ns, name);
    }
}
