package dev.orchard.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Packs the hello-world servlet ({@code dev.orchard.benchmarks.hello}) into a bundle for the runtime's deploy/
 * folder, from this module's class files: the driver reads their bytes and never loads them, since the servlet API
 * is only inside the runtime.
 */
final class HelloBundle {
    private static final String PACKAGE = "dev/orchard/benchmarks/hello/";
    private static final List<String> CLASSES = List.of("HelloServlet.class", "HelloActivator.class");

    private HelloBundle() {}

    /**
     * Writes the bundle.
     *
     * @param jar where to write it
     * @throws IOException if a class file is missing or the jar cannot be written
     */
    static void write(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", "dev.orchard.benchmarks.hello");
        main.putValue("Bundle-Version", "1.0.0");
        main.putValue("Bundle-Activator", "dev.orchard.benchmarks.hello.HelloActivator");
        main.putValue("Import-Package", "jakarta.servlet,jakarta.servlet.http,org.osgi.framework");
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file, manifest)) {
            for (String name : CLASSES) {
                try (InputStream in = HelloBundle.class.getClassLoader().getResourceAsStream(PACKAGE + name)) {
                    if (in == null) {
                        throw new IOException("no class file " + PACKAGE + name + " beside the benchmarks");
                    }
                    out.putNextEntry(new JarEntry(PACKAGE + name));
                    in.transferTo(out);
                    out.closeEntry();
                }
            }
        }
    }
}
