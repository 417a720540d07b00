package dev.orchard.api.naming;

import static dev.orchard.api.InvalidInput.assertInvalidInput;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.VolumeMount;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DNS-1123 labels, checked directly with {@link Names} and through every API type whose names are labels.
 *
 * <p>The expected messages are written out here, not computed with {@link Names}, so that a change to the
 * message or to the quoting makes these tests fail.
 */
class Dns1123LabelValidationTest {
    private static final String EMPTY = "must not be empty";
    private static final String TOO_LONG = "is 64 characters long; at most 63 are allowed";
    private static final String CHARS = "must consist of lower case letters a-z, digits 0-9 and '-', and start and end"
            + " with a letter or digit (a DNS-1123 label)";
    private static final String MAX = "a".repeat(63);
    private static final String MAX_WITH_DASHES = "a" + "-".repeat(61) + "9";

    /** A place where a DNS-1123 label is checked: the field its message names, and a call that checks a value. */
    private record EntryPoint(String label, String field, Function<String, String> check, Predicate<String> absent) {
        @Override
        public String toString() {
            return label;
        }
    }

    private static final Predicate<String> NEVER_ABSENT = v -> false;
    private static final Predicate<String> NULL_IS_ABSENT = v -> v == null;

    private static Volume volume(String name, String namespace) {
        return new Volume(
                name, namespace, "uid-1", Map.of(), Map.of(), 1, -1, 1, "", VolumePhase.AVAILABLE, "", Instant.EPOCH);
    }

    static List<EntryPoint> entryPoints() {
        return List.of(
                new EntryPoint(
                        "Names.requireDns1123Label",
                        "volume name",
                        v -> Names.requireDns1123Label("volume name", v),
                        NEVER_ABSENT),
                new EntryPoint(
                        "VolumeProfile.name",
                        "volume name",
                        v -> VolumeProfile.builder().name(v).build().name().orElse(null),
                        NULL_IS_ABSENT),
                new EntryPoint(
                        "VolumeProfile.namespace",
                        "namespace",
                        v -> VolumeProfile.builder().namespace(v).build().namespace(),
                        NULL_IS_ABSENT),
                new EntryPoint(
                        "VolumeProfile.storageClass",
                        "storage class",
                        v -> VolumeProfile.builder()
                                .storageClass(v)
                                .build()
                                .storageClass()
                                .orElse(null),
                        v -> v == null || v.isEmpty()),
                new EntryPoint(
                        "VolumeProfile.orchestrator",
                        "orchestrator",
                        v -> VolumeProfile.builder()
                                .orchestrator(v)
                                .build()
                                .orchestrator()
                                .orElse(null),
                        NULL_IS_ABSENT),
                new EntryPoint(
                        "ObjectMeta.name",
                        "name",
                        v -> new ObjectMeta(v, "default", null, null, null, null).name(),
                        NEVER_ABSENT),
                new EntryPoint(
                        "ObjectMeta.namespace",
                        "namespace",
                        v -> ObjectMeta.of(v, "web").namespace(),
                        NEVER_ABSENT),
                new EntryPoint(
                        "Container.name",
                        "container name",
                        v -> Container.of(v, "img", "true").name(),
                        NEVER_ABSENT),
                new EntryPoint(
                        "PodVolume.name", "pod volume name", v -> new PodVolume(v, "claim").name(), NEVER_ABSENT),
                new EntryPoint(
                        "PodVolume.claimName",
                        "volume claim name",
                        v -> new PodVolume("data", v).claimName(),
                        NEVER_ABSENT),
                new EntryPoint(
                        "VolumeMount.name",
                        "volume mount name",
                        v -> new VolumeMount(v, "/data", false).name(),
                        NEVER_ABSENT),
                new EntryPoint(
                        "Volume.name", "volume name", v -> volume(v, "default").name(), NEVER_ABSENT),
                new EntryPoint(
                        "Volume.namespace", "namespace", v -> volume("data", v).namespace(), NEVER_ABSENT));
    }

