package dev.orchard.api.orchestrator;

import static dev.orchard.api.InvalidInput.assertInvalidInput;
import static dev.orchard.api.InvalidInput.assertInvalidInputContaining;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class VolumeValidationTest {
    private static final Instant CREATED = Instant.parse("2026-01-02T03:04:05Z");

    private static Volume volume(String uid, long capacity, long used, int replicas) {
        return new Volume(
                "data",
                "default",
                uid,
                Map.of("app", "db"),
                Map.of("note", "x"),
                capacity,
                used,
                replicas,
                "fast",
                VolumePhase.AVAILABLE,
                "ok",
                CREATED);
    }

    @Test
    void keepsValidComponents() {
        Volume v = volume("uid-1", 1024, 10, 3);
        assertEquals("data", v.name());
        assertEquals("default", v.namespace());
        assertEquals("uid-1", v.uid());
        assertEquals(Map.of("app", "db"), v.labels());
        assertEquals(Map.of("note", "x"), v.annotations());
        assertEquals(1024, v.capacityBytes());
        assertEquals(10, v.usedBytes());
        assertEquals(3, v.replicas());
        assertEquals("fast", v.storageClass());
        assertEquals(VolumePhase.AVAILABLE, v.phase());
        assertEquals("ok", v.message());
        assertEquals(CREATED, v.creationTime());
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1, Long.MIN_VALUE})
    void rejectsACapacityThatIsNotPositive(long capacity) {
        assertInvalidInput("volume capacity " + capacity + " must be positive", () -> volume("u", capacity, -1, 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
    void rejectsFewerThanOneReplica(int replicas) {
        assertInvalidInput("volume replicas " + replicas + " must be at least 1", () -> volume("u", 1, -1, replicas));
    }

    @ParameterizedTest
    @ValueSource(longs = {-2, -100, Long.MIN_VALUE})
    void rejectsUsedBytesBelowMinusOne(long used) {
        assertInvalidInput(
                "volume used bytes " + used + " must be -1 (unknown) or more", () -> volume("u", 1, used, 1));
    }

    @ParameterizedTest
    @ValueSource(longs = {-1, 0, 1, 1024, 4096})
    void acceptsUnknownOrAnyUsedBytes(long used) {
        assertEquals(used, volume("u", 1024, used, 1).usedBytes());
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {" ", "\t", " \n "})
    void rejectsABlankUid(String uid) {
        assertInvalidInput("volume uid must not be empty", () -> volume(uid, 1, -1, 1));
    }

    @Test
    void rejectsABadNameOrNamespace() {
        assertInvalidInputContaining(
                () -> new Volume(
                        "Data", "default", "u", null, null, 1, -1, 1, null, VolumePhase.AVAILABLE, null, CREATED),
                "volume name \"Data\"");
        assertInvalidInputContaining(
                () -> new Volume("data", "a.b", "u", null, null, 1, -1, 1, null, VolumePhase.AVAILABLE, null, CREATED),
                "namespace \"a.b\"");
    }

    @Test
    void phaseAndCreationTimeAreRequired() {
        assertThrows(
                NullPointerException.class,
                () -> new Volume("data", "default", "u", null, null, 1, -1, 1, null, null, null, CREATED));
        assertThrows(
                NullPointerException.class,
                () -> new Volume(
                        "data", "default", "u", null, null, 1, -1, 1, null, VolumePhase.AVAILABLE, null, null));
    }

    @Test
    void nullsBecomeEmpty() {
        Volume v = new Volume("data", "default", "u", null, null, 1, -1, 1, null, VolumePhase.PENDING, null, CREATED);
        assertEquals(Map.of(), v.labels());
        assertEquals(Map.of(), v.annotations());
        assertEquals("", v.storageClass());
        assertEquals("", v.message());
    }

    @Test
    void copiesLabelsAndAnnotationsDefensively() {
        Map<String, String> labels = new HashMap<>(Map.of("a", "b"));
        Map<String, String> annotations = new HashMap<>(Map.of("free form", "any thing"));
        Volume v = new Volume(
                "data", "default", "u", labels, annotations, 1, -1, 1, null, VolumePhase.AVAILABLE, null, CREATED);
        labels.clear();
        labels.put("c", "d");
        annotations.put("more", "x");
        assertEquals(Map.of("a", "b"), v.labels());
        assertEquals(Map.of("free form", "any thing"), v.annotations());
        assertThrows(UnsupportedOperationException.class, () -> v.labels().put("x", "y"));
        assertThrows(UnsupportedOperationException.class, () -> v.annotations().put("x", "y"));
    }

    @Test
    void validatesLabels() {
        assertInvalidInputContaining(
                () -> new Volume(
                        "data",
                        "default",
                        "u",
                        Map.of("app", "a b"),
                        null,
                        1,
                        -1,
                        1,
                        null,
                        VolumePhase.AVAILABLE,
                        null,
                        CREATED),
                "volume labels value \"a b\"");
    }

    @Test
    void withPhaseAndWithUsedBytesCopyAndRevalidate() {
        Volume v = volume("uid-1", 1024, -1, 1);
        Volume bound = v.withPhase(VolumePhase.BOUND, "pod web");
        assertEquals(VolumePhase.BOUND, bound.phase());
        assertEquals("pod web", bound.message());
        assertEquals(VolumePhase.AVAILABLE, v.phase());
        assertEquals(v, bound.withPhase(VolumePhase.AVAILABLE, "ok"));
        assertEquals(512, v.withUsedBytes(512).usedBytes());
        assertInvalidInputContaining(() -> v.withUsedBytes(-2), "volume used bytes -2");
        assertThrows(NullPointerException.class, () -> v.withPhase(null, ""));
    }

    @Test
    void fromProfileTakesNameNamespaceLabelsCapacityReplicasAndClass() {
        VolumeProfile p = VolumeProfile.builder()
                .name("data")
                .namespace("prod")
                .capacity("1Gi")
                .replicas(3)
                .storageClass("fast")
                .label("app", "db")
                .build();
        Volume v = Volume.fromProfile(p, "uid-1", CREATED);
        assertEquals(
                new Volume(
                        "data",
                        "prod",
                        "uid-1",
                        Map.of("app", "db"),
                        Map.of(),
                        1L << 30,
                        -1,
                        3,
                        "fast",
                        VolumePhase.AVAILABLE,
                        "",
                        CREATED),
                v);
        assertEquals(p.labels(), v.labels());
    }

    @Test
    void fromProfileWithoutAStorageClassGivesAnEmptyOne() {
        Volume v = Volume.fromProfile(
                VolumeProfile.builder().name("data").capacityBytes(1).build(), "u", CREATED);
        assertEquals("", v.storageClass());
        assertEquals("default", v.namespace());
        assertEquals(1, v.replicas());
    }

    @Test
    void fromProfileNeedsANameACapacityAndAUid() {
        assertInvalidInput(
                "volume name is required for this operation",
                () -> Volume.fromProfile(VolumeProfile.builder().capacity("1Gi").build(), "u", CREATED));
        assertInvalidInputContaining(
                () -> Volume.fromProfile(VolumeProfile.builder().name("data").build(), "u", CREATED),
                "capacity is required to add volume \"data\"");
        assertInvalidInput(
                "volume uid must not be empty",
                () -> Volume.fromProfile(
                        VolumeProfile.builder().name("data").capacity("1Gi").build(), " ", CREATED));
    }

    @Test
    void volumeListCopiesItsItems() {
        List<Volume> items = new ArrayList<>(List.of(volume("u", 1, -1, 1)));
        VolumeList list = new VolumeList(items);
        items.clear();
        assertEquals(1, list.size());
        assertThrows(UnsupportedOperationException.class, () -> list.items().clear());
        assertEquals(0, new VolumeList(null).size());
    }
}
