package dev.orchard.provider.local.internal.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Detaches a mount with the host's {@code umount}: a plain detach first; a lazy one ({@code -l}) only if the plain
 * one fails because the mount is busy, since a lazy detach cuts the mount's content off the tree at once, and
 * whoever still holds it open keeps it to themselves.
 */
public final class Umount implements Detacher {
    /** The one instance. */
    public static final Umount HOST = new Umount();

    private static final Logger LOG = LoggerFactory.getLogger(Umount.class);
    private static final long TIMEOUT_SECONDS = 30;

    private Umount() {}

    @Override
    public String detach(Path mount) {
        String plain = run(List.of("umount", mount.toString()));
        if (plain == null) {
            LOG.info("Detached the mount {}, left under a folder the local provider removes", mount);
            return null;
        }
        if (!plain.toLowerCase(Locale.ROOT).contains("busy")) {
            return plain;
        }
        String lazy = run(List.of("umount", "-l", mount.toString()));
        if (lazy == null) {
            LOG.warn("Detached the busy mount {} lazily: whoever holds it open keeps it, apart from the tree", mount);
            return null;
        }
        return plain + "; lazily: " + lazy;
    }

    // Runs umount with no shell; null if it succeeded, else its output and exit status.
    private static String run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return String.join(" ", command) + " did not end within " + TIMEOUT_SECONDS + " s";
            }
            return p.exitValue() == 0 ? null : String.join(" ", command) + " failed (" + p.exitValue() + "): " + out;
        } catch (IOException e) {
            return String.join(" ", command) + " could not run: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return String.join(" ", command) + " was interrupted";
        }
    }
}
