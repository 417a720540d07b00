package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import java.util.List;

/**
 * A probe that runs a command in the container; exit code 0 is success. Immutable.
 *
 * @param command the command and its arguments; not empty
 * @since 1.1
 */
public record ExecAction(List<String> command) implements ProbeAction {
    /** Validates and copies the command. */
    public ExecAction {
        if (command == null || command.isEmpty()) {
            throw new InvalidInputException("an exec probe needs a command");
        }
        command = Container.copyStrings("exec probe command", command);
    }
}
