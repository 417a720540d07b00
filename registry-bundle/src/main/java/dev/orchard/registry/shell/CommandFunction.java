package dev.orchard.registry.shell;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.naming.Secrets;
import java.io.PrintStream;
import java.util.List;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Function;

/**
 * Runs one row of the table as a Gogo {@link Function}: parses the words by the row, prints the help for
 * {@code --help}, or runs the body. The body prints to the session's output, as Karaf's own commands do, so the
 * result shows wherever the command runs: Gogo's console, a pipe, {@code -c}, or Karaf's {@code bin/client}, which
 * prints no return value. The function returns nothing.
 */
final class CommandFunction implements Function {
    private final ShellCommand command;

    /**
     * Creates the function.
     *
     * @param command the row it runs
     */
    CommandFunction(ShellCommand command) {
        this.command = command;
    }

    /**
     * Runs the command. A failure prints one line on the session's error stream (see {@link ShellErrors}). Any
     * other exception (a provider's own, checked ones thrown sneakily included, or a bug) goes on to the shell as a {@linkplain Secrets#redacted redacted}
     * copy: the shell prints its message, and its stack trace on request, which must not show a provider's secret.
     *
     * @param session the shell session
     * @param arguments the words after the command's name
     * @return null: the command printed its result
     */
    @Override
    public Object execute(CommandSession session, List<Object> arguments) {
        // Gogo and Karaf point System.out and System.err at the session's streams (or a pipe) while a command runs.
        PrintStream out = System.out;
        PrintStream err = System.err;
        try {
            Arguments parsed = Arguments.parse(command, arguments);
            if (parsed.helpRequested()) {
                out.println(CommandHelp.help(command));
            } else {
                command.body().run(new Invocation(parsed, out, err, session));
            }
        } catch (OrchardException e) {
            ShellErrors.report(e, err, session);
        } catch (Exception e) { // a checked one too: a provider may throw one sneakily
            throw Secrets.redacted(e);
        }
        return null;
    }

    @Override
    public String toString() {
        return "orchard:" + command.name();
    }
}
