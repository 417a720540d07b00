package dev.orchard.api.error;

/**
 * Thrown when a named provider, volume, pod or container does not exist.
 */
public class NotFoundException extends OrchardException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was wrong, with which value, and what is allowed
     */
    public NotFoundException(String message) {
        super(Category.NOT_FOUND, message);
    }

    /**
     * Creates the exception with a cause.
     *
     * @param message what was wrong, with which value, and what is allowed
     * @param cause the underlying failure, or null
     */
    public NotFoundException(String message, Throwable cause) {
        super(Category.NOT_FOUND, message, cause);
    }
}
