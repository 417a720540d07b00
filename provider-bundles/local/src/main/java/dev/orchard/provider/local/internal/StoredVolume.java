package dev.orchard.provider.local.internal;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumePhase;
import java.time.Instant;
import java.util.Map;

/**
 * The JSON form of a volume's metadata file. A record of plain types, so the file format does not change when
 * the API's Volume gains a component; {@code format} names the layout version.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record StoredVolume(
        int format,
        String name,
        String namespace,
        String uid,
        Map<String, String> labels,
        Map<String, String> annotations,
        long capacityBytes,
        int replicas,
        String storageClass,
        String phase,
        String message,
        String creationTime) {

    static final int FORMAT = 1;

    static StoredVolume of(Volume v) {
        return new StoredVolume(
                FORMAT,
                v.name(),
                v.namespace(),
                v.uid(),
                v.labels(),
                v.annotations(),
                v.capacityBytes(),
                v.replicas(),
                v.storageClass(),
                v.phase().name(),
                v.message(),
                v.creationTime().toString());
    }

    /** Validates through the API record: a file edited into nonsense fails here, with the field named. */
    Volume toVolume() {
        return new Volume(
                name,
                namespace,
                uid,
                labels,
                annotations,
                capacityBytes,
                -1,
                replicas,
                storageClass,
                VolumePhase.valueOf(phase),
                message,
                Instant.parse(creationTime));
    }
}
