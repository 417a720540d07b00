package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;

/**
 * An address of a node. Immutable.
 *
 * @param type e.g. {@code InternalIP} or {@code Hostname}; not empty
 * @param address the address; not empty
 */
public record NodeAddress(String type, String address) {
    /** Validates both fields. */
    public NodeAddress {
        if (type == null || type.isBlank() || address == null || address.isBlank()) {
            throw new InvalidInputException("node address type and address must not be empty");
        }
    }
}