    static Stream<String> validLabels() {
        return Stream.of("a", "z", "0", "9", "a-b", "0abc", "abc0", "a--b", "edge-01", "x9-y8", MAX, MAX_WITH_DASHES);
    }

    /** Invalid values with the expected quoted form and the expected reason. */
    static Stream<Arguments> invalidLabels() {
        return Stream.of(
                Arguments.of(null, "null", EMPTY),
                Arguments.of("", "\"\"", EMPTY),
                Arguments.of("a".repeat(64), "\"" + "a".repeat(64) + "\"", TOO_LONG),
                Arguments.of("Abc", "\"Abc\"", CHARS),
                Arguments.of("ABC", "\"ABC\"", CHARS),
                Arguments.of("aBc", "\"aBc\"", CHARS),
                Arguments.of("a_b", "\"a_b\"", CHARS),
                Arguments.of("-a", "\"-a\"", CHARS),
                Arguments.of("a-", "\"a-\"", CHARS),
                Arguments.of("-", "\"-\"", CHARS),
                Arguments.of("..", "\"..\"", CHARS),
                Arguments.of(".", "\".\"", CHARS),
                Arguments.of("a/b", "\"a/b\"", CHARS),
                Arguments.of("../etc", "\"../etc\"", CHARS),
                Arguments.of("a.b", "\"a.b\"", CHARS),
                Arguments.of("a:b", "\"a:b\"", CHARS),
                Arguments.of("données", "\"données\"", CHARS),
                Arguments.of("\uff41", "\"\uff41\"", CHARS), // full-width a
                Arguments.of("\uff41bc", "\"\uff41bc\"", CHARS),
                Arguments.of("\u0430", "\"\u0430\"", CHARS), // Cyrillic a
                Arguments.of("\u0661", "\"\u0661\"", CHARS), // Arabic-Indic digit one
                Arguments.of(" ", "\" \"", CHARS),
                Arguments.of("a b", "\"a b\"", CHARS),
                Arguments.of(" a", "\" a\"", CHARS),
                Arguments.of("a ", "\"a \"", CHARS),
                Arguments.of("\t", "\"\\u0009\"", CHARS),
                Arguments.of("a\n", "\"a\\u000a\"", CHARS),
                Arguments.of("\u0000", "\"\\u0000\"", CHARS),
                Arguments.of("a\u0000b", "\"a\\u0000b\"", CHARS),
                Arguments.of("a\u00a0b", "\"a\u00a0b\"", CHARS), // no-break space
                Arguments.of("a\u200bb", "\"a\\u200bb\"", CHARS), // zero-width space: escaped, not hidden
                Arguments.of("a\u0085", "\"a\\u0085\"", CHARS), // C1 control NEL
                Arguments.of("\u202eab", "\"\\u202eab\"", CHARS)); // right-to-left override
    }

    static Stream<Arguments> entryPointsAndValidLabels() {
        return entryPoints().stream().flatMap(ep -> validLabels().map(v -> Arguments.of(ep, v)));
    }

    static Stream<Arguments> entryPointsAndInvalidLabels() {
        return entryPoints().stream()
                .flatMap(ep -> invalidLabels()
                        .filter(a -> !ep.absent().test((String) a.get()[0]))
                        .map(a -> Arguments.of(ep, a.get()[0], a.get()[1], a.get()[2])));
    }

    @ParameterizedTest(name = "{0} accepts \"{1}\"")
    @MethodSource("entryPointsAndValidLabels")
    void everyEntryPointAcceptsValidLabelsUnchanged(EntryPoint ep, String value) {
        assertEquals(value, ep.check().apply(value));
    }

    @ParameterizedTest(name = "{0} rejects [{2}]")
    @MethodSource("entryPointsAndInvalidLabels")
    void everyEntryPointRejectsInvalidLabelsNamingFieldValueAndRule(
            EntryPoint ep, String value, String quoted, String reason) {
        assertInvalidInput(
                ep.field() + " " + quoted + " " + reason, () -> ep.check().apply(value));
    }

