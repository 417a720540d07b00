package dev.orchard.runtime.internal;

import dev.orchard.runtime.control.LaunchMode;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;
import org.apache.felix.service.command.CommandProcessor;
import org.osgi.framework.BundleContext;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The body of the launcher's main thread, by mode: once the runtime has started ({@link Readiness}), runs the one
 * command of {@code -c} and returns its status; or opens the control socket (and, in the interactive mode, starts the
 * console) and waits for the framework to stop, returning 0. It is also what Ctrl-C reaches first
 * ({@link #getAsBoolean()}): the running command ends, not the runtime.
 */
final class MainThread implements Callable<Integer>, BooleanSupplier {
    /** The exit status when the shell does not start in time. */
    static final int NOT_STARTED = 3;

    private static final long WAIT_MILLIS = Long.getLong("orchard.command.wait.ms", 30_000L);

    private final BundleContext context;
    private final LaunchMode mode;
    private final String command;
    private final Path socket;
    private final Readiness readiness;
    private final ServiceTracker<CommandProcessor, CommandProcessor> processors;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile SocketServer server;
    private volatile ShellConsole console;
    private volatile CommandRun oneShot;

    /**
     * Creates the body.
     *
     * @param context the runtime bundle's context
     * @param mode the mode the launcher chose
     * @param command the command of {@link LaunchMode#COMMAND}
     * @param socket where the control socket goes in the other modes; null for none
     * @param readiness what says that the runtime has started
     */
    MainThread(BundleContext context, LaunchMode mode, String command, Path socket, Readiness readiness) {
        this.context = context;
        this.mode = mode;
        this.command = command;
        this.socket = socket;
        this.readiness = readiness;
        this.processors = new ServiceTracker<>(context, CommandProcessor.class, null);
        this.processors.open();
    }

    @Override
    public Integer call() throws Exception {
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        if (stopped.getCount() == 0) {
            return stoppedWhileStarting();
        }
        CommandProcessor processor = processors.waitForService(WAIT_MILLIS);
        if (stopped.getCount() == 0) {
            // stop() closes the tracker, which ends the wait with null: a stop, not a shell that did not start.
            return stoppedWhileStarting();
        }
        if (processor == null) {
            err.println("orchard: the Gogo shell did not start within " + WAIT_MILLIS + " ms");
            return NOT_STARTED;
        }
        List<String> pending;
        try {
            pending = readiness.await(WAIT_MILLIS);
        } catch (IllegalStateException stopping) {
            pending = List.of("the framework, which is stopping");
        }
        if (stopped.getCount() == 0) {
            return stoppedWhileStarting();
        }
        if (!pending.isEmpty()) {
            err.println("orchard: still starting after " + WAIT_MILLIS + " ms: " + String.join(", ", pending));
        }
        if (mode == LaunchMode.COMMAND) {
            // The process's own descriptors: System.out and System.err are Gogo's per-thread redirections by now,
            // and a session writing into them writes into itself.
            PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
            return OneCommand.run(
                    processor, context, command, new FileInputStream(FileDescriptor.in), out, err, r -> oneShot = r);
        }
        if (socket != null) {
            server = new SocketServer(socket, processors::getService, context);
            try {
                server.start();
            } catch (IOException e) {
                err.println("orchard: the control socket " + socket + " cannot be opened, so -c will start runtimes"
                        + " of its own: " + e.getMessage());
            }
        }
        if (mode == LaunchMode.INTERACTIVE) {
            console = new ShellConsole(processor, context);
            Thread t = new Thread(console, "orchard-console");
            t.setDaemon(true);
            t.start();
        }
        stopped.await();
        return 0;
    }

    // Stopped while it started (SIGTERM, stop 0): there is nothing to run; the launcher reports the stop.
    private int stoppedWhileStarting() {
        return mode == LaunchMode.COMMAND ? NOT_STARTED : 0;
    }

    /**
     * Ctrl-C: the interactive console takes it whole (it ends the running line or gives a fresh prompt, never
     * stopping the runtime); else it ends the running command of {@code -c}.
     *
     * @return true if it was taken; false if there was nothing to end, so that the launcher stops the runtime
     */
    @Override
    public boolean getAsBoolean() {
        ShellConsole c = console;
        if (c != null) {
            c.interrupt();
            return true;
        }
        CommandRun r = oneShot;
        return r != null && r.interrupt();
    }

    /** The framework stops: closes the socket, ends what runs and lets the main thread return. */
    void stop() {
        stopped.countDown();
        SocketServer s = server;
        if (s != null) {
            s.close();
        }
        ShellConsole c = console;
        if (c != null) {
            c.endRunning();
        }
        CommandRun r = oneShot;
        if (r != null) {
            r.interrupt();
        }
        processors.close();
    }
}
