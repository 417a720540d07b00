package dev.orchard.runtime.internal;

import java.io.File;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.felix.fileinstall.ArtifactInstaller;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.framework.SynchronousBundleListener;

/**
 * Turns the command line into the runtime's mode, before the shell, FileInstall and the logger read their
 * settings, then serves the launcher's main thread: it runs a one-shot command, or waits for the framework to
 * stop so that a clean {@code stop 0} exits with 0.
 *
 * <p>This bundle starts before every other bundle (see orchard.bndrun) and logs nothing itself. It
 * sets its defaults as system properties only where none is set, so any of them can be overridden with
 * {@code -D}; the framework falls back to system properties for every property it was not given.
 */
public final class RuntimeActivator implements BundleActivator {
    /** The launcher registers a service with this property holding the command line. */
    private static final String LAUNCHER_ARGUMENTS = "launcher.arguments";

    // SPI Fly logs every provider it registers through java.util.logging at INFO; keep the console to warnings.
    // The logger is held here because java.util.logging keeps loggers only weakly.
    private static final Logger SPIFLY_LOG = Logger.getLogger("org.apache.aries.spifly");

    private final CountDownLatch stopped = new CountDownLatch(1);
    private final CountDownLatch startLevelReached = new CountDownLatch(1);
    private ServiceRegistration<?> mainThread;
    private NamedConfigurationInstaller configInstaller;

    @Override
    public void start(BundleContext context) throws Exception {
        if (System.getProperty("orchard.spifly.log.level") == null) {
            SPIFLY_LOG.setLevel(Level.WARNING);
        } else {
            SPIFLY_LOG.setLevel(Level.parse(System.getProperty("orchard.spifly.log.level")));
        }
        // The launcher raises the start level once every bundle is installed; this bundle (level 1) starts first,
        // so it hears the end of that raise.
        context.addFrameworkListener(event -> {
            if (event.getType() == FrameworkEvent.STARTLEVEL_CHANGED) {
                startLevelReached.countDown();
            }
        });
        LaunchOptions options = LaunchOptions.parse(launcherArguments(context));
        applyDefaults(defaults(options));
        new File(System.getProperty("felix.fileinstall.dir")).mkdirs();

        Callable<Integer> main;
        switch (options.mode) {
            case HELP:
                main = new MainThread(() -> {
                    if (options.error != null) {
                        System.err.println("orchard: " + options.error);
                    }
                    (options.error == null ? System.out : System.err).println(LaunchOptions.USAGE);
                    return options.error == null ? 0 : 2;
                });
                break;
            case ONE_SHOT:
                main = new MainThread(new OneShotCommand(context, options.command, startLevelReached));
                break;
            default:
                main = new MainThread(() -> {
                    stopped.await();
                    return 0;
                });
                break;
        }
        // Return from the main thread as soon as the framework begins to stop, not when this bundle (start level 1)
        // is stopped last: the launcher exits with its internal 117 if the framework finishes stopping while the
        // main thread still runs.
        context.addBundleListener((SynchronousBundleListener) event -> {
            if (event.getBundle().getBundleId() == 0 && event.getType() == BundleEvent.STOPPING) {
                stopped.countDown();
            }
        });
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("main.thread", "true");
        mainThread = context.registerService(Callable.class, main, props);

        // Registered before FileInstall starts, so that its first scan already hands us the name~instance files.
        configInstaller = new NamedConfigurationInstaller(context);
        Dictionary<String, Object> installerProps = new Hashtable<>();
        installerProps.put(Constants.SERVICE_RANKING, 1000);
        context.registerService(ArtifactInstaller.class, configInstaller, installerProps);
    }

    @Override
    public void stop(BundleContext context) {
        // The framework is stopping (stop 0, closed console, SIGTERM): let the main thread return 0.
        stopped.countDown();
        if (configInstaller != null) {
            configInstaller.close();
        }
        if (mainThread != null) {
            try {
                mainThread.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the framework unregistered it
            }
        }
    }

    /**
     * The launcher accepts a main-thread service only if its {@code call} method is declared to return Integer,
     * which a lambda's is not.
     */
    static final class MainThread implements Callable<Integer> {
        private final Callable<Integer> body;

        MainThread(Callable<Integer> body) {
            this.body = body;
        }

        @Override
        public Integer call() throws Exception {
            return body.call();
        }
    }

    private static String[] launcherArguments(BundleContext context) throws InvalidSyntaxException {
        ServiceReference<?>[] refs = context.getServiceReferences((String) null, "(" + LAUNCHER_ARGUMENTS + "=*)");
        if (refs == null) {
            return new String[0];
        }
        Object args = refs[0].getProperty(LAUNCHER_ARGUMENTS);
        return args instanceof String[] a ? a : new String[0];
    }

    static Map<String, String> defaults(LaunchOptions options) {
        Map<String, String> d = new LinkedHashMap<>();
        String cwd = System.getProperty("user.dir");
        d.put("felix.fileinstall.dir", new File(cwd, "deploy").getAbsolutePath());
        // FileInstall installs a file once two scans see it unchanged: a 200 ms poll shows a drop well under 1 s.
        d.put("felix.fileinstall.poll", "200");
        d.put("felix.fileinstall.noInitialDelay", "true");
        d.put("felix.fileinstall.bundles.new.start", "true");
        d.put("felix.fileinstall.bundles.startTransient", "false");
        // Never rewrite the user's .cfg files from configuration changes made elsewhere.
        d.put("felix.fileinstall.enableConfigSave", "false");
        d.put("felix.fileinstall.log.level", "2");
        d.put("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        d.put("org.slf4j.simpleLogger.log.dev.orchard", "info");
        d.put("org.slf4j.simpleLogger.showDateTime", "true");
        d.put("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
        d.put("org.slf4j.simpleLogger.showThreadName", "false");
        d.put("org.slf4j.simpleLogger.showShortLogName", "true");
        if (options.mode != LaunchOptions.Mode.INTERACTIVE) {
            // No console: the shell must never read stdin, or a closed stdin would stop the framework.
            d.put("gosh.args", "--nointeractive");
        }
        return d;
    }

    private static void applyDefaults(Map<String, String> defaults) {
        defaults.forEach((key, value) -> {
            if (System.getProperty(key) == null) {
                System.setProperty(key, value);
            }
        });
    }
}
