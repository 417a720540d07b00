package dev.orchard.api.error;

import java.util.Objects;

/**
 * The base of every failure that Orchard reports to its callers.
 *
 * <p>It is unchecked, so that provider interfaces stay usable from lambdas. Callers decide what to do from
 * {@link #category()}, never from the message; the message is for a person and says what was wrong, with
 * which value, and what is allowed.
 */
public class OrchardException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What kind of failure an {@link OrchardException} reports. */
    public enum Category {
        /** The named thing does not exist (HTTP 404). */
        NOT_FOUND(false, 404),
        /** The input was malformed or out of range (HTTP 400). */
        INVALID_INPUT(false, 400),
        /** The thing to create exists already (HTTP 409). */
        ALREADY_EXISTS(false, 409),
        /** The provider or a resource is temporarily unable to serve; the call may be retried (HTTP 503). */
        UNAVAILABLE(true, 503),
        /** The provider does not support the operation at all (HTTP 501). */
        UNSUPPORTED(false, 501),
        /**
         * The provider broke its contract, not the caller: it built an invalid result, such as a record that fails
         * its own validation (HTTP 500). Retrying the same call will not help; the provider needs fixing.
         */
        PROVIDER_FAULT(false, 500);

        private final boolean retryable;
        private final int httpStatus;

        Category(boolean retryable, int httpStatus) {
            this.retryable = retryable;
            this.httpStatus = httpStatus;
        }

        /**
         * Tells whether the same call may succeed later without a change of input.
         *
         * @return true for {@link #UNAVAILABLE} only
         */
        public boolean retryable() {
            return retryable;
        }

        /**
         * The HTTP status that answers a failure of this category, the same in every HTTP front end (Orchard's
         * API, the kubelet API).
         *
         * @return 404, 400, 409, 503, 501 or 500
         * @since 1.2
         */
        public int httpStatus() {
            return httpStatus;
        }
    }

    private final Category category;

    /**
     * Creates an exception of the given category.
     *
     * @param category what kind of failure this is; never null
     * @param message what was wrong, with which value, and what is allowed
     */
    public OrchardException(Category category, String message) {
        this(category, message, null);
    }

    /**
     * Creates an exception of the given category with a cause.
     *
     * @param category what kind of failure this is; never null
     * @param message what was wrong, with which value, and what is allowed
     * @param cause the underlying failure, or null
     */
    public OrchardException(Category category, String message, Throwable cause) {
        super(message, cause);
        this.category = Objects.requireNonNull(category, "category");
    }

    /**
     * The kind of failure.
     *
     * @return the category; never null
     */
    public Category category() {
        return category;
    }

    /**
     * Tells whether the call may be retried unchanged.
     *
     * @return {@code category().retryable()}
     */
    public boolean retryable() {
        return category.retryable();
    }
}