    @ParameterizedTest
    @MethodSource("validLabels")
    void isAndWhyNotAgreeOnValidLabels(String value) {
        assertTrue(Names.isDns1123Label(value));
        assertNull(Names.whyNotDns1123Label(value));
        assertEquals(value, Names.requireDns1123Label("volume name", value));
    }

    @ParameterizedTest
    @MethodSource("invalidLabels")
    void isAndWhyNotAgreeOnInvalidLabels(String value, String quoted, String reason) {
        assertFalse(Names.isDns1123Label(value));
        assertEquals(reason, Names.whyNotDns1123Label(value));
    }

    @Test
    void sixtyThreeCharactersIsTheLimit() {
        assertEquals(63, Names.MAX_LABEL_LENGTH);
        assertTrue(Names.isDns1123Label("b".repeat(63)));
        assertFalse(Names.isDns1123Label("b".repeat(64)));
        // The value is shown shortened to 80 characters.
        assertInvalidInput(
                "pod name \"" + "b".repeat(80) + "...\" is 100 characters long; at most 63 are allowed",
                () -> Names.requireDns1123Label("pod name", "b".repeat(100)));
    }

    @Test
    void theMessageUsesTheFieldItIsGiven() {
        assertInvalidInput("storage thing \"X\" " + CHARS, () -> Names.requireDns1123Label("storage thing", "X"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"VolumeProfile.name", "VolumeProfile.namespace", "VolumeProfile.orchestrator"})
    void nullMeansAbsentOrDefaultInTheProfile(String entryPoint) {
        EntryPoint ep = entryPoints().stream()
                .filter(e -> e.label().equals(entryPoint))
                .findFirst()
                .orElseThrow();
        String expected = entryPoint.equals("VolumeProfile.namespace") ? VolumeProfile.DEFAULT_NAMESPACE : null;
        assertEquals(expected, ep.check().apply(null));
    }

    @Test
    void anEmptyStorageClassMeansTheDefaultClass() {
        assertEquals(
                Optional.empty(),
                VolumeProfile.builder().storageClass("").build().storageClass());
        assertEquals(
                Optional.empty(),
                VolumeProfile.builder().storageClass(null).build().storageClass());
    }

    @Test
    void anEmptyOrchestratorOrNameIsNotAbsentButInvalid() {
        assertInvalidInput(
                "orchestrator \"\" " + EMPTY,
                () -> VolumeProfile.builder().orchestrator("").build());
        assertInvalidInput(
                "volume name \"\" " + EMPTY,
                () -> VolumeProfile.builder().name("").build());
        assertInvalidInput(
                "namespace \"\" " + EMPTY,
                () -> VolumeProfile.builder().namespace("").build());
    }

    @Test
    void quoteShowsNullUnquotedAndEscapesWhatATerminalWouldNotShow() {
        assertEquals("null", Names.quote(null));
        assertEquals("\"\"", Names.quote(""));
        assertEquals("\"données\"", Names.quote("données"));
        assertEquals("\"a\\u000ab\"", Names.quote("a\nb"));
        assertEquals("\"\\u001b[31m\"", Names.quote("\u001b[31m"));
        assertEquals("\"\\u007f\"", Names.quote("\u007f"));
        assertEquals("\"\\u009b\"", Names.quote("\u009b")); // C1 CSI
        assertEquals("\"\\ufeff\"", Names.quote("\ufeff")); // zero-width no-break space
        assertEquals("\"\\u2028\"", Names.quote("\u2028")); // line separator
    }

    @Test
    void quoteShortensLongValuesToEightyCharacters() {
        assertEquals("\"" + "x".repeat(80) + "\"", Names.quote("x".repeat(80)));
        assertEquals("\"" + "x".repeat(80) + "...\"", Names.quote("x".repeat(81)));
        assertEquals("\"" + "x".repeat(80) + "...\"", Names.quote("x".repeat(10_000)));
    }
}
