package dev.orchard.runtime.launcher;

import dev.orchard.runtime.control.LaunchMode;
import java.io.IOException;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.launch.Framework;

/**
 * Starts the runtime's framework ({@link ExportedFramework}: the bundles and start levels of the jar's {@code
 * launcher.properties}) in the runtime folder, runs the runtime bundle's main thread (the shell, the daemon's wait, or the one
 * command), and stops the framework cleanly at its end, on SIGTERM, on SIGINT or when the JVM shuts down, returning
 * the exit status.
 *
 * <p>Its contract with the runtime bundle is made of JDK types only, since the two see different class loaders: a
 * {@link Callable} service with {@code main.thread=true} (as bnd's launcher had it) whose result is the exit status,
 * and a {@link BooleanSupplier} service with {@code orchard.interrupt=true} that takes Ctrl-C (ending the running
 * command) and says whether it did. Without them (a framework of other bundles) it waits for the framework to stop.
 */
final class FrameworkLauncher {
    /** The filter of the runtime bundle's main-thread service. */
    static final String MAIN_THREAD = "(main.thread=true)";
    /** The filter of the runtime bundle's Ctrl-C service. */
    static final String INTERRUPT = "(orchard.interrupt=true)";
    /** The exit status when the framework cannot start. */
    static final int NOT_STARTED = 3;
    /** The framework property naming the runtime's own folder, {@code .orchard} (relative to the working directory). */
    static final String RUNTIME_DIR_PROPERTY = "orchard.runtime.dir";

    private static final long STOP_WAIT_MILLIS = Long.getLong("orchard.stop.wait.ms", 30_000L);
    private static final int SIGINT = 2;
    private static final int SIGTERM = 15;

    private final LaunchMode mode;
    private final String command;
    private final RuntimeFolder folder;
    private final PrintStream messages;
    // Guards stopRequested and framework, so that a signal during create() and the start that follows it agree on
    // who stops the framework, exactly once.
    private final Object guard = new Object();
    private boolean stopRequested;
    private Framework framework;
    private volatile int signalled;

    /**
     * Prepares a launch.
     *
     * @param mode the mode the runtime bundle runs in
     * @param command the command of {@link LaunchMode#COMMAND}; null otherwise
     * @param folder the runtime folder, locked by this process
     * @param messages where the launcher's own messages go
     */
    FrameworkLauncher(LaunchMode mode, String command, RuntimeFolder folder, PrintStream messages) {
        this.mode = mode;
        this.command = command;
        this.folder = folder;
        this.messages = messages;
    }

    /**
     * Runs the framework until its main thread ends or it is stopped.
     *
     * @return the exit status
     */
    int run() {
        // The handlers come first: a signal while the framework is created must stop it cleanly, not kill the JVM.
        Signals.handle("TERM", () -> signal(SIGTERM));
        Signals.handle("INT", () -> signal(SIGINT));
        Runtime.getRuntime().addShutdownHook(new Thread(this::stopAndWait, "orchard-shutdown"));
        Framework created;
        try {
            created = create();
        } catch (IOException | BundleException | RuntimeException e) {
            messages.println("orchard: the framework did not start: " + e.getMessage());
            return NOT_STARTED;
        }
        boolean stopBeforeStart;
        synchronized (guard) {
            framework = created;
            stopBeforeStart = stopRequested;
        }
        int status;
        if (stopBeforeStart) {
            // Signalled while it was created: it is not started, only stopped (which removes what init made).
            stopFramework(created);
            status = mode == LaunchMode.COMMAND ? NOT_STARTED : 0;
        } else {
            try {
                created.start();
                status = mainThread();
            } catch (BundleException | RuntimeException e) {
                messages.println("orchard: the framework did not start: " + e.getMessage());
                status = NOT_STARTED;
            }
        }
        if (!stopAndWait()) {
            messages.println("orchard: the framework did not stop within " + STOP_WAIT_MILLIS + " ms");
            return status == 0 ? 1 : status;
        }
        // A command's run ended by a signal ends as a process ended by it; a shell's or a daemon's cleanly.
        return mode == LaunchMode.COMMAND && signalled != 0 ? 128 + signalled : status;
    }

