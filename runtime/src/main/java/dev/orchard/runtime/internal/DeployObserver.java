package dev.orchard.runtime.internal;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.ZipException;
import org.apache.felix.fileinstall.ArtifactInstaller;

/**
 * Finds the files of {@code deploy/} that FileInstall would leave alone without a word: a jar that is no bundle (empty,
 * not a zip, no manifest, no {@code Bundle-SymbolicName}) or a file of no known kind, and records each as failed in
 * {@link DeployFolder} with the reason.
 *
 * <p>FileInstall asks its artifact listeners in order of ranking, and its own bundle installer last; registered with
 * the lowest ranking, this listener is asked about exactly the files that no installer of configurations took, just
 * before the bundle installer. It never takes a file ({@code canHandle} is always false), so the bundle installer
 * still gets every bundle, and a file fixed in place is installed on the next poll.
 */
final class DeployObserver implements ArtifactInstaller {
    private final DeployFolder deploy;

    /**
     * Creates the observer.
     *
     * @param deploy where the files are recorded
     */
    DeployObserver(DeployFolder deploy) {
        this.deploy = deploy;
    }

    @Override
    public boolean canHandle(File artifact) {
        Path file = artifact.toPath().toAbsolutePath();
        if (deploy.holds(file) && !deploy.hasFailed(file)) {
            String why = whyNotBundle(file);
            if (why != null) {
                deploy.failed(file, "cannot be installed", why, null);
            }
        }
        return false;
    }

    @Override
    public void install(File artifact) {
        throw new UnsupportedOperationException("never asked: canHandle is false for " + artifact);
    }

    @Override
    public void update(File artifact) {
        throw new UnsupportedOperationException("never asked: canHandle is false for " + artifact);
    }

    @Override
    public void uninstall(File artifact) {
        throw new UnsupportedOperationException("never asked: canHandle is false for " + artifact);
    }

    /**
     * Why FileInstall would not install a file as a bundle, judged as its bundle installer judges (a readable jar
     * whose manifest names a {@code Bundle-SymbolicName}, and no {@code .txt}, {@code .xml}, {@code .properties} or
     * {@code .cfg} file).
     *
     * @param file the file
     * @return the reason, or null if it is a bundle
     */
    static String whyNotBundle(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".cfg") || name.endsWith(".config")) {
            return "no Configuration Admin runs to read configurations";
        }
        for (String kind : new String[] {".txt", ".xml", ".properties"}) {
            if (name.endsWith(kind)) {
                return "no installer takes " + kind + " files; bundles are .jar files and configurations .cfg or"
                        + " .config files";
            }
        }
        try {
            if (Files.isDirectory(file)) {
                return null; // FileInstall packs a folder into a jar and asks again about that
            }
            if (Files.size(file) == 0) {
                return "the file is empty, not a bundle";
            }
            try (JarFile jar = new JarFile(file.toFile())) {
                Manifest manifest = jar.getManifest();
                if (manifest == null) {
                    return "it is a jar without a manifest (META-INF/MANIFEST.MF), not a bundle";
                }
                if (manifest.getMainAttributes().getValue("Bundle-SymbolicName") == null) {
                    return "its manifest has no Bundle-SymbolicName, so it is not a bundle";
                }
                return null;
            }
        } catch (ZipException e) {
            return "it is not a jar (zip) file: " + e.getMessage();
        } catch (IOException e) {
            return "it cannot be read: " + e.getMessage();
        }
    }
}
