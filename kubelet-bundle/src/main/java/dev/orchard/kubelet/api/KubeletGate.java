package dev.orchard.kubelet.api;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Set;
import java.util.regex.Pattern;
import org.osgi.service.servlet.whiteboard.Preprocessor;

/**
 * The gate of one kubelet API server, a servlet whiteboard {@link Preprocessor} registered for that server only: it
 * sees every request the server receives before any servlet context is chosen, so what it refuses no servlet,
 * filter, resource or context of any bundle can answer (the Web Console's own context included). A path that is not
 * the kubelet API's gets 404, whoever asks; a method the API does not use gets 405; a request without credentials
 * that {@link ClientAuth} accepts gets 401. Only then does the request reach the kubelet's servlets.
 *
 * <p>The path is checked as the client sent it, and only a plain one passes: no dot segment, no empty segment, no
 * percent-encoding, no path parameter, so that it is served by exactly the servlet whose path it names
 * ({@code /containerLogs/../system/console} is refused here, not normalized into the console).
 */
public final class KubeletGate extends HttpFilter implements Preprocessor {
    private static final long serialVersionUID = 1L;

    /** The kubelet API's paths: prefixes for the first three, whole paths for the others. */
    private static final Pattern PATHS =
            Pattern.compile("/(?:(?:containerLogs|exec|stats)(?:/[A-Za-z0-9._~:@-]+)+|pods|healthz)");

    private static final Pattern DOT_SEGMENT = Pattern.compile("/\\.{1,2}(?:/|$)");
    /** GET and POST (exec without WebSocket, as the kubelet takes), and HEAD, which GET's servlet answers. */
    private static final Set<String> METHODS = Set.of("GET", "POST", "HEAD");

    private final transient ClientAuth auth;

    /**
     * Creates the gate.
     *
     * @param auth the credentials check
     */
    public KubeletGate(ClientAuth auth) {
        this.auth = auth;
    }

    /**
     * Tells whether a request path (as sent, before any decoding) is one the kubelet API serves.
     *
     * @param path the request URI's path
     * @return true for the kubelet's own paths, written plainly
     */
    static boolean isKubeletPath(String path) {
        return path != null
                && PATHS.matcher(path).matches()
                && !DOT_SEGMENT.matcher(path).find();
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!isKubeletPath(request.getRequestURI())) {
            KubeletServlet.text(response, HttpServletResponse.SC_NOT_FOUND, "404 page not found");
            return;
        }
        if (!METHODS.contains(request.getMethod())) {
            response.setHeader("Allow", "GET, POST, HEAD");
            KubeletServlet.text(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, "405 method not allowed");
            return;
        }
        if (!auth.admits(request)) {
            response.setHeader("WWW-Authenticate", "Bearer");
            KubeletServlet.text(response, HttpServletResponse.SC_UNAUTHORIZED, "Unauthorized");
            return;
        }
        chain.doFilter(request, response);
    }
}
