package dev.orchard.http.api;

/**
 * A failure that belongs to HTTP rather than to a provider (a body too large, an unknown path, a method the path
 * does not serve): its status and category go to the client as they are. The API's own errors
 * ({@code dev.orchard.api.error}) cover everything a provider or an input can get wrong; this covers the protocol.
 */
final class HttpStatusException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String category;
    private final transient String allow;

    HttpStatusException(int status, String category, String message) {
        this(status, category, message, null);
    }

    HttpStatusException(int status, String category, String message, String allow) {
        super(message, null, false, false);
        this.status = status;
        this.category = category;
        this.allow = allow;
    }

    int status() {
        return status;
    }

    String category() {
        return category;
    }

    /** The methods the path serves, for a 405's {@code Allow} header; null otherwise. */
    String allow() {
        return allow;
    }
}
