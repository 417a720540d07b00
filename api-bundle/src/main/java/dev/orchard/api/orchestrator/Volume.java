package dev.orchard.api.orchestrator;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.internal.Checks;
import dev.orchard.api.naming.Names;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * A volume, as an orchestrator reports it. Immutable.
 *
 * @param name the volume name, a DNS-1123 label
 * @param namespace the namespace, a DNS-1123 label
 * @param uid a unique id assigned by the orchestrator; never empty
 * @param labels the labels; never null
 * @param annotations free-form annotations; never null
 * @param capacityBytes the capacity in bytes, at least 1
 * @param usedBytes the bytes in use, or -1 if the orchestrator does not know
 * @param replicas the number of replicas, at least 1
 * @param storageClass the storage class; never null, may be empty
 * @param phase the lifecycle phase
 * @param message a human-readable note on the phase; never null, may be empty
 * @param creationTime when the volume was created
 */
public record Volume(
        String name,
        String namespace,
        String uid,
        Map<String, String> labels,
        Map<String, String> annotations,
        long capacityBytes,
        long usedBytes,
        int replicas,
        String storageClass,
        VolumePhase phase,
        String message,
        Instant creationTime) {

    /** Validates the components and copies the maps. */
    public Volume {
        Names.requireDns1123Label("volume name", name);
        Names.requireDns1123Label("namespace", namespace);
        if (uid == null || uid.isBlank()) {
            throw new InvalidInputException("volume uid must not be empty");
        }
        labels = Checks.requireLabels("volume labels", labels);
        annotations = Checks.requireAnnotations("volume annotations", annotations);
        if (capacityBytes <= 0) {
            throw new InvalidInputException("volume capacity " + capacityBytes + " must be positive");
        }
        if (usedBytes < -1) {
            throw new InvalidInputException("volume used bytes " + usedBytes + " must be -1 (unknown) or more");
        }
        if (replicas < 1) {
            throw new InvalidInputException("volume replicas " + replicas + " must be at least 1");
        }
        storageClass = storageClass == null ? "" : storageClass;
        Objects.requireNonNull(phase, "phase");
        message = message == null ? "" : message;
        Objects.requireNonNull(creationTime, "creationTime");
    }

    /**
     * Returns a copy in another phase.
     *
     * @param newPhase the phase
     * @param newMessage the note on the phase
     * @return the copy
     */
    public Volume withPhase(VolumePhase newPhase, String newMessage) {
        return new Volume(
                name,
                namespace,
                uid,
                labels,
                annotations,
                capacityBytes,
                usedBytes,
                replicas,
                storageClass,
                newPhase,
                newMessage,
                creationTime);
    }

    /**
     * Returns a copy with another count of used bytes.
     *
     * @param bytes the bytes in use, or -1
     * @return the copy
     */
    public Volume withUsedBytes(long bytes) {
        return new Volume(
                name,
                namespace,
                uid,
                labels,
                annotations,
                capacityBytes,
                bytes,
                replicas,
                storageClass,
                phase,
                message,
                creationTime);
    }

    /**
     * Creates the volume a profile describes, in the {@link VolumePhase#AVAILABLE} phase.
     *
     * @param profile the profile; its name and capacity are required
     * @param uid the unique id assigned by the orchestrator
     * @param creationTime when it was created
     * @return the volume
     * @throws InvalidInputException if the profile lacks a name or capacity
     */
    public static Volume fromProfile(VolumeProfile profile, String uid, Instant creationTime) {
        return new Volume(
                profile.requireName(),
                profile.namespace(),
                uid,
                profile.labels(),
                Map.of(),
                profile.requireCapacityBytes(),
                -1,
                profile.replicas(),
                profile.storageClass().orElse(""),
                VolumePhase.AVAILABLE,
                "",
                creationTime);
    }
}
