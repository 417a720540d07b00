package dev.orchard.provider.tck.cli;

import dev.orchard.provider.tck.KitProperties;
import dev.orchard.runtime.launcher.ExportedFramework;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.launch.Framework;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The main class of {@code orchard-tck.jar}: reads the command line (a bad one prints the usage and exits 2 before
 * anything starts), starts the jar's framework in a temporary folder through the runtime's {@link
 * ExportedFramework}, calls the kit's runner inside it, stops the framework and exits with the runner's status.
 */
public final class KitMain {
    /** The exit status of a bad command line. */
    static final int BAD_LINE = 2;
    /** The exit status when the framework or the kit's runner does not start. */
    static final int NOT_STARTED = 3;

    // SPI Fly logs every provider it registers through java.util.logging at INFO; held, so that the level stays.
    private static final Logger SPI_FLY = Logger.getLogger("org.apache.aries.spifly");
    private static final long START_WAIT_MILLIS = 60_000L;
    private static final long STOP_WAIT_MILLIS = 30_000L;
    private static final String LOG_LEVEL = "org.slf4j.simpleLogger.defaultLogLevel";

    private KitMain() {}

    /**
     * Runs the command line and exits with its status.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        KitOptions options = KitOptions.parse(args);
        if (options.help()) {
            out.println(KitOptions.USAGE);
            return 0;
        }
        if (options.error() != null) {
            err.println("orchard-tck: " + options.error());
            err.println(KitOptions.USAGE);
            return BAD_LINE;
        }
        // The kit's checks read their pod timeout from the JVM's properties: the framework runs in this JVM.
        System.setProperty(KitProperties.TIMEOUT_SECONDS, Long.toString(options.timeoutSeconds()));
        // The console is the run's summary: only warnings of the provider's logs, unless -D says otherwise.
        if (System.getProperty(LOG_LEVEL) == null) {
            System.setProperty(LOG_LEVEL, "warn");
            SPI_FLY.setLevel(Level.WARNING);
        }
        Path storage = null;
        try {
            storage = Files.createTempDirectory("orchard-tck-");
            Map<String, String> properties = options.frameworkProperties();
            properties.put(Constants.FRAMEWORK_STORAGE, storage.toString());
            properties.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
            Framework framework = ExportedFramework.create(properties);
            Path created = storage;
            // Ctrl-C or SIGTERM during a run: the framework stops cleanly (its providers clean up) and its folder goes.
            Thread interrupted = new Thread(
                    () -> {
                        stop(framework, err);
                        removeQuietly(created);
                    },
                    "orchard-tck-shutdown");
            Runtime.getRuntime().addShutdownHook(interrupted);
            try {
                framework.start();
                return runner(framework, err);
            } finally {
                stop(framework, err);
                Runtime.getRuntime().removeShutdownHook(interrupted);
            }
        } catch (IOException | BundleException | RuntimeException e) {
            err.println("orchard-tck: the framework did not start: " + e.getMessage());
            return NOT_STARTED;
        } finally {
            removeQuietly(storage);
        }
    }

    // Calls the kit's runner, which the kit's bundle registers once it starts.
    private static int runner(Framework framework, PrintStream err) {
        ServiceTracker<?, ?> tracker;
        try {
            tracker = new ServiceTracker<>(
                    framework.getBundleContext(),
                    framework.getBundleContext().createFilter(KitProperties.RUNNER_FILTER),
                    null);
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
        tracker.open(true);
        try {
            Object runner = tracker.waitForService(START_WAIT_MILLIS);
            if (!(runner instanceof Callable<?> call)) {
                err.println("orchard-tck: the kit's runner did not start within " + START_WAIT_MILLIS + " ms");
                return NOT_STARTED;
            }
            Object status = call.call();
            return status instanceof Integer code ? code : 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return NOT_STARTED;
        } catch (Exception e) {
            err.println("orchard-tck: the run broke: " + e);
            return 1;
        } finally {
            tracker.close();
        }
    }

    private static void stop(Framework framework, PrintStream err) {
        try {
            framework.stop();
            framework.waitForStop(STOP_WAIT_MILLIS);
        } catch (BundleException | InterruptedException e) {
            err.println("orchard-tck: stopping the framework failed: " + e.getMessage());
        }
    }

    private static void removeQuietly(Path folder) {
        if (folder == null) {
            return;
        }
        try (Stream<Path> all = Files.walk(folder)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind; the OS's cleaner takes it
        }
    }
}
