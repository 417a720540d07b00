package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;

/**
 * One condition of a node, e.g. {@code Ready} true. Immutable.
 *
 * @param type the condition type, e.g. {@code Ready}, {@code MemoryPressure}; not empty
 * @param status whether the condition holds
 * @param reason a one-word reason; never null
 * @param message a human-readable note; never null
 */
public record NodeCondition(String type, boolean status, String reason, String message) {
    /** Validates the type. */
    public NodeCondition {
        if (type == null || type.isBlank()) {
            throw new InvalidInputException("node condition type must not be empty");
        }
        reason = reason == null ? "" : reason;
        message = message == null ? "" : message;
    }
}
