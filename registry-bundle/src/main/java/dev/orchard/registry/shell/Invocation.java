package dev.orchard.registry.shell;

import dev.orchard.api.registry.ShellCommands;
import java.io.PrintStream;
import org.apache.felix.service.command.CommandSession;

/**
 * One run of a command: its parsed arguments, the session's output and error streams it prints to, and the
 * session, in which it may leave an exit status.
 *
 * @param arguments the parsed command line
 * @param out where the command prints its result
 * @param err where the command's pod processes print their errors
 * @param session the shell session; null when there is none
 */
record Invocation(Arguments arguments, PrintStream out, PrintStream err, CommandSession session) {
    /**
     * Leaves a non-zero exit status in the session (variable {@link ShellCommands#STATUS_VARIABLE}), so that a
     * one-shot run exits with it; e.g. the code of a command run by {@code orchard:exec}.
     *
     * @param code the status; 0 leaves nothing
     */
    void exitStatus(int code) {
        if (code != 0 && session != null) {
            session.put(ShellCommands.STATUS_VARIABLE, code);
        }
    }
}
