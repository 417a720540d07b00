package dev.orchard.http.binding;

import dev.orchard.api.naming.Names;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Collection;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The rules every request to Orchard's HTTP server meets before anything serves it, in one place, decided from the
 * request's head alone (nothing reads its body or parameters first):
 *
 * <ol>
 *   <li>{@code TRACE} (and {@code TRACK}) are refused, 405: they would echo the request, credentials included;
 *   <li>the {@code Host} must name the server as it is reached: the address the connection came to, a loopback
 *       name ({@code localhost}, {@code 127.0.0.1}, {@code [::1]}) when that is loopback, or one of the operator's
 *       {@code allowed.hosts}; with the port the connection came to. Else 403: a page whose name was rebound to
 *       127.0.0.1 sends its own name (DNS rebinding);
 *   <li>an {@code Origin}, when present, must be the server's own ({@code scheme://Host}), else 403: a page of
 *       another site;
 *   <li>a Web Console change that a foreign {@code Referer} reveals as cross-site (403);
 *   <li>the credential, on every surface, whichever bundle registered what the request reaches (401, with nothing
 *       revealed, {@code OPTIONS} included): the bearer token, which the Web Console also takes as a Basic password;
 *   <li>no body on {@code GET}, {@code HEAD} or {@code DELETE} (400): nothing here reads one, and a body left for
 *       Jetty to read would hide a streaming client's hang-up;
 *   <li>on the API, a body only as {@code application/json} (415) within the size cap (413).
 * </ol>
 *
 * Immutable; a new instance replaces it when the configuration changes.
 */
public final class RequestRules {
    /** The configuration key that lists further names the {@code Host} header may carry. */
    public static final String ALLOWED_HOSTS_KEY = "allowed.hosts";

