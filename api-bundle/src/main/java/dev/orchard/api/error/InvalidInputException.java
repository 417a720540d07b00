package dev.orchard.api.error;

/**
 * Thrown when input is malformed or out of range. The message names the field, the value and what is allowed.
 */
public class InvalidInputException extends OrchardException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was wrong, with which value, and what is allowed
     */
    public InvalidInputException(String message) {
        super(Category.INVALID_INPUT, message);
    }

    /**
     * Creates the exception with a cause.
     *
     * @param message what was wrong, with which value, and what is allowed
     * @param cause the underlying failure, or null
     */
    public InvalidInputException(String message, Throwable cause) {
        super(Category.INVALID_INPUT, message, cause);
    }
}
