package dev.orchard.provider.kubernetes.internal.volumes;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.provider.kubernetes.mapping.OriginLabels;
import dev.orchard.provider.kubernetes.mapping.Quantities;
import dev.orchard.provider.kubernetes.mapping.Timestamps;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimStatus;
import io.fabric8.kubernetes.api.model.Quantity;
import java.time.Instant;
import java.util.Map;

/** A volume as a PersistentVolumeClaim, and back: capacity, storage class, labels, ReadWriteOnce, and the phase. */
final class ClaimTranslation {
    private ClaimTranslation() {}

    /**
     * The claim a profile asks for.
     *
     * @param profile the volume to add; its name and capacity are required
     * @param clusterNamespace where it goes
     * @param defaultStorageClass the storage class when the profile names none, or empty for the cluster's default
     * @param labels the profile's labels with the origin marked
     * @return the claim
     */
    static PersistentVolumeClaim claim(
            VolumeProfile profile, String clusterNamespace, String defaultStorageClass, Map<String, String> labels) {
        String storageClass = profile.storageClass().orElse(defaultStorageClass);
        return new PersistentVolumeClaimBuilder()
                .withNewMetadata()
                .withName(profile.requireName())
                .withNamespace(clusterNamespace)
                .withLabels(labels)
                .endMetadata()
                .withNewSpec()
                .withAccessModes("ReadWriteOnce")
                .withStorageClassName(storageClass.isEmpty() ? null : storageClass)
                .withNewResources()
                .withRequests(Map.of("storage", Quantities.ofBytes(profile.requireCapacityBytes())))
                .endResources()
                .endSpec()
                .build();
    }

    /**
     * The volume a claim is, built as stored state: a claim that makes no valid volume is the provider's fault.
     *
     * @param pvc the claim, as the API server returned it
     * @param key its Orchard namespace and name
     * @return the volume
     * @throws ProviderFaultException if the claim makes no valid volume
     */
    static Volume volume(PersistentVolumeClaim pvc, NamespacedName key) {
        return ProviderFaultException.output("volume " + key + " from its PersistentVolumeClaim", () -> {
            PersistentVolumeClaimStatus status = pvc.getStatus();
            Quantity capacity = status != null && status.getCapacity() != null
                    ? status.getCapacity().get("storage")
                    : null;
            if (capacity == null
                    && pvc.getSpec().getResources() != null
                    && pvc.getSpec().getResources().getRequests() != null) {
                capacity = pvc.getSpec().getResources().getRequests().get("storage");
            }
            String phase = status == null || status.getPhase() == null ? "Pending" : status.getPhase();
            return new Volume(
                    key.name(),
                    key.namespace(),
                    pvc.getMetadata().getUid(),
                    OriginLabels.hide(pvc.getMetadata().getLabels()),
                    OriginLabels.hide(pvc.getMetadata().getAnnotations()),
                    Quantities.bytes("capacity", capacity),
                    -1,
                    1,
                    pvc.getSpec().getStorageClassName(),
                    phase(phase),
                    message(phase, status),
                    created(pvc.getMetadata().getCreationTimestamp()));
        });
    }

    // The claim's phase is the volume's: Pending, Bound, and Lost (its volume is gone) as Failed.
    static VolumePhase phase(String claimPhase) {
        return switch (claimPhase) {
            case "Bound" -> VolumePhase.BOUND;
            case "Lost" -> VolumePhase.FAILED;
            default -> VolumePhase.PENDING;
        };
    }

    private static String message(String phase, PersistentVolumeClaimStatus status) {
        if (phase.equals("Lost")) {
            return "the PersistentVolumeClaim lost its PersistentVolume";
        }
        if (status != null
                && status.getConditions() != null
                && !status.getConditions().isEmpty()) {
            var last = status.getConditions().get(status.getConditions().size() - 1);
            return last.getMessage() == null ? "" : last.getMessage();
        }
        return "";
    }

    private static Instant created(String timestamp) {
        Instant created = Timestamps.parse("creation timestamp", timestamp);
        if (created == null) {
            throw new InvalidInputException("the PersistentVolumeClaim has no creation timestamp");
        }
        return created;
    }
}
