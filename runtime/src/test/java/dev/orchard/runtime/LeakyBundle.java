package dev.orchard.runtime;

import dev.orchard.runtime.leaky.LeakyActivator;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/** The bundle of the test's own {@link dev.orchard.runtime.leaky.LeakyProvider}, registered as pod provider leaky. */
final class LeakyBundle {
    private LeakyBundle() {}

    /**
     * Packs the bundle.
     *
     * @param secret the secret its failures carry
     * @return the jar's bytes
     */
    static byte[] jar(String secret) throws IOException, URISyntaxException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", "dev.orchard.test.leaky");
        main.putValue("Bundle-Version", "1.0.0");
        main.putValue("Bundle-Activator", LeakyActivator.class.getName());
        main.putValue(LeakyActivator.SECRET_HEADER, secret);
        main.putValue(
                "Import-Package",
                "dev.orchard.api.error;version=\"[1.0,2)\",dev.orchard.api.pod;version=\"[1.0,2)\","
                        + "org.osgi.framework;version=\"[1.8,2)\"");
        Path classes = Path.of(LeakyActivator.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Path pkg = classes.resolve("dev/orchard/runtime/leaky");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, manifest);
                Stream<Path> files = Files.list(pkg)) {
            files.filter(p -> p.toString().endsWith(".class")).forEach(p -> {
                try {
                    jar.putNextEntry(
                            new JarEntry(classes.relativize(p).toString().replace(File.separatorChar, '/')));
                    jar.write(Files.readAllBytes(p));
                    jar.closeEntry();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return bytes.toByteArray();
    }
}
