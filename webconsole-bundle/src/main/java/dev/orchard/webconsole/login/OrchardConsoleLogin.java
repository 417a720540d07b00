package dev.orchard.webconsole.login;

import dev.orchard.http.binding.ConsoleLogin;
import dev.orchard.http.binding.HttpAuthority;
import dev.orchard.http.binding.Refusal;
import dev.orchard.http.binding.Surface;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.apache.felix.webconsole.spi.SecurityProvider;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Web Console's login is Orchard's HTTP authority: the console takes the HTTP add-on's token (as the password of
 * any user name in the browser's login dialog, or as a bearer), and refuses what the API refuses (a foreign
 * {@code Host} or {@code Origin}, {@code TRACE}) and any cross-site change. Its ranking puts it above the console's
 * own admin/admin login; with framework property {@code felix.webconsole.security.providers=orchard} (a runtime
 * default) the console serves nothing until it is registered, and its own login lets nobody in.
 */
@Component(
        service = SecurityProvider.class,
        property = {SecurityProvider.PROPERTY_ID + "=" + ConsoleLogin.ORCHARD_PROVIDER, "service.ranking:Integer=1000"})
public final class OrchardConsoleLogin implements SecurityProvider {
    /** The user a request that brought the token is, as the console knows it. */
    static final String USER = "orchard";

    private static final Logger LOG = LoggerFactory.getLogger(OrchardConsoleLogin.class);

    private final HttpAuthority authority;

    /**
     * Creates the login on the HTTP add-on's authority.
     *
     * @param authority the authority
     */
    @org.osgi.service.component.annotations.Activate
    public OrchardConsoleLogin(@Reference HttpAuthority authority) {
        this.authority = authority;
    }

    @Override
    public Object authenticate(HttpServletRequest request, HttpServletResponse response) {
        Optional<Refusal> refusal = authority.check(request, Surface.CONSOLE);
        if (refusal.isEmpty()) {
            return USER;
        }
        try {
            refusal.get().send(response);
        } catch (IOException e) {
            LOG.debug("The console's refusal could not be written: {}", e.getMessage());
        }
        return null;
    }

    @Override
    public boolean authorize(Object user, String role) {
        return USER.equals(user);
    }

    @Override
    public void logout(HttpServletRequest request, HttpServletResponse response) {
        // A browser forgets a Basic login only when it is closed: nothing to end on the server.
    }
}
