package dev.orchard.http.internal;

import dev.orchard.http.binding.ConsoleLogin;
import dev.orchard.http.binding.HttpAuthority;
import dev.orchard.http.binding.Refusal;
import dev.orchard.http.binding.Surface;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;

/**
 * The rules every request to the main server meets, on every path of every servlet context, whichever bundle
 * registered what it reaches (the Web Console, Felix's own servlets, any other bundle's, by the whiteboard or the
 * HttpService): no {@code TRACE}, a {@code Host} of the server's, no foreign {@code Origin}, no body on a
 * {@code GET}, and the credential when authentication is on. The Web Console's context keeps its login (the token as
 * a Basic password too, see {@link Surface#CONSOLE}); everything else needs the bearer token. Orchard's servlets check
 * their further rules themselves.
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
            Optional<Refusal> refusal = authority.check(http, surface(http));
            if (refusal.isPresent()) {
                refusal.get().send(answer);
                return;
            }
        }
        chain.doFilter(request, response);
    }

    // The console's context helper has already checked its login (Felix HTTP asks a context before its filters);
    // here it meets the same rules again, so a console without Orchard's login still needs the token.
    private static Surface surface(HttpServletRequest request) {
        ServletContext context = request.getServletContext();
        return context != null && ConsoleLogin.CONTEXT.equals(context.getServletContextName())
                ? Surface.CONSOLE
                : Surface.OTHER;
    }
}
