package dev.orchard.api.pod;

import static dev.orchard.api.InvalidInput.assertInvalidInput;
import static dev.orchard.api.InvalidInput.assertInvalidInputContaining;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ContainerValidationTest {
    private static Container withEnv(Map<String, String> env) {
        return new Container("c", "img", null, null, env, null, null, null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1A", "9", "A-B", "A B", "", " ", "a.b", "A=B", "É", "A\u0000", "-A", "$A"})
    void rejectsEnvironmentNamesThatAreNotCIdentifiers(String name) {
        String quoted = name.equals("A\u0000") ? "\"A\\u0000\"" : "\"" + name + "\"";
        assertInvalidInput(
                "environment variable name " + quoted + " of container \"c\" must be letters, digits"
                        + " and '_', not starting with a digit",
                () -> withEnv(Map.of(name, "x")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"_A1", "A", "a", "_", "PATH", "A_1_b", "__x", "lower_case9"})
    void acceptsCIdentifiers(String name) {
        assertEquals(Map.of(name, "x"), withEnv(Map.of(name, "x")).env());
    }

    @Test
    void rejectsANullEnvironmentName() {
        Map<String, String> env = new HashMap<>();
        env.put(null, "x");
        assertInvalidInputContaining(() -> withEnv(env), "environment variable name null of container \"c\"");
    }

    @Test
    void rejectsANullEnvironmentValueButAcceptsAnEmptyOne() {
        Map<String, String> env = new HashMap<>();
        env.put("A", null);
        assertInvalidInputContaining(
                () -> withEnv(env), "environment variable \"A\" of container \"c\"", "must have a value");
        assertEquals(Map.of("A", ""), withEnv(Map.of("A", "")).env());
    }

    @Test
    void rejectsNullInCommandOrArgs() {
        assertInvalidInput(
                "command must not contain null",
                () -> new Container("c", "img", Arrays.asList("sh", null), null, null, null, null, null));
        assertInvalidInput(
                "args must not contain null",
                () -> new Container("c", "img", List.of("sh"), Arrays.asList(null, "x"), null, null, null, null));
    }

    @Test
    void rejectsABadName() {
        assertInvalidInputContaining(() -> Container.of("C", "img", "true"), "container name \"C\"");
        assertInvalidInputContaining(() -> Container.of(null, "img"), "container name null must not be empty");
    }

    @Test
    void copiesListsAndMapsDefensivelyAndTheyAreImmutable() {
        List<String> command = new ArrayList<>(List.of("sh", "-c"));
        List<String> args = new ArrayList<>(List.of("true"));
        Map<String, String> env = new HashMap<>(Map.of("A", "1"));
        List<VolumeMount> mounts = new ArrayList<>(List.of(new VolumeMount("data", "/data", false)));
        Container c = new Container("c", "img", command, args, env, "/work", mounts, new Resources(1, 2, 0));

        command.add("more");
        args.clear();
        env.put("B", "2");
        mounts.add(new VolumeMount("logs", "/logs", true));

        assertEquals(List.of("sh", "-c"), c.command());
        assertEquals(List.of("true"), c.args());
        assertEquals(Map.of("A", "1"), c.env());
        assertEquals(List.of(new VolumeMount("data", "/data", false)), c.volumeMounts());
        assertThrows(UnsupportedOperationException.class, () -> c.command().add("x"));
        assertThrows(UnsupportedOperationException.class, () -> c.args().add("x"));
        assertThrows(UnsupportedOperationException.class, () -> c.env().put("X", "y"));
        assertThrows(UnsupportedOperationException.class, () -> c.volumeMounts().clear());
        assertEquals("/work", c.workingDir());
        assertEquals(new Resources(1, 2, 0), c.requests());
    }

    @Test
    void nullsBecomeEmpty() {
        Container c = new Container("c", null, null, null, null, null, null, null);
        assertEquals("", c.image());
        assertEquals(List.of(), c.command());
        assertEquals(List.of(), c.args());
        assertEquals(Map.of(), c.env());
        assertEquals("", c.workingDir());
        assertEquals(List.of(), c.volumeMounts());
        assertEquals(Resources.NONE, c.requests());
    }

    @Test
    void ofRunsACommand() {
        Container c = Container.of("web", "nginx:1.27", "nginx", "-g", "daemon off;");
        assertEquals("web", c.name());
        assertEquals("nginx:1.27", c.image());
        assertEquals(List.of("nginx", "-g", "daemon off;"), c.command());
        assertEquals(List.of(), c.args());
        assertEquals(List.of(), Container.of("web", "img").command());
    }

    @Test
    void aNulCharacterAnywhereAProcessWouldGetItIsInvalidInput() {
        assertInvalidInputContaining(
                () -> new Container("c", "i", List.of("sh", "a\u0000b"), List.of(), Map.of(), "", List.of(), null),
                "command",
                "NUL");
        assertInvalidInputContaining(
                () -> new Container("c", "i", List.of("sh"), List.of("x\u0000"), Map.of(), "", List.of(), null),
                "args",
                "NUL");
        assertInvalidInputContaining(
                () -> new Container("c", "i", List.of("sh"), List.of(), Map.of("X", "a\u0000b"), "", List.of(), null),
                "environment variable X",
                "NUL");
        assertInvalidInputContaining(
                () -> new Container("c", "i", List.of("sh"), List.of(), Map.of(), "w\u0000d", List.of(), null),
                "workingDir",
                "NUL");
    }
}
