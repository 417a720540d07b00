package dev.orchard.api.error;

/**
 * Thrown when a provider does not support an operation at all.
 */
public class UnsupportedException extends OrchardException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was wrong, with which value, and what is allowed
     */
    public UnsupportedException(String message) {
        super(Category.UNSUPPORTED, message);
    }

    /**
     * Creates the exception with a cause.
     *
     * @param message what was wrong, with which value, and what is allowed
     * @param cause the underlying failure, or null
     */
    public UnsupportedException(String message, Throwable cause) {
        super(Category.UNSUPPORTED, message, cause);
    }
}
