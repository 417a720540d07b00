package dev.orchard.http.binding;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Orchard's HTTP authority as a service, registered by the HTTP add-on with the configuration in force: one set of
 * {@link RequestRules} and one credential for everything Orchard's HTTP server serves, so that the Web Console's
 * login is the API's token and not a password of its own.
 */
@ProviderType
public interface HttpAuthority {
    /**
     * Why a request must be refused, if it must, decided from its head alone.
     *
     * @param request the request; its body and parameters are not read
     * @param surface what it reaches
     * @return empty if it may be served; else the refusal to answer with
     */
    Optional<Refusal> check(HttpServletRequest request, Surface surface);

    /**
     * Whether requests need the credential: false only with {@code auth=none} (loopback only). A GET that changes
     * state (maya's compatibility path) is served only when they do.
     *
     * @return true if authentication is on
     */
    boolean authenticates();
}
