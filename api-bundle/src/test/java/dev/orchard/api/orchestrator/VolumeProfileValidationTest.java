package dev.orchard.api.orchestrator;

import static dev.orchard.api.InvalidInput.assertInvalidInput;
import static dev.orchard.api.InvalidInput.assertInvalidInputContaining;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class VolumeProfileValidationTest {
    private static VolumeProfile.Builder full() {
        return VolumeProfile.builder()
                .name("data")
                .namespace("prod")
                .capacity("10Gi")
                .replicas(3)
                .storageClass("fast")
                .label("app", "db")
                .label("example.com/tier", "")
                .orchestrator("local");
    }

    private static Volume volume(String namespace, Map<String, String> labels) {
        return new Volume(
                "data",
                namespace,
                "uid-1",
                labels,
                Map.of(),
                1024,
                -1,
                1,
                "",
                VolumePhase.AVAILABLE,
                "",
                Instant.EPOCH);
    }

    @Test
    void defaults() {
        VolumeProfile p = VolumeProfile.builder().build();
        assertEquals("default", VolumeProfile.DEFAULT_NAMESPACE);
        assertEquals("default", p.namespace());
        assertEquals(1, p.replicas());
        assertEquals(Optional.empty(), p.name());
        assertEquals(OptionalLong.empty(), p.capacityBytes());
        assertEquals(Optional.empty(), p.storageClass());
        assertEquals(Optional.empty(), p.orchestrator());
        assertEquals(Map.of(), p.labels());
    }

    @Test
    void aNullNamespaceRestoresTheDefault() {
        assertEquals(
                "default",
                VolumeProfile.builder()
                        .namespace("prod")
                        .namespace(null)
                        .build()
                        .namespace());
    }

    @Test
    void keepsWhatItIsGiven() {
        VolumeProfile p = full().build();
        assertEquals(Optional.of("data"), p.name());
        assertEquals("data", p.requireName());
        assertEquals("prod", p.namespace());
        assertEquals(OptionalLong.of(10L << 30), p.capacityBytes());
        assertEquals(10L << 30, p.requireCapacityBytes());
        assertEquals(3, p.replicas());
        assertEquals(Optional.of("fast"), p.storageClass());
        assertEquals(Map.of("app", "db", "example.com/tier", ""), p.labels());
        assertEquals(Optional.of("local"), p.orchestrator());
        assertEquals(12345, VolumeProfile.builder().capacityBytes(12345).build().requireCapacityBytes());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 31, 32})
    void acceptsReplicasFromOneTo32(int replicas) {
        assertEquals(32, VolumeProfile.MAX_REPLICAS);
        assertEquals(
                replicas, VolumeProfile.builder().replicas(replicas).build().replicas());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 33, 100, Integer.MIN_VALUE, Integer.MAX_VALUE})
    void rejectsOtherReplicas(int replicas) {
        assertInvalidInput(
                "replicas " + replicas + " must be between 1 and 32",
                () -> VolumeProfile.builder().replicas(replicas).build());
    }

    @Test
    void capacityZeroIsRejectedAtOnce() {
        VolumeProfile.Builder b = VolumeProfile.builder().name("data");
        assertInvalidInputContaining(() -> b.capacity("0"), "capacity \"0\" must be positive");
        // The failed call left the builder without a capacity.
        assertEquals(OptionalLong.empty(), b.build().capacityBytes());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0Gi", "-1Gi", "0.5", "abc", "8Ei", "10GB", " "})
    void badCapacityQuantitiesAreRejectedAtOnce(String quantity) {
        assertInvalidInputContaining(() -> VolumeProfile.builder().capacity(quantity), "capacity");
    }

    @Test
    void nullCapacityAndNonPositiveBytesAreRejected() {
        assertInvalidInputContaining(() -> VolumeProfile.builder().capacity(null), "capacity must not be empty");
        assertInvalidInput(
                "capacity 0 must be positive", () -> VolumeProfile.builder().capacityBytes(0));
        assertInvalidInput(
                "capacity -1 must be positive", () -> VolumeProfile.builder().capacityBytes(-1));
    }

    @Test
    void requireNameOnANamelessProfileIsInvalidInput() {
        VolumeProfile p = VolumeProfile.builder().capacity("1Gi").build();
        assertInvalidInput("volume name is required for this operation", p::requireName);
    }

    @Test
    void requireCapacityWithoutCapacityIsInvalidInput() {
        VolumeProfile p = VolumeProfile.builder().name("data").build();
        assertInvalidInput(
                "capacity is required to add volume \"data\"; give a quantity such as 1Gi", p::requireCapacityBytes);
        assertInvalidInputContaining(VolumeProfile.builder().build()::requireCapacityBytes, "capacity is required");
    }

    @Test
    void labelsAreAnImmutableCopy() {
        Map<String, String> source = new HashMap<>(Map.of("app", "db"));
        VolumeProfile.Builder b = VolumeProfile.builder().labels(source).labels(null);
        VolumeProfile p = b.build();
        source.put("x", "y");
        b.label("later", "z");
        assertEquals(Map.of("app", "db"), p.labels());
        assertThrows(UnsupportedOperationException.class, () -> p.labels().put("z", "1"));
        assertThrows(UnsupportedOperationException.class, () -> p.labels().remove("app"));
        assertEquals(Map.of("app", "db", "later", "z"), b.build().labels());
    }

    @Test
    void aLaterLabelReplacesAnEarlierOneOfTheSameKey() {
        assertEquals(
                Map.of("app", "web"),
                VolumeProfile.builder()
                        .label("app", "db")
                        .label("app", "web")
                        .build()
                        .labels());
    }

    @Test
    void matchesByNamespaceAndLabelSubset() {
        Volume v = volume("prod", Map.of("app", "db", "tier", "backend"));
        assertTrue(VolumeProfile.builder().namespace("prod").build().matches(v), "no labels: every volume");
        assertTrue(VolumeProfile.builder()
                .namespace("prod")
                .label("app", "db")
                .build()
                .matches(v));
        assertTrue(VolumeProfile.builder()
                .namespace("prod")
                .label("app", "db")
                .label("tier", "backend")
                .build()
                .matches(v));
        assertFalse(
                VolumeProfile.builder()
                        .namespace("prod")
                        .label("app", "web")
                        .build()
                        .matches(v),
                "value");
        assertFalse(
                VolumeProfile.builder()
                        .namespace("prod")
                        .label("app", "")
                        .build()
                        .matches(v),
                "empty value");
        assertFalse(
                VolumeProfile.builder()
                        .namespace("prod")
                        .label("app", "db")
                        .label("env", "x")
                        .build()
                        .matches(v),
                "a label the volume lacks");
        assertFalse(VolumeProfile.builder().label("app", "db").build().matches(v), "default namespace");
        assertFalse(VolumeProfile.builder().namespace("dev").build().matches(v), "other namespace");
        assertFalse(
                VolumeProfile.builder()
                        .namespace("prod")
                        .label("app", "db")
                        .build()
                        .matches(volume("prod", Map.of())),
                "volume without labels");
    }

    @Test
    void matchingIgnoresNameCapacityReplicasClassAndOrchestrator() {
        VolumeProfile filter = full().name("other")
                .capacity("1Ki")
                .replicas(7)
                .storageClass("slow")
                .build();
        assertTrue(filter.matches(volume("prod", Map.of("app", "db", "example.com/tier", "", "extra", "1"))));
        assertFalse(filter.matches(volume("prod", Map.of("app", "db"))));
    }

    @Test
    void toBuilderRoundTrips() {
        VolumeProfile p = full().build();
        VolumeProfile copy = p.toBuilder().build();
        assertEquals(p, copy);
        assertEquals(p.hashCode(), copy.hashCode());
        assertEquals(p.toString(), copy.toString());
        VolumeProfile empty = VolumeProfile.builder().build();
        assertEquals(empty, empty.toBuilder().build());
    }

    @Test
    void aDerivedProfileLeavesTheOriginalAlone() {
        VolumeProfile p = full().build();
        VolumeProfile derived =
                p.toBuilder().name("other").label("extra", "1").replicas(5).build();
        assertEquals(Optional.of("data"), p.name());
        assertEquals(Map.of("app", "db", "example.com/tier", ""), p.labels());
        assertEquals(3, p.replicas());
        assertEquals(Optional.of("other"), derived.name());
        assertEquals(Map.of("app", "db", "example.com/tier", "", "extra", "1"), derived.labels());
    }

    @Test
    void equalityIsByValue() {
        VolumeProfile a = full().build();
        VolumeProfile b = full().build();
        assertEquals(a, a);
        assertEquals(a, b);
        assertEquals(b, a);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, null);
        assertNotEquals(a, "data");
        // Label order does not matter.
        assertEquals(
                VolumeProfile.builder().label("a", "1").label("b", "2").build(),
                VolumeProfile.builder().label("b", "2").label("a", "1").build());
        // Capacity given as text or as bytes is the same capacity.
        assertEquals(
                VolumeProfile.builder().capacity("1Ki").build(),
                VolumeProfile.builder().capacityBytes(1024).build());
        // An empty storage class is no storage class.
        assertEquals(
                VolumeProfile.builder().storageClass("").build(),
                VolumeProfile.builder().build());
    }

    static Stream<Named<UnaryOperator<VolumeProfile.Builder>>> singleChanges() {
        return Stream.of(
                Named.of("name", b -> b.name("other")),
                Named.of("no name", b -> b.name(null)),
                Named.of("namespace", b -> b.namespace("dev")),
                Named.of("capacity", b -> b.capacity("11Gi")),
                Named.of("replicas", b -> b.replicas(2)),
                Named.of("storage class", b -> b.storageClass("slow")),
                Named.of("no storage class", b -> b.storageClass(null)),
                Named.of("label value", b -> b.label("app", "web")),
                Named.of("extra label", b -> b.label("x", "y")),
                Named.of("orchestrator", b -> b.orchestrator("k8s")),
                Named.of("no orchestrator", b -> b.orchestrator(null)));
    }

    @ParameterizedTest
    @MethodSource("singleChanges")
    void anyDifferenceMakesProfilesUnequal(UnaryOperator<VolumeProfile.Builder> change) {
        VolumeProfile p = full().build();
        VolumeProfile other = change.apply(p.toBuilder()).build();
        assertNotEquals(p, other);
        assertNotEquals(other, p);
    }

    @Test
    void theFirstBadFieldIsReported() {
        assertInvalidInputContaining(
                () -> VolumeProfile.builder().name("Bad").namespace("Worse").build(), "volume name \"Bad\"");
    }
}
