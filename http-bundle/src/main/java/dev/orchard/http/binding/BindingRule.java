package dev.orchard.http.binding;

import dev.orchard.api.naming.Names;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Decides whether HTTP may listen on an address: loopback always, any other address only with a usable bearer token
 * (never with authentication off), or,
 * for a kubelet API server, always (it serves HTTPS only, and authenticates every request itself).
 */
public final class BindingRule {
    /** Felix HTTP's key for the address to listen on; absent means every interface. */
    public static final String HOST = "org.apache.felix.http.host";
    /** Felix HTTP's key for the HTTP port. */
    public static final String PORT = "org.osgi.service.http.port";
    /** Felix HTTP's key naming a server; servlets pick a server of a factory configuration by it. */
    public static final String SERVER_NAME = "org.apache.felix.http.name";
    /**
     * The name prefix reserved for the kubelet bridge's HTTPS servers (one per bridge instance, from a factory
     * configuration of Felix HTTP). Only the bridge may use it: such a server may listen beyond loopback.
     */
    public static final String KUBELET_SERVER_PREFIX = "orchard-kubelet-";
    /**
     * The service property by which the kubelet bridge's gate (a servlet whiteboard preprocessor, {@link
     * #KUBELET_GATE}) names the server it guards; the guard lets a kubelet server listen beyond loopback only while
     * that gate is registered by the bridge.
     */
    public static final String KUBELET_GUARDED_SERVER = "orchard.kubelet.server";
    /**
     * The service interface of the kubelet bridge's gate: a preprocessor sees every request of its server before a
     * servlet context is chosen, so it holds whatever other bundles register for every server.
     */
    public static final String KUBELET_GATE = "org.osgi.service.servlet.whiteboard.Preprocessor";
    /** The kubelet bridge's bundle, the only one whose gate vouches for a kubelet server. */
    public static final String KUBELET_BUNDLE = "dev.orchard.kubelet";
    /**
     * The property of the main HTTP server's runtime service (Felix HTTP's configuration {@code
     * org.apache.felix.http}, not a factory one) by which Orchard's servlets and the Web Console target it, and it
     * alone: the guard sets it there (through Felix HTTP's {@value #RUNTIME_PROPERTY_PREFIX} keys) and takes it off
     * every other server's configuration.
     */
    public static final String SERVER_ROLE = "orchard.http.server";
    /** The value of {@link #SERVER_ROLE} that marks the main server. */
    public static final String MAIN_SERVER = "main";
    /** Felix HTTP's prefix of configuration keys that become properties of the server's runtime service. */
    public static final String RUNTIME_PROPERTY_PREFIX = "org.apache.felix.http.runtime.init.";
    /**
     * The whiteboard target ({@code osgi.http.whiteboard.target}) of everything that belongs on the main server only:
     * the REST API, maya's paths, {@code /metrics} and the Web Console.
     */
    public static final String MAIN_SERVER_TARGET = "(" + SERVER_ROLE + "=" + MAIN_SERVER + ")";
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
        String need = token.configured()
                ? "a usable bearer token"
                : "authentication, which auth=none in configuration dev.orchard.http turns off (remove it: Orchard"
                        + " then makes a token of its own, or set token.file to a file only its owner may read)";
        return Optional.of("Orchard refuses to serve HTTP on " + where + ": an address other than loopback needs "
                + need + why + "; or set " + HOST + " to " + DEFAULT_HOST);
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

    /**
     * Tells whether a server is a kubelet API server, which may listen on any address: its name has the reserved
     * prefix, plain HTTP is off and HTTPS on. Its servlets answer 401 to every request without a client
     * certificate of the bridge's CA or the bridge's bearer token, so no other rule is needed; a server named so
     * that also serves plain HTTP follows the ordinary rule.
     *
     * @param name the server's {@value #SERVER_NAME}, or null
     * @param http whether plain HTTP is on
     * @param https whether HTTPS is on
     * @return true for a kubelet API server
     */
    public static boolean isKubeletServer(String name, boolean http, boolean https) {
        return name != null && name.startsWith(KUBELET_SERVER_PREFIX) && !http && https;
    }
}
