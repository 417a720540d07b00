package dev.orchard.http.internal;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.http.binding.TokenFile;
import dev.orchard.http.binding.TokenState;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.osgi.framework.BundleContext;

/**
 * The credential the settings ask for: none ({@code auth=none}), the operator's {@code token.file}, or Orchard's own
 * token, made at the first start in a folder of its own in the runtime's folder.
 */
final class Credentials {
    /**
     * The framework property by which Orchard's runtime names its own folder ({@code .orchard}, relative to the
     * runtime's working directory; the runtime user's alone); its launcher sets it.
     */
    static final String RUNTIME_DIR = "orchard.runtime.dir";
    /** Karaf's data folder, where the token goes under Karaf. */
    static final String KARAF_DATA = "karaf.data";

    /**
     * What the settings resolved to.
     *
     * @param state the credential
     * @param file the token file, when authentication is on
     * @param created whether Orchard made its token just now
     */
    record Resolved(TokenState state, Optional<Path> file, boolean created) {}

    private Credentials() {}

    /**
     * Resolves the credential, making Orchard's own token if the settings ask for it and there is none yet.
     *
     * @param settings the settings
     * @param context the bundle's context, for the runtime's folder
     * @return the credential; a file that fails its checks gives a state through which nothing passes
     */
    static Resolved resolve(HttpSettings settings, BundleContext context) {
        if (settings.authOff()) {
            return new Resolved(TokenState.NONE, Optional.empty(), false);
        }
        if (settings.tokenFile().isPresent()) {
            return new Resolved(TokenState.of(settings.tokenFile()), settings.tokenFile(), false);
        }
        Path folder;
        try {
            folder = tokenFolder(context);
        } catch (IllegalStateException e) {
            return new Resolved(TokenState.refused(e.getMessage()), Optional.empty(), false);
        }
        try {
            // The runtime's folder (or Karaf's data) exists; a parent named by hand may not yet.
            Files.createDirectories(folder.getParent());
            TokenFile.Opened opened = TokenFile.open(folder);
            // Read through the path the runtime gave (relative to its folder); shown from / in the log.
            return new Resolved(
                    TokenState.usable(opened.token()), Optional.of(opened.file().toAbsolutePath()), opened.created());
        } catch (IOException e) {
            return new Resolved(
                    TokenState.refused("the token folder's parent "
                            + folder.getParent().toAbsolutePath() + " cannot be made: " + e.getMessage()),
                    Optional.of(folder.resolve(TokenFile.NAME).toAbsolutePath()),
                    false);
        } catch (InvalidInputException e) {
            return new Resolved(
                    TokenState.refused(e.getMessage()),
                    Optional.of(folder.resolve(TokenFile.NAME).toAbsolutePath()),
                    false);
        }
    }

    /**
     * The folder of Orchard's own token: {@code http/} in the runtime's folder, {@code orchard-http/} in Karaf's
     * data folder, else in the bundle's persistent storage.
     *
     * @param context the bundle's context
     * @return the folder
     */
    static Path tokenFolder(BundleContext context) {
        String runtime = context.getProperty(RUNTIME_DIR);
        if (runtime != null && !runtime.isBlank()) {
            return Path.of(runtime.strip()).resolve("http");
        }
        String karaf = context.getProperty(KARAF_DATA);
        if (karaf != null && !karaf.isBlank()) {
            return Path.of(karaf.strip()).resolve("orchard-http");
        }
        File data = context.getDataFile("");
        if (data == null) {
            throw new IllegalStateException("the framework gives no storage for the HTTP token; set " + RUNTIME_DIR);
        }
        return data.toPath().resolve("http");
    }
}
