package dev.orchard.karaf.tests;

import static org.ops4j.pax.tinybundles.TinyBundles.bundle;
import static org.ops4j.pax.tinybundles.TinyBundles.rawBuilder;

import dev.orchard.karaf.tests.provider.TinyOrchestrator;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Builds, in the test JVM, the provider bundle that the Karaf test installs and uninstalls at run time: the class
 * {@link TinyOrchestrator} and a DS component description that publishes it with
 * {@code orchard.provider.name=tiny}, as a provider author's bnd build would. It imports only the orchestrator API.
 */
final class TinyProviderBundle {
    /** The bundle's symbolic name. */
    static final String SYMBOLIC_NAME = "dev.orchard.karaf.tests.tiny";

    private static final String COMPONENT_XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <scr:component xmlns:scr="http://www.osgi.org/xmlns/scr/v1.3.0" name="%1$s" immediate="true">
              <implementation class="%1$s"/>
              <service>
                <provide interface="dev.orchard.api.orchestrator.Orchestrator"/>
              </service>
              <property name="orchard.provider.name" value="%2$s"/>
            </scr:component>
            """.formatted(TinyOrchestrator.class.getName(), TinyOrchestrator.NAME);

    private TinyProviderBundle() {}

    /**
     * Writes the bundle.
     *
     * @param jar where to write it
     * @return {@code jar}
     * @throws IOException if it cannot be written
     */
    static Path write(Path jar) throws IOException {
        InputStream built = bundle().addClass(TinyOrchestrator.class)
                .addResource(
                        "OSGI-INF/tiny.xml", new ByteArrayInputStream(COMPONENT_XML.getBytes(StandardCharsets.UTF_8)))
                .setHeader("Bundle-ManifestVersion", "2")
                .setHeader("Bundle-SymbolicName", SYMBOLIC_NAME)
                .setHeader("Bundle-Version", "1.0.0")
                .setHeader("Import-Package", "dev.orchard.api.orchestrator;version=\"[1.0,2)\"")
                .setHeader("Service-Component", "OSGI-INF/tiny.xml")
                .setHeader(
                        "Require-Capability",
                        "osgi.extender;filter:=\"(&(osgi.extender=osgi.component)(version>=1.3.0)(!(version>=2.0.0)))\"")
                .build(rawBuilder());
        try (built) {
            Files.createDirectories(jar.getParent());
            Files.copy(built, jar, StandardCopyOption.REPLACE_EXISTING);
        }
        return jar;
    }
}
