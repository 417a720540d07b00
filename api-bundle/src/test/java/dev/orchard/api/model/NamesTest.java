package dev.orchard.api.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.OrchardException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class NamesTest {
    @ParameterizedTest
    @ValueSource(strings = {"a", "a-b", "0abc", "mock", "edge-01", "z9",
            "abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabc"})
    void acceptsDns1123Labels(String name) {
        assertEquals(name, Names.requireDns1123Label("volume name", name));
        assertTrue(Names.isDns1123Label(name));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"Abc", "ABC", "a_b", "-a", "a-", "..", ".", "a/b", "../etc", "a.b", "données", "\uff41",
            "a b", " a", "a\n", "a\u0000", "abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcd"})
    void rejectsEverythingElseNamingFieldValueAndRule(String name) {
        InvalidInputException e =
                assertThrows(InvalidInputException.class, () -> Names.requireDns1123Label("volume name", name));
        assertEquals(OrchardException.Category.INVALID_INPUT, e.category());
        assertTrue(e.getMessage().startsWith("volume name "), e.getMessage());
        assertTrue(e.getMessage().contains(Names.quote(name)), e.getMessage());
        assertTrue(e.getMessage().contains("empty") || e.getMessage().contains("at most 63")
                || e.getMessage().contains("DNS-1123"), e.getMessage());
    }

    @Test
    void tooLongSaysHowLongAndTheLimit() {
        String name = "a".repeat(64);
        String message = assertThrows(InvalidInputException.class, () -> Names.requireDns1123Label("pod name", name))
                .getMessage();
        assertTrue(message.contains("64 characters") && message.contains("at most 63"), message);
    }

    @Test
    void quoteEscapesControlCharactersAndShortensLongValues() {
        assertEquals("\"a\\u000ab\"", Names.quote("a\nb"));
        assertEquals("null", Names.quote(null));
        assertTrue(Names.quote("x".repeat(200)).endsWith("...\""));
    }

    @Test
    void labelsAreValidatedAndCopied() {
        Map<String, String> in = new HashMap<>(Map.of("app", "db", "example.com/tier", "", "v", "1.2_x-Y"));
        Map<String, String> out = Names.requireLabels("labels", in);
        in.put("later", "x");
        assertEquals(3, out.size());
        assertThrows(UnsupportedOperationException.class, () -> out.put("x", "y"));
        assertEquals(Map.of(), Names.requireLabels("labels", null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-a", "a-", "Bad_Prefix/x", "/x", "a b", "example.com/", "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"})
    void rejectsBadLabelKeys(String key) {
        Map<String, String> labels = new HashMap<>();
        labels.put(key, "v");
        String message = assertThrows(InvalidInputException.class, () -> Names.requireLabels("labels", labels))
                .getMessage();
        assertTrue(message.startsWith("labels key"), message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a b", "-v", "v-", "ü"})
    void rejectsBadLabelValues(String value) {
        String message = assertThrows(InvalidInputException.class,
                () -> Names.requireLabels("labels", Map.of("app", value))).getMessage();
        assertTrue(message.contains("value " + Names.quote(value)), message);
    }

    @Test
    void rejectsNullAndTooLongLabelValues() {
        Map<String, String> nullValue = new HashMap<>();
        nullValue.put("app", null);
        assertThrows(InvalidInputException.class, () -> Names.requireLabels("labels", nullValue));
        assertThrows(InvalidInputException.class, () -> Names.requireLabels("labels", Map.of("app", "v".repeat(64))));
    }
}