    private Framework create() throws BundleException, IOException {
        Map<String, String> config = new HashMap<>();
        // Paths relative to the working directory, as RuntimeFolder gives them: they lead into the folder this
        // process started in even if the folder, or one above it, is renamed and something else put in its place.
        config.put(Constants.FRAMEWORK_STORAGE, folder.storage().toString());
        config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        config.put(LaunchMode.PROPERTY, mode.property());
        config.put(LaunchMode.SOCKET_PROPERTY, folder.socket().toString());
        // The runtime's own folder (.orchard/, its user's alone): add-ons keep their state there, e.g. the HTTP
        // add-on its token (http/token), since the framework's storage is cleaned at each start.
        config.put(RUNTIME_DIR_PROPERTY, folder.runtimeDir().toString());
        if (command != null) {
            config.put(LaunchMode.COMMAND_PROPERTY, command);
        }
        return ExportedFramework.create(config);
    }

    // Runs the runtime bundle's main-thread service; without one, waits for the framework to stop.
    private int mainThread() {
        Framework fw = framework();
        BundleContext context = fw.getBundleContext();
        Callable<?> main = find(context, Callable.class, MAIN_THREAD);
        if (main == null) {
            waitForStop(fw, 0);
            return 0;
        }
        try {
            Object status = main.call();
            return status instanceof Integer code ? code : 0;
        } catch (Exception e) {
            messages.println("orchard: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            return 1;
        }
    }

    // SIGTERM stops the framework; SIGINT goes first to the interactive console (which never stops the runtime) or
    // to the running command of -c, and stops the framework only where nothing takes it (the daemon, a start); a
    // second signal while the framework stops leaves at once.
    private void signal(int number) {
        if (stopRequested()) {
            Runtime.getRuntime().halt(128 + number);
        }
        if (number == SIGINT && mode != LaunchMode.DAEMON && interruptCommand()) {
            return;
        }
        signalled = number;
        stop();
    }

    private boolean interruptCommand() {
        Framework fw = framework();
        if (fw == null) {
            return false;
        }
        try {
            BooleanSupplier interrupt = find(fw.getBundleContext(), BooleanSupplier.class, INTERRUPT);
            return interrupt != null && interrupt.getAsBoolean();
        } catch (IllegalStateException stopped) {
            return false;
        }
    }

    // Stops the framework once; before it exists, marks it for run() to stop instead of starting it.
    private void stop() {
        Framework fw;
        synchronized (guard) {
            if (stopRequested) {
                return;
            }
            stopRequested = true;
            fw = framework;
        }
        if (fw != null) {
            stopFramework(fw);
        }
    }

    private void stopFramework(Framework fw) {
        try {
            fw.stop();
        } catch (BundleException | IllegalStateException e) {
            messages.println("orchard: stopping the framework failed: " + e.getMessage());
        }
    }

    private boolean stopRequested() {
        synchronized (guard) {
            return stopRequested;
        }
    }

    private Framework framework() {
        synchronized (guard) {
            return framework;
        }
    }

    // Stops the framework unless it stopped, and waits for it; false if it did not stop in time.
    private boolean stopAndWait() {
        Framework fw = framework();
        if (fw == null) {
            return true;
        }
        if ((fw.getState() & (Bundle.STARTING | Bundle.ACTIVE)) != 0) {
            stop();
        }
        return waitForStop(fw, STOP_WAIT_MILLIS);
    }

    private boolean waitForStop(Framework fw, long millis) {
        try {
            return fw.waitForStop(millis).getType() != FrameworkEvent.WAIT_TIMEDOUT;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static <T> T find(BundleContext context, Class<T> type, String filter) {
        try {
            ServiceReference<?>[] refs = context.getServiceReferences(type.getName(), filter);
            return refs == null ? null : type.cast(context.getService(refs[0]));
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
