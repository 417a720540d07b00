package dev.orchard.api.error;

/**
 * Thrown when a provider or resource cannot serve now, for example when capacity is exhausted or a provider is leaving. The call may be retried.
 */
public class UnavailableException extends OrchardException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was wrong, with which value, and what is allowed
     */
    public UnavailableException(String message) {
        super(Category.UNAVAILABLE, message);
    }

    /**
     * Creates the exception with a cause.
     *
     * @param message what was wrong, with which value, and what is allowed
     * @param cause the underlying failure, or null
     */
    public UnavailableException(String message, Throwable cause) {
        super(Category.UNAVAILABLE, message, cause);
    }
}
