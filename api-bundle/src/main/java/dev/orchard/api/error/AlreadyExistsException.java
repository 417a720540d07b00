package dev.orchard.api.error;

/**
 * Thrown when something to be created exists already.
 */
public class AlreadyExistsException extends OrchardException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was wrong, with which value, and what is allowed
     */
    public AlreadyExistsException(String message) {
        super(Category.ALREADY_EXISTS, message);
    }

    /**
     * Creates the exception with a cause.
     *
     * @param message what was wrong, with which value, and what is allowed
     * @param cause the underlying failure, or null
     */
    public AlreadyExistsException(String message, Throwable cause) {
        super(Category.ALREADY_EXISTS, message, cause);
    }
}
