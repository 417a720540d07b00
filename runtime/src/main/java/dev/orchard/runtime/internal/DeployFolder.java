package dev.orchard.runtime.internal;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.util.tracker.ServiceTracker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The files of {@code deploy/} and what became of each: a bundle installed from it, a configuration read from it, a
 * failure with its reason, or nothing yet. FileInstall does the work; this class keeps the failures it reports (and
 * the files it leaves alone), and logs each as one WARN line, once per version of the file, with the stack trace at
 * DEBUG.
 */
final class DeployFolder {
    /** What became of a file. */
    enum State {
        /** A bundle was installed from it (and started, unless it is a fragment or was stopped). */
        INSTALLED,
        /** A configuration was read from it. */
        CONFIGURATION,
        /** It could not be installed or started; the detail says why. */
        FAILED,
        /** FileInstall has not handled it yet. */
        PENDING;

        /**
         * The word {@code orchard:deploy} shows.
         *
         * @return e.g. {@code installed}
         */
        String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One file and what became of it.
     *
     * @param file the file
     * @param state what became of it
     * @param detail the bundle and its state, the configuration's PID, or the failure
     * @param bundle the bundle installed from it; null if none
     * @param configuration the configuration read from it; null if none
     */
    record Entry(Path file, State state, String detail, Bundle bundle, Configuration configuration) {}

    /** The configuration property in which FileInstall (and {@link NamedConfigurationInstaller}) name the file. */
    static final String FILENAME = "felix.fileinstall.filename";

    // A failure holds for the version of the file it was seen in: a changed file is handled anew.
    private record Failure(long size, long modified, String text) {}

    private final Path dir;
    private final BundleContext context;
    private final ServiceTracker<ConfigurationAdmin, ConfigurationAdmin> configAdmin;
    private final Map<Path, Failure> failures = new ConcurrentHashMap<>();
    private final Set<String> warned = ConcurrentHashMap.newKeySet();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    /**
     * Watches what happens to a folder's files.
     *
     * @param dir the folder FileInstall watches, absolute
     * @param context the runtime bundle's context
     */
    DeployFolder(Path dir, BundleContext context) {
        this.dir = dir;
        this.context = context;
        this.configAdmin = new ServiceTracker<>(context, ConfigurationAdmin.class, null);
        this.configAdmin.open();
    }

    void close() {
        configAdmin.close();
    }

    /**
     * Whether a file is one of the folder's, as FileInstall names it; hidden files (a name starting with a dot,
     * such as a copy in progress) are not.
     *
     * @param file a path FileInstall handles
     * @return true if it lies directly in the folder and is not hidden
     */
    boolean holds(Path file) {
        return dir.equals(file.toAbsolutePath().getParent())
                && !file.getFileName().toString().startsWith(".");
    }

    /**
     * Records that a file could not be installed, started or updated; logs it once per version of the file.
     *
     * @param file the file
     * @param what what could not be done, e.g. {@code cannot be started}
     * @param reason why, on one line
     * @param trace the exception behind it, logged at DEBUG; may be null
     */
    void failed(Path file, String what, String reason, Throwable trace) {
        Failure now;
        try {
            now = new Failure(Files.size(file), Files.getLastModifiedTime(file).toMillis(), what + ": " + reason);
        } catch (IOException gone) {
            return; // removed meanwhile: nothing left to report on
        }
        Failure before = failures.put(file, now);
        if (!now.equals(before)) {
            Log.LOG.warn("{} {}", shown(file), now.text());
            if (trace != null) {
                Log.LOG.debug("{} {}", shown(file), what, trace);
            }
        }
        listeners.forEach(Runnable::run);
    }

    /**
     * Whether the failure recorded for a file still holds: the file did not change since.
     *
     * @param file the file
     * @return true if its current version failed
     */
    boolean hasFailed(Path file) {
        return failure(file) != null;
    }

    /**
     * Logs a FileInstall warning that names no file of the folder, once.
     *
     * @param text the warning on one line
     * @param trace the exception behind it, logged at DEBUG; may be null
     */
    void warn(String text, Throwable trace) {
        if (warned.add(text)) {
            Log.LOG.warn("FileInstall: {}", text);
        }
        if (trace != null) {
            Log.LOG.debug("FileInstall: {}", text, trace);
        }
    }

