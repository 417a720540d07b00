package dev.orchard.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Why FileInstall would leave a file of deploy/ alone, in words a WARN line can carry. */
class DeployObserverTest {
    @TempDir
    Path dir;

    @Test
    void aBundleIsNoComplaint() throws IOException {
        assertNull(DeployObserver.whyNotBundle(jar("ok.jar", "Bundle-SymbolicName", "ok")));
    }

    @Test
    void eachKindOfGarbageSaysWhatItIs() throws IOException {
        assertEquals("the file is empty, not a bundle", DeployObserver.whyNotBundle(write("empty.jar", new byte[0])));
        assertTrue(DeployObserver.whyNotBundle(write("random.jar", new byte[] {7, 1, 2, 3, 4, 5, 6, 7, 8}))
                .startsWith("it is not a jar (zip) file: "));
        assertEquals(
                "its manifest has no Bundle-SymbolicName, so it is not a bundle",
                DeployObserver.whyNotBundle(jar("plain.jar", "Created-By", "hand")));
        Path bare = dir.resolve("bare.jar");
        try (OutputStream out = Files.newOutputStream(bare);
                JarOutputStream jar = new JarOutputStream(out)) {
            jar.putNextEntry(new ZipEntry("a.txt"));
        }
        assertEquals(
                "it is a jar without a manifest (META-INF/MANIFEST.MF), not a bundle",
                DeployObserver.whyNotBundle(bare));
        assertTrue(
                DeployObserver.whyNotBundle(write("notes.txt", "hi".getBytes())).startsWith("no installer takes"));
    }

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    private Path jar(String name, String header, String value) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue(header, value);
        Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file);
                JarOutputStream jar = new JarOutputStream(out, m)) {
            jar.putNextEntry(new ZipEntry("x.class"));
        }
        return file;
    }
}
