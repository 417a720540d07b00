package dev.orchard.http.api;

import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.quantity.Quantity;
import java.time.Instant;
import java.util.Map;

/**
 * A volume in JSON: the {@link Volume} record's fields, with the byte counts as quantity text ({@code capacity}
 * {@code "10Mi"}, {@code used}) as the shell and the profile write them.
 *
 * @param name the name
 * @param namespace the namespace
 * @param uid the uid
 * @param labels the labels
 * @param annotations the annotations
 * @param capacity the capacity, e.g. {@code 10Mi}
 * @param used the bytes in use, e.g. {@code 0}; null if the orchestrator does not know
 * @param replicas the replica count
 * @param storageClass the storage class
 * @param phase the phase
 * @param message the phase's message
 * @param creationTime when it was created
 */
record VolumeJson(
        String name,
        String namespace,
        String uid,
        Map<String, String> labels,
        Map<String, String> annotations,
        String capacity,
        String used,
        int replicas,
        String storageClass,
        String phase,
        String message,
        Instant creationTime) {

    static VolumeJson of(Volume v) {
        return new VolumeJson(
                v.name(),
                v.namespace(),
                v.uid(),
                v.labels(),
                v.annotations(),
                Quantity.formatBytes(v.capacityBytes()),
                v.usedBytes() < 0 ? null : Quantity.formatBytes(v.usedBytes()),
                v.replicas(),
                v.storageClass(),
                v.phase().name(),
                v.message(),
                v.creationTime());
    }
}