    private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "localhost.");
    private static final Set<String> SAFE = Set.of("GET", "HEAD", "OPTIONS");
    private static final Set<String> NO_BODY = Set.of("GET", "HEAD", "DELETE");
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final String BEARER_CHALLENGE = "Bearer realm=\"orchard\"";
    private static final String BASIC_CHALLENGE =
            "Basic realm=\"Orchard: any user name, the HTTP token as the password\", charset=\"UTF-8\"";

    private final TokenState token;
    private final long maxBodyBytes;
    private final Set<String> allowedHosts;

    /**
     * Rules with a credential, a body cap and further host names.
     *
     * @param token the token; {@link TokenState#NONE} for authentication off
     * @param maxBodyBytes the largest body the API takes
     * @param allowedHosts further names (or {@code name:port}) the {@code Host} header may carry
     */
    public RequestRules(TokenState token, long maxBodyBytes, Collection<String> allowedHosts) {
        this.token = token;
        this.maxBodyBytes = maxBodyBytes;
        this.allowedHosts = allowedHosts.stream()
                .map(h -> h.strip().toLowerCase(Locale.ROOT))
                .filter(h -> !h.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }

    /**
     * Whether authentication is off ({@code auth=none}, loopback only).
     *
     * @return true if no credential is asked for
     */
    public boolean open() {
        return !token.configured();
    }

    /**
     * Why a request must be refused, if it must.
     *
     * @param f the request's head
     * @param surface what it reaches
     * @return empty if it may be served; else the refusal to answer with
     */
    public Optional<Refusal> check(RequestFacts f, Surface surface) {
        String method = f.method() == null ? "" : f.method().toUpperCase(Locale.ROOT);
        if (method.equals("TRACE") || method.equals("TRACK")) {
            return refuse(405, "INVALID_INPUT", method + " is not served by Orchard's HTTP server");
        }
        Optional<Authority> host = Authority.parse(f.host(), f.scheme());
        if (host.isEmpty()) {
            return refuse(400, "INVALID_INPUT", "the request has no valid Host header");
        }
        if (!hostAllowed(host.get(), f)) {
            return refuse(
                    403,
                    "FORBIDDEN",
                    "the Host header " + Names.quote(f.host()) + " is not a name this"
                            + " server answers to: use the address it listens on"
                            + (isLoopback(f.localAddress()) ? " (127.0.0.1, localhost or [::1])" : "")
                            + " with port " + f.localPort() + ", or add the name to " + ALLOWED_HOSTS_KEY
                            + " in configuration dev.orchard.http");
        }
        String own = (f.scheme() == null ? "http" : f.scheme().toLowerCase(Locale.ROOT)) + "://" + host.get();
        if (f.origin() != null && !sameOrigin(f.origin(), host.get(), f.scheme())) {
            return refuse(
                    403,
                    "FORBIDDEN",
                    "a cross-site request (Origin " + Names.quote(f.origin()) + ") is refused; only pages of " + own
                            + " itself may send requests here");
        }
        if (surface == Surface.CONSOLE
                && !SAFE.contains(method)
                && f.origin() == null
                && f.referer() != null
                && !sameOrigin(f.referer(), host.get(), f.scheme())) {
            return refuse(
                    403,
                    "FORBIDDEN",
                    "a cross-site change (Referer from another site) is refused; only" + " pages of " + own
                            + " itself may change anything here");
        }
        Optional<Refusal> credential = credential(f, surface);
        if (credential.isPresent()) {
            return credential;
        }
        // Nothing on this server reads a body on these methods, and a body Jetty is left to read would keep a
        // stream's hang-up watch from ever listening (a dropped follow would then never end).
        if (f.hasBody() && NO_BODY.contains(method)) {
            return refuse(
                    400,
                    "INVALID_INPUT",
                    method + " takes no body on Orchard's HTTP server; this one came with "
                            + (f.contentLength() > 0 ? f.contentLength() + " bytes" : "a chunked body")
                            + ": send it without a body (no Content-Length or Transfer-Encoding)");
        }
        if (surface != Surface.API) {
            return Optional.empty();
        }
        // Any body, on any method: a form body would be parsed as parameters by the first look at one.
        if (f.hasBody()) {
            if (!isJson(f.contentType())) {
                return refuse(
                        415,
                        "INVALID_INPUT",
                        "the body must be JSON, sent as Content-Type: application/json;" + " it came as "
                                + (f.contentType() == null ? "no type" : Names.quote(f.contentType())));
            }
            if (f.contentLength() > maxBodyBytes) {
                return refuse(
                        413,
                        "INVALID_INPUT",
                        "the request body has " + f.contentLength() + " bytes; at most " + maxBodyBytes
                                + " bytes are accepted (max.body in configuration dev.orchard.http)");
            }
        }
        return Optional.empty();
    }

    private Optional<Refusal> credential(RequestFacts f, Surface surface) {
        if (open()) {
            return Optional.empty();
        }
        boolean console = surface == Surface.CONSOLE;
        String challenge = console ? BASIC_CHALLENGE : BEARER_CHALLENGE;
        if (token.token().isEmpty()) {
            return Optional.of(new Refusal(
                    401,
                    "UNAUTHORIZED",
                    "the server's token file is refused (the runtime's"
                            + " log says why); no request passes until it is fixed",
                    challenge));
        }
        BearerToken t = token.token().get();
        if (t.accepts(f.authorization()) || (console && t.acceptsBasic(f.authorization()))) {
            return Optional.empty();
        }
        return Optional.of(new Refusal(
                401,
                "UNAUTHORIZED",
                console
                        ? "the Web Console needs Orchard's HTTP token: log in with any user name and the token as the"
                                + " password, or send Authorization: Bearer <token>"
                        : "every path of this server needs the header Authorization: Bearer <token>",
                challenge));
    }

    private boolean hostAllowed(Authority host, RequestFacts f) {
        String name = host.host();
        if (allowedHosts.contains(name) || allowedHosts.contains(host.toString())) {
            return true;
        }
        if (host.port() != f.localPort()) {
            return false;
        }
        if (isLiteral(name) && isLiteral(f.localAddress()) && sameAddress(name, f.localAddress())) {
            return true;
        }
        return isLoopback(f.localAddress()) && (LOOPBACK_NAMES.contains(name) || (isLiteral(name) && isLoopback(name)));
    }

    private static boolean sameOrigin(String url, Authority host, String scheme) {
        try {
            URI u = new URI(url.strip());
            String s = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            String own = scheme == null ? "http" : scheme.toLowerCase(Locale.ROOT);
            if (!s.equals(own) || u.getHost() == null) {
                return false;
            }
            int port = u.getPort() < 0 ? Authority.defaultPort(s) : u.getPort();
            return Authority.bare(u.getHost()).equals(host.host()) && port == host.port();
        } catch (URISyntaxException e) {
            return false; // "null" and anything else that names no site of ours
        }
    }

    private static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        int semicolon = contentType.indexOf(';');
        String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip();
        return type.equalsIgnoreCase("application/json");
    }

    private static boolean isLiteral(String host) {
        if (host == null) {
            return false;
        }
        String bare = Authority.bare(host);
        return IPV4.matcher(bare).matches() || (bare.contains(":") && bare.matches("[0-9a-fA-F:.%a-zA-Z0-9]+"));
    }

    // Only literals reach InetAddress here, so nothing is ever looked up in DNS.
    private static boolean isLoopback(String literal) {
        if (!isLiteral(literal)) {
            return false;
        }
        try {
            return InetAddress.getByName(Authority.bare(literal)).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static boolean sameAddress(String a, String b) {
        try {
            return InetAddress.getByName(Authority.bare(a)).equals(InetAddress.getByName(Authority.bare(b)));
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static Optional<Refusal> refuse(int status, String category, String message) {
        return Optional.of(new Refusal(status, category, message, null));
    }

    /** A {@code Host} value: the host in lower case (an IPv6 literal without its brackets) and the port. */
    private record Authority(String host, int port) {
        static Optional<Authority> parse(String header, String scheme) {
            if (header == null || header.isBlank()) {
                return Optional.empty();
            }
            String h = header.strip().toLowerCase(Locale.ROOT);
            String name;
            String port = null;
            if (h.startsWith("[")) {
                int close = h.indexOf(']');
                if (close < 0) {
                    return Optional.empty();
                }
                name = h.substring(1, close);
                String rest = h.substring(close + 1);
                if (!rest.isEmpty()) {
                    if (!rest.startsWith(":")) {
                        return Optional.empty();
                    }
                    port = rest.substring(1);
                }
            } else {
                int colon = h.indexOf(':');
                name = colon < 0 ? h : h.substring(0, colon);
                port = colon < 0 ? null : h.substring(colon + 1);
            }
            if (name.isEmpty() || !name.matches("[a-z0-9._:%-]+")) {
                return Optional.empty();
            }
            int p;
            if (port == null) {
                p = defaultPort(scheme == null ? "http" : scheme.toLowerCase(Locale.ROOT));
            } else {
                try {
                    p = Integer.parseInt(port);
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
                if (p < 1 || p > 65535) {
                    return Optional.empty();
                }
            }
            return Optional.of(new Authority(name, p));
        }

        static int defaultPort(String scheme) {
            return scheme.equals("https") ? 443 : 80;
        }

        static String bare(String host) {
            String h = host.strip().toLowerCase(Locale.ROOT);
            return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
        }

        @Override
        public String toString() {
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        }
    }
}
