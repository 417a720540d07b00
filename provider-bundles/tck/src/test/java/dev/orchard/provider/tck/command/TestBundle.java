package dev.orchard.provider.tck.command;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Writes a bundle from compiled test classes and a hand-written manifest, as an outside author's build would make
 * one: no bnd, no DS.
 */
final class TestBundle {
    private final String symbolicName;
    private final List<Class<?>> classes = new ArrayList<>();
    private String activator;
    private String imports = "";

    private TestBundle(String symbolicName) {
        this.symbolicName = symbolicName;
    }

    /**
     * Starts a bundle.
     *
     * @param symbolicName its Bundle-SymbolicName
     * @return the builder
     */
    static TestBundle named(String symbolicName) {
        return new TestBundle(symbolicName);
    }

    /**
     * Adds classes, each with its nested classes.
     *
     * @param added the classes
     * @return the builder
     */
    TestBundle classes(Class<?>... added) {
        classes.addAll(List.of(added));
        return this;
    }

    /**
     * Sets the Bundle-Activator, and adds it.
     *
     * @param type the activator
     * @return the builder
     */
    TestBundle activator(Class<?> type) {
        activator = type.getName();
        return classes(type);
    }

    /**
     * Sets the Import-Package header.
     *
     * @param header the header's value
     * @return the builder
     */
    TestBundle imports(String header) {
        imports = header;
        return this;
    }

    /**
     * Writes the bundle.
     *
     * @param file where
     * @return the file
     * @throws IOException if a class cannot be read or the file written
     */
    Path writeTo(Path file) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", symbolicName);
        main.putValue("Bundle-Version", "1.0.0");
        if (activator != null) {
            main.putValue("Bundle-Activator", activator);
        }
        if (!imports.isEmpty()) {
            main.putValue("Import-Package", imports);
        }
        try (OutputStream out = Files.newOutputStream(file);
                JarOutputStream jar = new JarOutputStream(out, manifest)) {
            for (Class<?> type : classes) {
                Path compiled = Path.of(type.getProtectionDomain()
                                .getCodeSource()
                                .getLocation()
                                .getPath())
                        .resolve(type.getName().replace('.', '/') + ".class");
                try (DirectoryStream<Path> siblings =
                        Files.newDirectoryStream(compiled.getParent(), type.getSimpleName() + "{.class,$*.class}")) {
                    for (Path c : siblings) {
                        String entry = type.getPackageName().replace('.', '/') + "/" + c.getFileName();
                        jar.putNextEntry(new JarEntry(entry));
                        try (InputStream in = Files.newInputStream(c)) {
                            in.transferTo(jar);
                        }
                        jar.closeEntry();
                    }
                }
            }
        }
        return file;
    }
}
