package dev.orchard.api.pod;

import static dev.orchard.api.InvalidInput.assertInvalidInput;
import static dev.orchard.api.InvalidInput.assertInvalidInputContaining;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class VolumeMountValidationTest {
    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"data", "./data", "../data", "data/x", " /data", "~/data", "C:\\data"})
    void rejectsPathsThatAreNotAbsolute(String path) {
        String quoted = path == null ? "null" : "\"" + path + "\"";
        assertInvalidInput(
                "mount path " + quoted + " must be an absolute path", () -> new VolumeMount("data", path, false));
    }

    @Test
    void rejectsANulCharacter() {
        assertInvalidInput(
                "mount path \"/a\\u0000b\" must be an absolute path",
                () -> new VolumeMount("data", "/a\u0000b", false));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/..", "/../etc", "/a/../b", "/a/..", "/a/../", "/a//../b", "/a/b/c/../../.."})
    void rejectsADotDotSegment(String path) {
        assertInvalidInput(
                "mount path \"" + path + "\" must not contain '..'", () -> new VolumeMount("data", path, false));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/data", "/a/b", "/a/..b", "/a/b..", "/a/.../b", "/a/./b", "/var/lib/data/"})
    void acceptsAbsolutePaths(String path) {
        assertEquals(path, new VolumeMount("data", path, false).mountPath());
    }

    @Test
    void keepsReadOnlyAndValidatesTheName() {
        assertTrue(new VolumeMount("data", "/d", true).readOnly());
        assertFalse(new VolumeMount("data", "/d", false).readOnly());
        assertInvalidInputContaining(() -> new VolumeMount("Data", "/d", false), "volume mount name \"Data\"");
        assertInvalidInputContaining(() -> new VolumeMount(null, "/d", false), "volume mount name null");
    }
}
