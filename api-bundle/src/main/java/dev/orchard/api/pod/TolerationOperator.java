package dev.orchard.api.pod;

/**
 * How a toleration matches a taint's value.
 *
 * @since 1.1
 */
public enum TolerationOperator {
    /** The taint's value must equal the toleration's. */
    EQUAL,
    /** Any value matches; the toleration has none. */
    EXISTS
}
