package dev.orchard.registry.shell;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.naming.Secrets;
import dev.orchard.api.registry.ShellCommands;
import java.io.PrintStream;
import org.apache.felix.service.command.CommandSession;

/**
 * How every orchard command reports a failure: one line on the error stream starting with the category, e.g.
 * {@code NotFound: provider "x" not found}, never a stack trace, never a credential (the message may be a
 * provider's, so it is {@linkplain Secrets#redact redacted}); and the session variable
 * {@link ShellCommands#STATUS_VARIABLE} set to 1, so that a one-shot run ({@code java -jar orchard.jar -c ...})
 * exits with a failure status.
 */
final class ShellErrors {
    private ShellErrors() {}

    /**
     * Reports a failure.
     *
     * @param failure what went wrong
     * @param err the session's error stream
     * @param session the session to mark failed; null when there is none
     */
    static void report(OrchardException failure, PrintStream err, CommandSession session) {
        err.println(word(failure.category()) + ": " + Secrets.redact(failure.getMessage()));
        if (session != null) {
            session.put(ShellCommands.STATUS_VARIABLE, 1);
        }
    }

    /**
     * The word a category is printed as.
     *
     * @param category the category
     * @return e.g. {@code NotFound}
     */
    static String word(OrchardException.Category category) {
        return switch (category) {
            case NOT_FOUND -> "NotFound";
            case INVALID_INPUT -> "InvalidInput";
            case ALREADY_EXISTS -> "AlreadyExists";
            case UNAVAILABLE -> "Unavailable";
            case UNSUPPORTED -> "Unsupported";
            case PROVIDER_FAULT -> "ProviderFault";
        };
    }
}
