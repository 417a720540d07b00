package dev.orchard.http.binding;

import jakarta.servlet.http.HttpServletRequest;

/**
 * What the request rules look at, taken from a request's head only: nothing here reads its body or parameters.
 *
 * @param method the HTTP method
 * @param scheme {@code http} or {@code https}
 * @param host the {@code Host} header; null when absent
 * @param origin the {@code Origin} header; null when absent
 * @param referer the {@code Referer} header; null when absent
 * @param contentType the {@code Content-Type} header; null when absent
 * @param contentLength the declared length; -1 when not declared
 * @param chunked whether a body comes without a declared length ({@code Transfer-Encoding})
 * @param authorization the {@code Authorization} header; null when absent
 * @param localAddress the address the connection came to, as a literal
 * @param localPort the port the connection came to
 */
public record RequestFacts(
        String method,
        String scheme,
        String host,
        String origin,
        String referer,
        String contentType,
        long contentLength,
        boolean chunked,
        String authorization,
        String localAddress,
        int localPort) {
    /**
     * The facts of a servlet request, read from its head.
     *
     * @param request the request
     * @return its facts
     */
    public static RequestFacts of(HttpServletRequest request) {
        return new RequestFacts(
                request.getMethod(),
                request.getScheme(),
                request.getHeader("Host"),
                request.getHeader("Origin"),
                request.getHeader("Referer"),
                request.getHeader("Content-Type"),
                request.getContentLengthLong(),
                request.getHeader("Transfer-Encoding") != null,
                request.getHeader("Authorization"),
                request.getLocalAddr(),
                request.getLocalPort());
    }

    /**
     * Whether the request carries a body, declared or chunked.
     *
     * @return true if it does
     */
    public boolean hasBody() {
        return contentLength > 0 || chunked;
    }
}
