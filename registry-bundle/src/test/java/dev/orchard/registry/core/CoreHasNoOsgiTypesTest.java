package dev.orchard.registry.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The core stays plain Java: no class compiled from {@code dev.orchard.registry.core} refers to an OSGi type, by
 * import or by qualified name, so that it runs and is benchmarked outside a framework.
 */
class CoreHasNoOsgiTypesTest {
    @Test
    void noCoreClassRefersToOrgOsgi() throws IOException, URISyntaxException {
        Path here = Path.of(ProviderTable.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .resolve("dev/orchard/registry/core");
        List<Path> classes;
        try (Stream<Path> files = Files.list(here)) {
            classes = files.filter(f -> f.toString().endsWith(".class")).toList();
        }
        assertTrue(classes.size() >= 10, "the core's compiled classes were not found in " + here);
        // A class file names every type it refers to in its constant pool, as org/osgi/... in modified UTF-8.
        List<String> offenders = classes.stream()
                .filter(f -> read(f).contains("org/osgi/"))
                .map(f -> f.getFileName().toString())
                .toList();
        assertEquals(List.of(), offenders, "core classes that refer to OSGi types");
    }

    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
