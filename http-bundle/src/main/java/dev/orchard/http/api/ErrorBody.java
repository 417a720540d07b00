package dev.orchard.http.api;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.naming.Secrets;

/**
 * The JSON body of every error the API answers; its status is the category's
 * {@link OrchardException.Category#httpStatus()}. Its message is {@linkplain Secrets#redact redacted} as it is
 * made: it is often a provider's, worded from what the provider's backend said, and it goes to a client.
 *
 * @param category the category, e.g. {@code NOT_FOUND}
 * @param message what was wrong, with which value, and what is allowed
 */
public record ErrorBody(String category, String message) {
    /**
     * Makes the body, without any credential its message carries.
     *
     * @param category the category
     * @param message the message, redacted here
     */
    public ErrorBody {
        message = Secrets.redact(message);
    }

    /** Seconds a client should wait before retrying an UNAVAILABLE call ({@code Retry-After}). */
    static final int RETRY_AFTER_SECONDS = 5;

    /**
     * The body of an API error.
     *
     * @param e the error
     * @return its body
     */
    static ErrorBody of(OrchardException e) {
        return new ErrorBody(e.category().name(), e.getMessage());
    }
}
