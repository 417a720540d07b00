package dev.orchard.provider.kubernetes.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.kubernetes.internal.volumes.KubernetesStorage;
import dev.orchard.provider.kubernetes.mapping.NamespaceMapping;
import dev.orchard.provider.kubernetes.mapping.OriginLabels;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Volumes as PersistentVolumeClaims in a mock API server. */
class StorageTest {
    private final ApiServer api = new ApiServer();
    private final ClusterClient cluster = new ClusterClient(api.settings(Duration.ofSeconds(5)));
    private final KubernetesStorage storage =
            new KubernetesStorage(cluster, new NamespaceMapping("orchard-"), new OriginLabels("k8s"), "standard");

    @AfterEach
    void close() {
        cluster.close();
        api.close();
    }

    private static VolumeProfile.Builder volume(String name) {
        return VolumeProfile.builder().namespace("prod").name(name);
    }

    @Test
    void addCreatesAClaimWithCapacityClassLabelsAndReadWriteOnce() {
        Volume v = storage.addStorage(
                volume("data").capacity("10Gi").label("app", "db").build());
        assertEquals("data", v.name());
        assertEquals("prod", v.namespace());
        assertEquals(10L << 30, v.capacityBytes());
        assertEquals("standard", v.storageClass());
        assertEquals(Map.of("app", "db"), v.labels(), "the provider's own labels are hidden");
        assertEquals(VolumePhase.PENDING, v.phase(), "a claim no volume is bound to yet is Pending");

        PersistentVolumeClaim pvc = api.client()
                .persistentVolumeClaims()
                .inNamespace("orchard-prod")
                .withName("data")
                .get();
        assertEquals(List.of("ReadWriteOnce"), pvc.getSpec().getAccessModes());
        assertEquals("standard", pvc.getSpec().getStorageClassName());
        assertEquals(
                "10737418240",
                pvc.getSpec().getResources().getRequests().get("storage").toString());
        assertEquals("db", pvc.getMetadata().getLabels().get("app"));
        assertEquals("k8s", pvc.getMetadata().getLabels().get(OriginLabels.PROVIDER));
        assertEquals("prod", pvc.getMetadata().getLabels().get(OriginLabels.NAMESPACE));
        assertEquals("orchard", pvc.getMetadata().getLabels().get(OriginLabels.MANAGED_BY));
        assertTrue(api.client().namespaces().withName("orchard-prod").get() != null, "the namespace was created");
    }

    @Test
    void theProfilesStorageClassWinsOverTheConfiguredOne() {
        Volume v = storage.addStorage(
                volume("fast").capacity("1Gi").storageClass("ssd").build());
        assertEquals("ssd", v.storageClass());
    }

    @Test
    void phaseFollowsTheClaims() {
        storage.addStorage(volume("data").capacity("1Gi").build());
        for (var phase : Map.of("Bound", VolumePhase.BOUND, "Lost", VolumePhase.FAILED, "Pending", VolumePhase.PENDING)
                .entrySet()) {
            PersistentVolumeClaim pvc = api.client()
                    .persistentVolumeClaims()
                    .inNamespace("orchard-prod")
                    .withName("data")
                    .get();
            pvc.setStatus(new io.fabric8.kubernetes.api.model.PersistentVolumeClaimStatusBuilder()
                    .withPhase(phase.getKey())
                    .build());
            api.client()
                    .persistentVolumeClaims()
                    .inNamespace("orchard-prod")
                    .resource(pvc)
                    .updateStatus();
            Volume read = storage.readStorage(volume("data").build()).orElseThrow();
            assertEquals(phase.getValue(), read.phase(), phase.getKey());
        }
    }

    @Test
    void readListAndDeleteSeeOnlyTheProvidersClaims() {
        storage.addStorage(volume("a").capacity("1Gi").label("tier", "x").build());
        storage.addStorage(volume("b").capacity("1Gi").label("tier", "y").build());
        PersistentVolumeClaim foreign = new PersistentVolumeClaimBuilder()
                .withNewMetadata()
                .withName("foreign")
                .withNamespace("orchard-prod")
                .withLabels(Map.of("tier", "x"))
                .endMetadata()
                .withNewSpec()
                .withAccessModes("ReadWriteOnce")
                .endSpec()
                .build();
        api.client()
                .persistentVolumeClaims()
                .inNamespace("orchard-prod")
                .resource(foreign)
                .create();

        assertEquals(
                List.of("a", "b"),
                names(storage.listStorage(
                                VolumeProfile.builder().namespace("prod").build())
                        .items()));
        assertEquals(
                List.of("a"),
                names(storage.listStorage(VolumeProfile.builder()
                                .namespace("prod")
                                .label("tier", "x")
                                .build())
                        .items()));
        assertTrue(storage.readStorage(volume("foreign").build()).isEmpty(), "a claim someone else made is not ours");
        assertFalse(storage.deleteStorage(volume("foreign").build()), "and is never deleted");
        assertTrue(api.client()
                        .persistentVolumeClaims()
                        .inNamespace("orchard-prod")
                        .withName("foreign")
                        .get()
                != null);
        assertThrows(
                AlreadyExistsException.class,
                () -> storage.addStorage(volume("foreign").capacity("1Gi").build()));

        assertTrue(storage.deleteStorage(volume("a").build()));
        assertFalse(storage.deleteStorage(volume("a").build()), "idempotent");
        assertTrue(storage.readStorage(volume("a").build()).isEmpty());
    }

    @Test
    void replicasOtherThanOneAreTheStorageClassesBusiness() {
        UnsupportedException e = assertThrows(
                UnsupportedException.class,
                () -> storage.addStorage(volume("r").capacity("1Gi").replicas(3).build()));
        assertTrue(e.getMessage().contains("storage class"), e.getMessage());
        assertTrue(storage.readStorage(volume("r").build()).isEmpty(), "nothing was created");
    }

    @Test
    void theProvidersOwnLabelsCannotBeSet() {
        assertThrows(
                InvalidInputException.class,
                () -> storage.addStorage(volume("x")
                        .capacity("1Gi")
                        .label("orchard.dev/provider", "other")
                        .build()));
        assertThrows(
                InvalidInputException.class,
                () -> storage.listStorage(VolumeProfile.builder()
                        .label("app.kubernetes.io/managed-by", "x")
                        .build()));
    }

    @Test
    void anOrchardNamespaceTooLongForTheMappingIsRefusedNotShortened() {
        String ns = "n".repeat(60);
        InvalidInputException e = assertThrows(
                InvalidInputException.class,
                () -> storage.addStorage(VolumeProfile.builder()
                        .namespace(ns)
                        .name("v")
                        .capacity("1Gi")
                        .build()));
        assertTrue(e.getMessage().contains("at most 55 characters"), e.getMessage());
    }

    private static List<String> names(List<Volume> volumes) {
        return volumes.stream().map(Volume::name).toList();
    }
}
