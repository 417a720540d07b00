package dev.orchard.runtime.internal;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;
import org.apache.felix.service.command.Function;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/**
 * The interactive shell on the process's console, in place of Gogo's own console, which decodes input as Latin-1:
 * it reads lines as UTF-8 and writes UTF-8, with Gogo's prompt, login profile and message of the day. Ctrl-C ends the
 * running line, and at the prompt gives a fresh prompt ({@link #interrupt()}): it never stops the runtime, which stops
 * with {@code stop 0}, the end of input (Ctrl-D), as Gogo's console does, or SIGTERM.
 */
final class ShellConsole implements Runnable {
    private static final String GOGO_SHELL = "org.apache.felix.gogo.shell";
    // Gogo's own variables for the line it evaluates (Closure's ".location" and ".defaultLock"): an interrupt may
    // leave them set, and a fresh session must not take them over (a left ".defaultLock" disables the "default"
    // command for good).
    private static final Set<String> LINE_STATE = Set.of(".location", ".defaultLock");

    private final CommandProcessor processor;
    private final BundleContext context;
    private final PrintStream out =
            new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    private final PrintStream err =
            new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
    private volatile CommandRun running;
    private volatile String lastPrompt = "g! ";
    private SessionOutput sessionOut;
    private SessionOutput sessionErr;

    /**
     * Creates the console.
     *
     * @param processor Gogo's command processor
     * @param context the runtime bundle's context
     */
    ShellConsole(CommandProcessor processor, BundleContext context) {
        this.processor = processor;
        this.context = context;
    }

    /** Reads and runs lines until the end of input, then stops the framework. */
    @Override
    public void run() {
        CommandSession session;
        try {
            session = openSession(null);
        } catch (ProcessorStopped stopped) {
            return; // stopped before the console began
        }
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(new FileInputStream(FileDescriptor.in), StandardCharsets.UTF_8))) {
            login(session);
            String line;
            while (true) {
                lastPrompt = prompt(session);
                out.print(lastPrompt);
                out.flush();
                if ((line = in.readLine()) == null) {
                    break;
                }
                if (!line.isBlank()) {
                    // A session whose output Gogo closed (an interrupt cut a write short, see SessionOutput, maybe
                    // as the line before ended) is replaced before the line runs, and one whose interrupted job may
                    // still run, after it.
                    if (outputClosed()) {
                        session = openSession(session);
                    }
                    if (execute(session, line)) {
                        session = openSession(session);
                    }
                }
            }
        } catch (IOException e) {
            err.println("gogo: the console's input failed: " + e.getMessage());
        } catch (ProcessorStopped stopped) {
            // the runtime stops (SIGTERM while a command ran): the framework is on its way down already
        } finally {
            session.close();
        }
        stopFramework();
    }

    /**
     * Ctrl-C, as a shell takes it: ends the running line (a repeated one, while it ends, does nothing more); at the
     * prompt, prints a fresh prompt.
     */
    void interrupt() {
        CommandRun run = running;
        if (run != null) {
            run.interrupt();
            return;
        }
        out.println();
        out.print(lastPrompt);
        out.flush();
    }

    /**
     * Ends the running line, if any: the runtime is stopping.
     */
    void endRunning() {
        CommandRun run = running;
        if (run != null) {
            run.interrupt();
        }
    }

    // Runs a line as Gogo's console does: the result formatted, an exception as one line, both kept in the session.
    // Returns whether a job of it was left running after an interrupt, so that its session is to be closed.
    private boolean execute(CommandSession session, String line) {
        CommandRun run = new CommandRun(session, line);
        running = run;
        try {
            Object result = run.execute();
            session.put("_", result);
            if (result != null && !Boolean.FALSE.equals(session.get(".Gogo.format"))) {
                out.println(session.format(result, Converter.INSPECT));
            }
        } catch (Exception e) {
            session.put("exception", e);
            if (!run.interrupted()) {
                out.println("gogo: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        } finally {
            running = null;
            out.flush();
            err.flush();
        }
        return run.leftJobRunning();
    }

    private boolean outputClosed() {
        return sessionOut.closed() || sessionErr.closed();
    }

    // A session over guarded streams (SessionOutput). One that replaces the session of an interrupted command takes
    // over its variables, so the prompt, scope and the user's own stay (Gogo's API lists them under ".variables"; a
    // name that is also a constant or has a computed "#name" twin reads as that), and closing the old one ends
    // whatever of that command still runs.
    private CommandSession openSession(CommandSession previous) {
        sessionOut = new SessionOutput(out);
        sessionErr = new SessionOutput(err);
        CommandSession session;
        try {
            // Commands get no console input: the console reads ahead, and a command reading it would race the shell.
            session = processor.createSession(
                    new ByteArrayInputStream(new byte[0]), sessionOut.stream(), sessionErr.stream());
        } catch (IllegalStateException stopped) {
            if (previous != null) {
                previous.close();
            }
            throw new ProcessorStopped(stopped);
        }
        if (previous != null) {
            if (previous.get(".variables") instanceof Set<?> names) {
                for (Object name : Set.copyOf(names)) {
                    if (!LINE_STATE.contains(name.toString())) {
                        session.put(name.toString(), previous.get(name.toString()));
                    }
                }
            }
            previous.close();
        }
        return session;
    }

    // Gogo's login: the profile (etc/gosh_profile in the folder, else the shell bundle's), which sets the prompt,
    // the command scope and prints the message of the day.
    private void login(CommandSession session) {
        URL profile = profile();
        if (profile == null) {
            return;
        }
        session.put("ORCHARD_PROFILE", profile.toString());
        try {
            session.execute("source $ORCHARD_PROFILE");
        } catch (Exception e) {
            err.println("gogo: the profile " + profile + " failed: " + e.getMessage());
        } finally {
            session.put("ORCHARD_PROFILE", null);
        }
    }

    private URL profile() {
        String home = context.getProperty("gosh.home");
        Path own = Path.of(home == null ? System.getProperty("user.dir") : home, "etc", "gosh_profile");
        try {
            if (Files.isRegularFile(own)) {
                return own.toUri().toURL();
            }
        } catch (IOException e) {
            // fall back to the shell bundle's
        }
        for (Bundle b : context.getBundles()) {
            if (GOGO_SHELL.equals(b.getSymbolicName())) {
                URL ext = b.getEntry("ext/gosh_profile");
                return ext != null ? ext : b.getEntry("gosh_profile");
            }
        }
        return null;
    }

    private static String prompt(CommandSession session) {
        Object prompt = session.get("prompt");
        if (prompt instanceof Function f) {
            try {
                prompt = f.execute(session, null);
            } catch (Exception e) {
                prompt = null;
            }
        }
        return prompt == null ? "g! " : prompt.toString();
    }

    private void stopFramework() {
        try {
            context.getBundle(0).stop();
        } catch (Exception e) {
            err.println("gogo: stopping the framework failed: " + e.getMessage());
        }
    }

    /** Gogo's processor stopped, so no session can be made: the runtime is stopping. */
    private static final class ProcessorStopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ProcessorStopped(IllegalStateException cause) {
            super(cause);
        }
    }
}
