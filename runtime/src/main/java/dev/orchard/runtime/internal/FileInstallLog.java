package dev.orchard.runtime.internal;

import java.io.File;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.osgi.framework.BundleException;
import org.slf4j.LoggerFactory;

/**
 * Receives what FileInstall logs (it logs through java.util.logging with {@code felix.fileinstall.log.default=jul})
 * and turns a failure about a file of {@code deploy/} into that file's one WARN line with the reason, through
 * {@link DeployFolder}; the stack trace and FileInstall's other messages go to DEBUG, never raw onto the console.
 */
final class FileInstallLog extends Handler {
    /** The java.util.logging logger FileInstall logs to. */
    static final String LOGGER = "fileinstall";

    private final DeployFolder deploy;
    // java.util.logging holds loggers weakly: without this reference the handler would be lost with the logger.
    private final Logger logger = Logger.getLogger(LOGGER);

    /**
     * Takes over FileInstall's logger.
     *
     * @param deploy where failures about files are recorded
     */
    FileInstallLog(DeployFolder deploy) {
        this.deploy = deploy;
        logger.setUseParentHandlers(false);
        logger.setLevel(Level.ALL);
        logger.addHandler(this);
    }

    @Override
    public void publish(LogRecord record) {
        String message = String.valueOf(record.getMessage());
        Throwable thrown = record.getThrown();
        if (record.getLevel().intValue() < Level.WARNING.intValue()) {
            LoggerFactory.getLogger(LOGGER).debug("{}", message, thrown);
            return;
        }
        String reason = thrown == null ? null : reason(thrown);
        Path file = fileIn(message);
        if (file != null && deploy.holds(file)) {
            deploy.failed(file, what(message), reason == null ? message : reason, thrown);
        } else {
            deploy.warn(reason == null ? message : message + ": " + reason, thrown);
        }
    }

    @Override
    public void flush() {
        // nothing buffered
    }

    @Override
    public void close() {
        logger.removeHandler(this);
        logger.setUseParentHandlers(true);
    }

    /**
     * What FileInstall could not do, from the start of its message, in the words of a WARN line.
     *
     * @param message FileInstall's message, e.g. {@code Error while starting bundle: file:/.../x.jar}
     * @return e.g. {@code cannot be started}
     */
    static String what(String message) {
        if (message.startsWith("Failed to install")) {
            return "cannot be installed";
        } else if (message.startsWith("Error while starting")) {
            return "cannot be started";
        } else if (message.startsWith("Failed to update")) {
            return "cannot be updated";
        } else if (message.startsWith("Failed to uninstall")) {
            return "cannot be uninstalled";
        } else if (message.startsWith("Unable to transform")) {
            return "cannot be transformed";
        }
        int colon = message.indexOf(':');
        return "FileInstall: " + (colon < 0 ? message : message.substring(0, colon));
    }

    /**
     * The file a FileInstall message ends with.
     *
     * @param message e.g. {@code Failed to install artifact: /srv/orchard/deploy/x.jar}
     * @return the file, or null if the message ends with none
     */
    static Path fileIn(String message) {
        int colon = message.lastIndexOf(": ");
        if (colon < 0) {
            return null;
        }
        String name = message.substring(colon + 2).trim();
        try {
            if (name.startsWith("file:")) {
                return Path.of(URI.create(name));
            }
            return name.startsWith("/") ? new File(name).toPath() : null;
        } catch (IllegalArgumentException notAFile) {
            return null;
        }
    }

    /**
     * An exception's reason on one line: its message and those of its causes that add something.
     *
     * @param thrown the exception
     * @return e.g. {@code Activator start error in bundle x [12].: boom}
     */
    static String reason(Throwable thrown) {
        List<String> parts = new ArrayList<>();
        for (Throwable t = thrown; t != null && parts.size() < 4; t = t.getCause()) {
            // A framework's message says what failed; another exception's needs its kind ("For input string: x").
            String kind = t instanceof BundleException ? "" : t.getClass().getSimpleName();
            String m = t.getMessage();
            if (m == null) {
                parts.add(kind);
            } else if (parts.stream().noneMatch(p -> p.contains(m))) {
                parts.add(kind.isEmpty() ? m : kind + ": " + m);
            }
        }
        String reason = String.join(": ", parts).replaceAll("\\s*\\R\\s*", " ").trim();
        // Felix repeats a resolution failure's requirements after it: once is enough on one line.
        int repeated = reason.indexOf(" Unresolved requirements: ");
        return repeated > 0 ? reason.substring(0, repeated) : reason;
    }
}
