package dev.orchard.api.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VolumeProfileTest {
    @Test
    void defaults() {
        VolumeProfile p = VolumeProfile.builder().build();
        assertEquals("default", p.namespace());
        assertEquals(1, p.replicas());
        assertTrue(p.name().isEmpty());
        assertTrue(p.capacityBytes().isEmpty());
        assertTrue(p.storageClass().isEmpty());
        assertTrue(p.orchestrator().isEmpty());
        assertEquals(Map.of(), p.labels());
    }

    @Test
    void requireNameAndCapacityFailAsInvalidInput() {
        VolumeProfile p = VolumeProfile.builder().build();
        assertTrue(assertThrows(InvalidInputException.class, p::requireName).getMessage().contains("volume name"));
        VolumeProfile named = VolumeProfile.builder().name("data").build();
        assertTrue(assertThrows(InvalidInputException.class, named::requireCapacityBytes).getMessage()
                .contains("capacity is required"));
    }

    @Test
    void rejectsBadFields() {
        assertThrows(InvalidInputException.class, () -> VolumeProfile.builder().name("Data").build());
        assertThrows(InvalidInputException.class, () -> VolumeProfile.builder().name("../x").build());
        assertThrows(InvalidInputException.class, () -> VolumeProfile.builder().namespace("a/b").build());
        assertThrows(InvalidInputException.class, () -> VolumeProfile.builder().replicas(0).build());
        assertThrows(InvalidInputException.class, () -> VolumeProfile.builder().replicas(33).build());
        assertThrows(InvalidInputException.class, () -> VolumeProfile.builder().capacity("0"));
        assertThrows(InvalidInputException.class, () -> VolumeProfile.builder().capacity("-1Gi"));
        assertThrows(InvalidInputException.class, () -> VolumeProfile.builder().capacityBytes(0));
        assertThrows(InvalidInputException.class, () -> VolumeProfile.builder().storageClass("Fast_SSD").build());
        assertThrows(InvalidInputException.class, () -> VolumeProfile.builder().label("a b", "x").build());
        assertThrows(InvalidInputException.class, () -> VolumeProfile.builder().orchestrator("K8S").build());
    }

    @Test
    void labelsAreImmutableCopies() {
        Map<String, String> labels = new HashMap<>(Map.of("app", "db"));
        VolumeProfile p = VolumeProfile.builder().labels(labels).build();
        labels.put("x", "y");
        assertEquals(Map.of("app", "db"), p.labels());
        assertThrows(UnsupportedOperationException.class, () -> p.labels().put("z", "1"));
    }

    @Test
    void matchesByNamespaceAndLabelSubset() {
        Volume v = new Volume("data", "prod", "uid-1", Map.of("app", "db", "tier", "backend"), Map.of(), 1024, -1, 1,
                "", VolumePhase.AVAILABLE, "", Instant.EPOCH);
        assertTrue(VolumeProfile.builder().namespace("prod").build().matches(v));
        assertTrue(VolumeProfile.builder().namespace("prod").label("app", "db").build().matches(v));
        assertFalse(VolumeProfile.builder().namespace("prod").label("app", "web").build().matches(v));
        assertFalse(VolumeProfile.builder().label("app", "db").build().matches(v), "other namespace");
    }

    @Test
    void toBuilderRoundTripsAndEqualityIsByValue() {
        VolumeProfile p = VolumeProfile.builder().name("data").namespace("prod").capacity("10Gi").replicas(3)
                .storageClass("fast").label("app", "db").orchestrator("local").build();
        assertEquals(p, p.toBuilder().build());
        assertEquals(p.hashCode(), p.toBuilder().build().hashCode());
        assertNotEquals(p, p.toBuilder().replicas(2).build());
        assertEquals(10L << 30, p.requireCapacityBytes());
    }

    @Test
    void volumeFromProfileAndVolumeValidation() {
        VolumeProfile p = VolumeProfile.builder().name("data").capacity("1Gi").label("app", "db").build();
        Volume v = Volume.fromProfile(p, "uid-1", Instant.EPOCH);
        assertEquals("data", v.name());
        assertEquals(VolumePhase.AVAILABLE, v.phase());
        assertEquals(1L << 30, v.capacityBytes());
        assertEquals(-1, v.usedBytes());
        assertEquals(VolumePhase.BOUND, v.withPhase(VolumePhase.BOUND, "pod x").phase());
        assertThrows(InvalidInputException.class, () -> new Volume("data", "default", "u", null, null, 0, -1, 1, null,
                VolumePhase.AVAILABLE, null, Instant.EPOCH));
        assertThrows(InvalidInputException.class, () -> new Volume("data", "default", "u", null, null, 1, -2, 1, null,
                VolumePhase.AVAILABLE, null, Instant.EPOCH));
        assertThrows(InvalidInputException.class, () -> new Volume("data", "default", "u", null, null, 1, -1, 0, null,
                VolumePhase.AVAILABLE, null, Instant.EPOCH));
        assertThrows(InvalidInputException.class, () -> new Volume("data", "default", " ", null, null, 1, -1, 1, null,
                VolumePhase.AVAILABLE, null, Instant.EPOCH));
        Map<String, String> labels = new HashMap<>(Map.of("a", "b"));
        Volume copy = new Volume("data", "default", "u", labels, null, 1, -1, 1, null, VolumePhase.AVAILABLE, null,
                Instant.EPOCH);
        labels.clear();
        assertEquals(Map.of("a", "b"), copy.labels());
        assertEquals(1, new VolumeList(java.util.List.of(copy)).size());
    }
}
