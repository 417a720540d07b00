package dev.orchard.kubelet.api;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;

/**
 * Guards one kubelet API server: every request without credentials that {@link ClientAuth} accepts gets 401, and an
 * authenticated request for anything but the kubelet's paths gets 404, so that servlets registered for every
 * server (such as Orchard's HTTP API) are not reachable through the kubelet's port and its credentials.
 */
public final class AuthFilter extends HttpFilter {
    private static final long serialVersionUID = 1L;
    /** The paths the kubelet API serves; the first three are prefixes. */
    static final List<String> PATHS = List.of("/containerLogs/", "/exec/", "/stats/", "/pods", "/healthz");

    private final transient ClientAuth auth;

    /**
     * Creates the filter.
     *
     * @param auth the credentials check
     */
    public AuthFilter(ClientAuth auth) {
        this.auth = auth;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!auth.admits(request)) {
            response.setHeader("WWW-Authenticate", "Bearer");
            KubeletServlet.text(response, HttpServletResponse.SC_UNAUTHORIZED, "Unauthorized");
            return;
        }
        String path = request.getRequestURI();
        if (PATHS.stream().noneMatch(p -> p.endsWith("/") ? path.startsWith(p) : path.equals(p))) {
            KubeletServlet.text(response, HttpServletResponse.SC_NOT_FOUND, "404 page not found");
            return;
        }
        chain.doFilter(request, response);
    }
}
