package dev.orchard.http.binding;

import dev.orchard.api.naming.Names;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Decides whether HTTP may listen on an address: loopback always, any other address only with a bearer token.
 */
public final class BindingRule {
    /** Felix HTTP's key for the address to listen on; absent means every interface. */
    public static final String HOST = "org.apache.felix.http.host";
    /** Felix HTTP's key for the HTTP port. */
    public static final String PORT = "org.osgi.service.http.port";
    /** The address Orchard listens on when none is configured. */
    public static final String DEFAULT_HOST = "127.0.0.1";

    private BindingRule() {}

    /**
     * Why HTTP must not listen on an address, if it must not.
     *
     * @param host the configured address; blank means every interface
     * @param token the token, or why there is none usable (a configured file that fails its checks)
     * @return empty if it may listen; otherwise the reason, saying what to change
     */
    public static Optional<String> refusal(String host, TokenState token) {
        if (isLoopback(host) || token.token().isPresent()) {
            return Optional.empty();
        }
        String where = host == null || host.isBlank() ? "every interface" : Names.quote(host);
        String why = token.problem().map(p -> "; the configured " + p).orElse("");
        return Optional.of("Orchard refuses to serve HTTP on " + where + ": an address other than loopback needs a"
                + " bearer token (token.file in configuration dev.orchard.http, a file only its owner may read)"
                + why + "; or set " + HOST + " to " + DEFAULT_HOST);
    }

    /**
     * Tells whether an address is a loopback address. A name is resolved; one that does not resolve is not.
     *
     * @param host the address or host name; blank means every interface, which is not loopback
     * @return true for 127.0.0.0/8, ::1 and names that resolve to them
     */
    public static boolean isLoopback(String host) {
        if (host == null || host.isBlank()) {
            return false;
        }
        try {
            InetAddress[] all = InetAddress.getAllByName(host.strip());
            for (InetAddress a : all) {
                if (!a.isLoopbackAddress()) {
                    return false;
                }
            }
            return all.length > 0;
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
