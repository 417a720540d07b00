package dev.orchard.http.internal;

import dev.orchard.http.binding.HttpAuthority;
import dev.orchard.http.binding.Refusal;
import dev.orchard.http.binding.Surface;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;

/**
 * The rules every request to the server meets (no {@code TRACE}, a {@code Host} of the server's, no foreign
 * {@code Origin}), on every path of every servlet context, so that servlets of other bundles (the Web Console's,
 * Felix's own) meet them too. Orchard's servlets check their further rules themselves.
 */
final class GuardFilter implements Filter {
    private final HttpAuthority authority;

    GuardFilter(HttpAuthority authority) {
        this.authority = authority;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (request instanceof HttpServletRequest http && response instanceof HttpServletResponse answer) {
            Optional<Refusal> refusal = authority.check(http, Surface.OTHER);
            if (refusal.isPresent()) {
                refusal.get().send(answer);
                return;
            }
        }
        chain.doFilter(request, response);
    }
}
