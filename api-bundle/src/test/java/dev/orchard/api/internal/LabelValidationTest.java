package dev.orchard.api.internal;

import static dev.orchard.api.InvalidInput.assertInvalidInput;
import static dev.orchard.api.InvalidInput.assertInvalidInputContaining;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.naming.Names;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.ObjectMeta;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Label keys and values as Kubernetes validates them, through {@link Checks#requireLabels}. */
class LabelValidationTest {
    private static final String KEY_RULE = " must be at most 63 letters, digits, '-', '_' or '.', starting and ending"
            + " with a letter or digit, after an optional prefix/";
    private static final String PREFIX_RULE = " has a prefix that is not a DNS subdomain of at most 253 characters";
    private static final String VALUE_RULE = " must be empty or at most 63 letters, digits, '-', '_' or '.', starting"
            + " and ending with a letter or digit";
    /** 63 + 1 + 63 + 1 + 63 + 1 + 61 = 253 characters. */
    private static final String PREFIX_253 =
            "a".repeat(63) + "." + "b".repeat(63) + "." + "c".repeat(63) + "." + "d".repeat(61);

    private static Map<String, String> one(String key, String value) {
        Map<String, String> m = new HashMap<>();
        m.put(key, value);
        return m;
    }

    static Stream<String> validKeys() {
        return Stream.of(
                "app",
                "a",
                "A",
                "9",
                "App",
                "a_b",
                "a.b-c",
                "v1.2_x",
                "k".repeat(63),
                "example.com/app",
                "app.kubernetes.io/name",
                "a/b",
                "x-1.y-2/Z_3",
                PREFIX_253 + "/k");
    }

    @ParameterizedTest
    @MethodSource("validKeys")
    void acceptsValidKeys(String key) {
        assertEquals(Map.of(key, "v"), Checks.requireLabels("labels", Map.of(key, "v")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "v1.2_x", "a", "A", "9", "a-b", "a_b", "a.b", "V1.2-x_Y"})
    void acceptsValidValues(String value) {
        assertEquals(Map.of("app", value), Checks.requireLabels("labels", Map.of("app", value)));
    }

    @Test
    void acceptsAValueOf63Characters() {
        String value = "v".repeat(63);
        assertEquals(Map.of("app", value), Checks.requireLabels("labels", Map.of("app", value)));
    }

    @Test
    void rejectsAnEmptyOrNullKey() {
        assertInvalidInput("labels key must not be empty", () -> Checks.requireLabels("labels", Map.of("", "v")));
        assertInvalidInput("labels key must not be empty", () -> Checks.requireLabels("labels", one(null, "v")));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "-a",
                "a-",
                "_a",
                "a_",
                ".a",
                "a.",
                "a b",
                "a\tb",
                "ü",
                "a=b",
                "a:b",
                "example.com/",
                "example.com/-x",
                "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"
            })
    void rejectsKeysWhoseNameIsNotAllowed(String key) {
        assertInvalidInput(
                "labels key " + Names.quote(key) + KEY_RULE, () -> Checks.requireLabels("labels", Map.of(key, "v")));
    }

    @Test
    void rejectsAKeyNameOf64CharactersEvenWithAPrefix() {
        String key = "example.com/" + "k".repeat(64);
        assertInvalidInput(
                "labels key \"" + key + "\"" + KEY_RULE, () -> Checks.requireLabels("labels", Map.of(key, "v")));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Bad_Prefix/x",
                "Example.com/x",
                "/x",
                "a..b/x",
                ".a/x",
                "a./x",
                "-a.com/x",
                "a/b/c",
                "ex ample.com/x",
                "dönnées.fr/x"
            })
    void rejectsKeysWithABadPrefix(String key) {
        assertInvalidInput(
                "labels key " + Names.quote(key) + PREFIX_RULE, () -> Checks.requireLabels("labels", Map.of(key, "v")));
    }

    @Test
    void rejectsAPrefixOver253Characters() {
        String key = PREFIX_253 + "d/k";
        assertInvalidInputContaining(() -> Checks.requireLabels("labels", Map.of(key, "v")), PREFIX_RULE);
    }

    @Test
    void rejectsAPrefixPartOver63Characters() {
        String key = "a".repeat(64) + ".com/k";
        assertInvalidInputContaining(() -> Checks.requireLabels("labels", Map.of(key, "v")), PREFIX_RULE);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "a b",
                " ",
                "-v",
                "v-",
                "_v",
                "v_",
                ".v",
                "v.",
                "ü",
                "a/b",
                "a\nb",
                "a:b",
                "vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv"
            })
    void rejectsValuesNotAllowed(String value) {
        assertInvalidInput(
                "labels value " + Names.quote(value) + " of key \"app\"" + VALUE_RULE,
                () -> Checks.requireLabels("labels", Map.of("app", value)));
    }

    @Test
    void rejectsANullValue() {
        assertInvalidInput(
                "labels value null of key \"app\"" + VALUE_RULE,
                () -> Checks.requireLabels("labels", one("app", null)));
    }

    @Test
    void theMessageNamesTheFieldItIsGiven() {
        assertInvalidInputContaining(
                () -> Checks.requireLabels("volume labels", Map.of("a b", "v")), "volume labels key \"a b\"");
    }

    @Test
    void oneBadEntryAmongGoodOnesIsEnough() {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("app", "db");
        labels.put("tier", "back end");
        assertInvalidInputContaining(() -> Checks.requireLabels("labels", labels), "\"back end\"", "\"tier\"");
    }

    @Test
    void nullMeansNoLabels() {
        Map<String, String> none = Checks.requireLabels("labels", null);
        assertEquals(Map.of(), none);
        assertThrows(UnsupportedOperationException.class, () -> none.put("a", "b"));
    }

    @Test
    void theResultIsAnImmutableCopy() {
        Map<String, String> source = new HashMap<>(Map.of("app", "db", "example.com/tier", ""));
        Map<String, String> labels = Checks.requireLabels("labels", source);
        assertNotSame(source, labels);
        assertEquals(Map.of("app", "db", "example.com/tier", ""), labels);

        source.put("later", "x");
        source.put("app", "changed");
        source.remove("example.com/tier");
        assertEquals(Map.of("app", "db", "example.com/tier", ""), labels);

        assertThrows(UnsupportedOperationException.class, () -> labels.put("x", "y"));
        assertThrows(UnsupportedOperationException.class, () -> labels.remove("app"));
        assertThrows(UnsupportedOperationException.class, labels::clear);
        assertThrows(
                UnsupportedOperationException.class,
                () -> labels.entrySet().iterator().next().setValue("z"));
    }

    @Test
    void labelsAreCheckedWhereverTheApiTakesThem() {
        assertInvalidInputContaining(
                () -> VolumeProfile.builder().label("a b", "x").build(), "labels key \"a b\"");
        assertInvalidInputContaining(
                () -> VolumeProfile.builder().label("app", null).build(), "labels value null of key \"app\"");
        assertInvalidInputContaining(
                () -> VolumeProfile.builder()
                        .labels(Map.of("Bad_Prefix/x", "v"))
                        .build(),
                "labels key \"Bad_Prefix/x\"",
                "prefix");
        assertInvalidInputContaining(
                () -> new ObjectMeta("web", "default", "", Map.of("app", "a b"), Map.of(), null),
                "labels value \"a b\"");
        assertInvalidInputContaining(
                () -> new Volume(
                        "data",
                        "default",
                        "u",
                        Map.of("-a", "v"),
                        Map.of(),
                        1,
                        -1,
                        1,
                        "",
                        VolumePhase.AVAILABLE,
                        "",
                        Instant.EPOCH),
                "volume labels key \"-a\"");
    }

    @Test
    void objectMetaCopiesItsLabels() {
        Map<String, String> source = new HashMap<>(Map.of("app", "web"));
        ObjectMeta meta = new ObjectMeta("web", "default", null, source, null, null);
        source.put("x", "y");
        assertEquals(Map.of("app", "web"), meta.labels());
        assertThrows(UnsupportedOperationException.class, () -> meta.labels().put("a", "b"));
        assertTrue(meta.annotations().isEmpty());
        assertEquals("", meta.uid());
    }
}
