package dev.orchard.api.naming;

import static dev.orchard.api.InvalidInput.assertInvalidInputContaining;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class NamespacedNameTest {
    @Test
    void partsNeverRunTogether() {
        assertNotEquals(new NamespacedName("a-b", "c"), new NamespacedName("a", "b-c"));
        assertEquals("a-b/c", new NamespacedName("a-b", "c").toString());
    }

    @Test
    void ordersByNamespaceThenName() {
        TreeSet<NamespacedName> keys = new TreeSet<>(List.of(
                new NamespacedName("prod", "a"),
                new NamespacedName("default", "z"),
                new NamespacedName("default", "b")));
        assertEquals("[default/b, default/z, prod/a]", keys.toString());
    }

    @Test
    void bothPartsAreDns1123Labels() {
        assertInvalidInputContaining(() -> new NamespacedName("Default", "web"), "namespace \"Default\"");
        assertInvalidInputContaining(() -> new NamespacedName("default", "../web"), "name \"../web\"");
        assertInvalidInputContaining(() -> new NamespacedName(null, "web"), "namespace null");
    }
}
