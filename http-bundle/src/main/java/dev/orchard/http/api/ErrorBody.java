package dev.orchard.http.api;

import dev.orchard.api.error.OrchardException;

/**
 * The JSON body of every error the API answers, and the status of each error category.
 *
 * @param category the category, e.g. {@code NOT_FOUND}
 * @param message what was wrong, with which value, and what is allowed
 */
public record ErrorBody(String category, String message) {
    /** Seconds a client should wait before retrying an UNAVAILABLE call ({@code Retry-After}). */
    static final int RETRY_AFTER_SECONDS = 5;

    /**
     * The HTTP status of an error category.
     *
     * @param category the category
     * @return 400, 404, 409, 503, 501 or 500
     */
    static int status(OrchardException.Category category) {
        return switch (category) {
            case NOT_FOUND -> 404;
            case INVALID_INPUT -> 400;
            case ALREADY_EXISTS -> 409;
            case UNAVAILABLE -> 503;
            case UNSUPPORTED -> 501;
            case PROVIDER_FAULT -> 500;
        };
    }

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