    /**
     * Calls an action whenever a failure is recorded.
     *
     * @param listener the action
     * @return what removes it
     */
    Runnable onChange(Runnable listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /**
     * The folder's files, by name, and what became of each.
     *
     * @return the entries
     * @throws IOException if the folder cannot be listed
     */
    List<Entry> entries() throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.list(dir)) {
            files = all.filter(this::holds).sorted().toList();
        }
        failures.keySet().removeIf(f -> !Files.exists(f));
        List<Entry> entries = new ArrayList<>();
        for (Path file : files) {
            entries.add(entry(file));
        }
        return entries;
    }

    /**
     * A file as a message names it: relative to the working folder when it lies in it.
     *
     * @param file the file
     * @return e.g. {@code deploy/example.jar}
     */
    static String shown(Path file) {
        Path cwd = Path.of("").toAbsolutePath();
        Path absolute = file.toAbsolutePath();
        return absolute.startsWith(cwd) ? cwd.relativize(absolute).toString() : absolute.toString();
    }

    private Entry entry(Path file) {
        Bundle bundle = bundleFrom(file);
        if (bundle != null && (bundle.getState() & (Bundle.ACTIVE | Bundle.STARTING)) != 0) {
            return new Entry(file, State.INSTALLED, describe(bundle), bundle, null);
        }
        Failure failure = failure(file);
        if (failure != null) {
            return new Entry(file, State.FAILED, failure.text(), bundle, null);
        }
        if (bundle != null) {
            // RESOLVED without a failure: a fragment, or stopped on purpose; INSTALLED: FileInstall starts it next
            State state = bundle.getState() == Bundle.RESOLVED ? State.INSTALLED : State.PENDING;
            return new Entry(file, state, describe(bundle), bundle, null);
        }
        Configuration configuration = configurationFrom(file);
        if (configuration != null) {
            return new Entry(file, State.CONFIGURATION, configuration.getPid(), null, configuration);
        }
        return new Entry(file, State.PENDING, "not handled yet", null, null);
    }

    private Failure failure(Path file) {
        Failure f = failures.get(file);
        try {
            if (f != null
                    && f.size() == Files.size(file)
                    && f.modified() == Files.getLastModifiedTime(file).toMillis()) {
                return f;
            }
        } catch (IOException gone) {
            // no file, no failure
        }
        return null;
    }

    private static String describe(Bundle bundle) {
        String state = switch (bundle.getState()) {
            case Bundle.ACTIVE -> "active";
            case Bundle.STARTING -> "starting";
            case Bundle.RESOLVED -> bundle.getHeaders("").get(Constants.FRAGMENT_HOST) != null ? "fragment" : "stopped";
            default -> "not started yet";
        };
        return bundle.getSymbolicName() + "/" + bundle.getVersion() + ", " + state;
    }

    // FileInstall installs a bundle with the file's URL as its location.
    private Bundle bundleFrom(Path file) {
        for (Bundle b : context.getBundles()) {
            String location = b.getLocation();
            if (location.startsWith("file:")) {
                try {
                    if (Path.of(URI.create(location)).normalize().equals(file.normalize())) {
                        return b;
                    }
                } catch (IllegalArgumentException notAFile) {
                    // some other location
                }
            }
        }
        return null;
    }

    private Configuration configurationFrom(Path file) {
        ConfigurationAdmin admin = configAdmin.getService();
        if (admin == null) {
            return null;
        }
        String uri = file.toFile().toURI().toString();
        try {
            Configuration[] found =
                    admin.listConfigurations("(" + FILENAME + "=" + NamedConfigurationInstaller.escape(uri) + ")");
            return found == null || found.length == 0 ? null : found[0];
        } catch (IOException | InvalidSyntaxException e) {
            return null;
        }
    }

    // The logger is made on first use: this class is loaded as the runtime bundle starts, before slf4j's provider
    // is active, and a logger made then would be slf4j's NOP logger for the life of the JVM.
    private static final class Log {
        static final Logger LOG = LoggerFactory.getLogger(DeployFolder.class);
    }
}
