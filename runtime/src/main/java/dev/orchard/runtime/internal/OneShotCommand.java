package dev.orchard.runtime.internal;

import dev.orchard.api.registry.ShellCommands;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.Filter;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Runs one shell command on the launcher's main thread and returns the process exit status: 0 if it succeeded, the
 * status an orchard command left in the session (1 for a failure, the pod command's own code for
 * {@code orchard:exec}), 1 if it threw (an unknown command included), 3 if the shell did not start in time. The
 * orchard commands print their output themselves; the return value of any other command (e.g. {@code lb}) is
 * printed as Gogo's console prints it.
 */
final class OneShotCommand implements Callable<Integer> {
    private static final long WAIT_MILLIS = Long.getLong("orchard.command.wait.ms", 30_000L);
    private static final long COMMAND_WAIT_MILLIS = 3_000L;
    // Set by the bnd launcher when it manages start levels.
    private static final String LAUNCHER_DEFAULT_LEVEL = "launch.startlevel.default";

    private final BundleContext context;
    private final String command;
    private final CountDownLatch startLevelReached;

    /**
     * Creates the command runner.
     *
     * @param context the runtime bundle's context
     * @param command the command line to run
     * @param startLevelReached counted down when the launcher's start level change ends, i.e. when every bundle,
     *     those at the highest start levels and in deploy/ included, has been started
     */
    OneShotCommand(BundleContext context, String command, CountDownLatch startLevelReached) {
        this.context = context;
        this.command = command;
        this.startLevelReached = startLevelReached;
    }

    @Override
    public Integer call() throws Exception {
        ServiceTracker<CommandProcessor, CommandProcessor> processors =
                new ServiceTracker<>(context, CommandProcessor.class, null);
        processors.open();
        try {
            CommandProcessor processor = processors.waitForService(WAIT_MILLIS);
            if (processor == null) {
                System.err.println("orchard: the Gogo shell did not start within " + WAIT_MILLIS + " ms");
                return 3;
            }
            if (!awaitStarted()) {
                System.err.println("orchard: the framework did not finish starting within " + WAIT_MILLIS + " ms");
                return 3;
            }
            awaitCommand();
            // The process's own descriptors: System.out and System.err are Gogo's per-thread redirections by now,
            // and a session writing into them writes into itself.
            PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
            PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true);
            CommandSession session = processor.createSession(new FileInputStream(FileDescriptor.in), out, err);
            try {
                Object result = session.execute(command);
                if (result != null) {
                    out.println(session.format(result, Converter.INSPECT));
                }
                out.flush();
                // An orchard command that failed has printed its error line and set this session variable.
                Object status = session.get(ShellCommands.STATUS_VARIABLE);
                return status == null ? 0 : status instanceof Integer code && code > 0 && code < 256 ? code : 1;
            } catch (Exception e) {
                Throwable cause = e instanceof java.lang.reflect.InvocationTargetException && e.getCause() != null
                        ? e.getCause()
                        : e;
                err.println("orchard: " + command + ": " + (cause.getMessage() == null ? cause : cause.getMessage()));
                if (Boolean.getBoolean("orchard.debug")) {
                    e.printStackTrace(err);
                }
                return 1;
            } finally {
                session.close();
            }
        } finally {
            processors.close();
        }
    }

    private String firstWord() {
        int space = command.indexOf(' ');
        return space < 0 ? command : command.substring(0, space);
    }

    // Waits until every bundle has started. The launcher starts the framework at level 1 and only then raises it to
    // its final level, so the framework's own "beginning" level says nothing; the end of that raise does. Bundles
    // installed meanwhile (deploy/) get the launcher's default level, below the final one.
    private boolean awaitStarted() throws InterruptedException {
        Bundle system = context.getBundle(Constants.SYSTEM_BUNDLE_LOCATION);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MILLIS);
        if (context.getProperty(LAUNCHER_DEFAULT_LEVEL) != null
                && !startLevelReached.await(WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
            return false;
        }
        while (system.getState() != Bundle.ACTIVE) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    // Gives the component that registers a scoped command (scope:function) a moment after start-up, so that a
    // one-shot run does not race it; a command nobody provides then fails in the shell as usual.
    private void awaitCommand() throws Exception {
        String word = firstWord();
        int colon = word.indexOf(':');
        if (colon <= 0) {
            return;
        }
        String scope = word.substring(0, colon);
        String function = word.substring(colon + 1);
        Filter filter = FrameworkUtil.createFilter(
                "(&(osgi.command.scope=" + scope + ")(osgi.command.function=" + function + "))");
        ServiceTracker<Object, Object> commands = new ServiceTracker<>(context, filter, null);
        commands.open();
        try {
            commands.waitForService(COMMAND_WAIT_MILLIS);
        } finally {
            commands.close();
        }
    }
}
