package dev.orchard.provider.local.internal.volumes;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.provider.local.internal.files.StoredFields;
import java.nio.file.Path;
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

    /**
     * The volume this file describes, validated as the API validates it. A file edited into nonsense is the
     * provider's fault, not a caller's, so it fails with a {@link ProviderFaultException} that names the file and
     * the field.
     */
    Volume toVolume(Path file) {
        return ProviderFaultException.output("volume stored in " + file, () -> {
            if (format != FORMAT) {
                throw new InvalidInputException("format " + format + " is not " + FORMAT + ", the one this reads");
            }
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
                    StoredFields.constant(VolumePhase.class, "phase", phase),
                    message,
                    StoredFields.instant("creationTime", creationTime));
        });
    }
}
