package dev.orchard.http.api;

import dev.orchard.api.error.OrchardException;

/**
 * The JSON body of every error the API answers; its status is the category's
 * {@link OrchardException.Category#httpStatus()}.
 *
 * @param category the category, e.g. {@code NOT_FOUND}
 * @param message what was wrong, with which value, and what is allowed
 */
public record ErrorBody(String category, String message) {
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
