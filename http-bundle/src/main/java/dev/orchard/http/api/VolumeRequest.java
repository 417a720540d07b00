package dev.orchard.http.api;

import dev.orchard.api.orchestrator.VolumeProfile;
import java.util.Map;

/**
 * The body of a volume creation: a volume profile in JSON, with the profile's own field names.
 *
 * @param name the volume name
 * @param namespace the namespace; null for {@code default}
 * @param capacity the capacity as a quantity, e.g. {@code 10Mi}
 * @param replicas the replica count; null for the profile's default
 * @param storageClass the storage class; null for none
 * @param labels the labels; null for none
 */
record VolumeRequest(
        String name,
        String namespace,
        String capacity,
        Integer replicas,
        String storageClass,
        Map<String, String> labels) {

    /**
     * The profile, validated by its builder.
     *
     * @param orchestrator the orchestrator it targets
     * @return the profile
     */
    VolumeProfile toProfile(String orchestrator) {
        VolumeProfile.Builder b =
                VolumeProfile.builder().name(name).namespace(namespace).orchestrator(orchestrator);
        if (capacity != null) {
            b.capacity(capacity);
        }
        if (replicas != null) {
            b.replicas(replicas);
        }
        if (storageClass != null) {
            b.storageClass(storageClass);
        }
        if (labels != null) {
            b.labels(labels);
        }
        return b.build();
    }
}
