package dev.orchard.runtime.internal;

import dev.orchard.api.registry.ShellCommands;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.util.function.Consumer;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Filter;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Runs one command line in a session of its own, as {@code -c} does (in a runtime of its own or over the control
 * socket), and returns its exit status: 0 if it succeeded; the status an orchard command left in the session (1 for
 * a failure, the pod command's own code for {@code orchard:exec}); 1 if it threw (an unknown command included);
 * {@value #INTERRUPTED} if it was interrupted. The orchard commands print their output themselves; the return value
 * of any other command (e.g. {@code lb}) is printed as Gogo's console prints it.
 */
final class OneCommand {
    /** The exit status of an interrupted command, as a shell gives it after Ctrl-C. */
    static final int INTERRUPTED = 130;

    private static final long COMMAND_WAIT_MILLIS = 3_000L;

    private OneCommand() {}

    /**
     * Runs a line.
     *
     * @param processor Gogo's command processor
     * @param context the runtime bundle's context
     * @param line the command line
     * @param in the command's input
     * @param out its output
     * @param err its error stream
     * @param started told of the run once it starts, so that it can be interrupted
     * @return the exit status
     */
    static int run(
            CommandProcessor processor,
            BundleContext context,
            String line,
            InputStream in,
            PrintStream out,
            PrintStream err,
            Consumer<CommandRun> started) {
        awaitCommand(context, line);
        // Guarded: an interrupt that cuts a write short makes Gogo close the session's streams, which must not close
        // the caller's (the process's stdout, or the socket's frames, which still carry the exit status).
        CommandSession session =
                processor.createSession(in, new SessionOutput(out).stream(), new SessionOutput(err).stream());
        CommandRun run = new CommandRun(session, line);
        started.accept(run);
        try {
            Object result = run.execute();
            if (run.interrupted()) {
                return INTERRUPTED;
            }
            if (result != null) {
                out.println(session.format(result, Converter.INSPECT));
            }
            out.flush();
            // An orchard command that failed has printed its error line and set this session variable.
            Object status = session.get(ShellCommands.STATUS_VARIABLE);
            return status == null ? 0 : status instanceof Integer code && code > 0 && code < 256 ? code : 1;
        } catch (Exception e) {
            if (run.interrupted()) {
                return INTERRUPTED;
            }
            Throwable cause = e instanceof InvocationTargetException && e.getCause() != null ? e.getCause() : e;
            err.println("orchard: " + line + ": " + (cause.getMessage() == null ? cause : cause.getMessage()));
            if (Boolean.getBoolean("orchard.debug")) {
                e.printStackTrace(err);
            }
            return 1;
        } finally {
            err.flush();
            session.close();
        }
    }

    // Gives the component that registers a scoped command (scope:function) a moment after start-up, so that a run
    // does not race it; a command nobody provides then fails in the shell as usual.
    private static void awaitCommand(BundleContext context, String line) {
        String word = line.strip().split("\\s", 2)[0];
        int colon = word.indexOf(':');
        if (colon <= 0 || !word.matches("[A-Za-z0-9_.-]+:[A-Za-z0-9_.-]+")) {
            return;
        }
        ServiceTracker<Object, Object> commands;
        try {
            Filter filter = FrameworkUtil.createFilter("(&(osgi.command.scope=" + word.substring(0, colon)
                    + ")(osgi.command.function=" + word.substring(colon + 1) + "))");
            commands = new ServiceTracker<>(context, filter, null);
        } catch (InvalidSyntaxException e) {
            return;
        }
        commands.open();
        try {
            commands.waitForService(COMMAND_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            commands.close();
        }
    }
}
