package dev.orchard.registry.shell;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.registry.ShellCommands;
import java.util.function.Supplier;
import org.apache.felix.service.command.CommandSession;

/**
 * How every orchard command reports a failure: one line on stderr starting with the category, e.g.
 * {@code NotFound: provider "x" not found}, never a stack trace; and the session variable {@link #STATUS} set to
 * 1, so that a one-shot run ({@code java -jar orchard.jar -c ...}) exits with a failure status.
 */
final class ShellErrors {
    /** The session variable a failed command sets. */
    static final String STATUS = ShellCommands.STATUS_VARIABLE;

    private ShellErrors() {}

    static Object run(CommandSession session, Supplier<Object> command) {
        try {
            return command.get();
        } catch (OrchardException e) {
            System.err.println(word(e.category()) + ": " + e.getMessage());
            if (session != null) {
                session.put(STATUS, 1);
            }
            return null;
        }
    }

    static String word(OrchardException.Category category) {
        switch (category) {
            case NOT_FOUND:
                return "NotFound";
            case INVALID_INPUT:
                return "InvalidInput";
            case ALREADY_EXISTS:
                return "AlreadyExists";
            case UNAVAILABLE:
                return "Unavailable";
            case PROVIDER_FAULT:
                return "ProviderFault";
            default:
                return "Unsupported";
        }
    }
}
