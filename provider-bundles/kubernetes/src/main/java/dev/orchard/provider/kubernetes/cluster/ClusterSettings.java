package dev.orchard.provider.kubernetes.cluster;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.Secrets;
import dev.orchard.api.provider.ProviderConfiguration;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Where a cluster is and how to reach it: a kubeconfig file (and a context in it), or an API server URL with a token
 * file and a CA file; TLS verification; and the time one request may take. Immutable.
 *
 * <p>The keys are the same for every Orchard part that talks to a cluster (this provider, and the kubelet bridge
 * after it): {@code kubeconfig}, {@code context}, {@code master.url}, {@code token.file}, {@code ca.file},
 * {@code trust.certs} and {@code request.timeout.ms}. Nothing is read from the environment, system properties or
 * {@code ~/.kube/config} unless configured, so an instance with no cluster configured connects nowhere.
 *
 * @param kubeconfig the kubeconfig file, or null when {@code masterUrl} is given
 * @param context the kubeconfig's context to use, or empty for its current context
 * @param masterUrl the API server's URL, or empty when {@code kubeconfig} is given
 * @param tokenFile a file holding the bearer token, read again for every request (tokens rotate), or null
 * @param caFile the CA certificates (PEM) that sign the API server's certificate, or null for the JVM's
 * @param trustCerts whether to accept any server certificate; only when set explicitly
 * @param requestTimeout how long one request may take, and one connection attempt
 */
public record ClusterSettings(
        Path kubeconfig,
        String context,
        String masterUrl,
        Path tokenFile,
        Path caFile,
        boolean trustCerts,
        Duration requestTimeout) {

    /** The configuration keys. */
    public static final String KUBECONFIG = "kubeconfig";
    /** The kubeconfig context. */
    public static final String CONTEXT = "context";
    /** The API server URL. */
    public static final String MASTER_URL = "master.url";
    /** The token file. */
    public static final String TOKEN_FILE = "token.file";
    /** The CA file. */
    public static final String CA_FILE = "ca.file";
    /** Whether to trust any certificate. */
    public static final String TRUST_CERTS = "trust.certs";
    /** The request timeout in milliseconds. */
    public static final String REQUEST_TIMEOUT_MS = "request.timeout.ms";

    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "[::1]", "::1");

    /** Checks that exactly one way to the cluster is given, and that it is usable. */
    public ClusterSettings {
        context = context == null ? "" : context;
        masterUrl = masterUrl == null ? "" : masterUrl;
        if ((kubeconfig == null) == masterUrl.isEmpty()) {
            throw new InvalidInputException(
                    kubeconfig == null
                            ? "no cluster is configured: set " + KUBECONFIG + " (a kubeconfig file) or " + MASTER_URL
                                    + " (the API server's URL, with " + TOKEN_FILE + ")"
                            : "set either " + KUBECONFIG + " or " + MASTER_URL + ", not both");
        }
        if (!context.isEmpty() && kubeconfig == null) {
            throw new InvalidInputException(CONTEXT + " " + Names.quote(context) + " needs " + KUBECONFIG
                    + ": it names a context of a kubeconfig file");
        }
        if (!masterUrl.isEmpty()) {
            requireUrl(masterUrl);
        }
        requireReadable(KUBECONFIG, kubeconfig);
        requireReadable(TOKEN_FILE, tokenFile);
        requireReadable(CA_FILE, caFile);
        if (requestTimeout == null || requestTimeout.toMillis() < 100) {
            throw new InvalidInputException(REQUEST_TIMEOUT_MS + " " + requestTimeout + " must be at least 100 ms");
        }
    }

    /**
     * Reads the settings from a provider's configuration.
     *
     * @param config the configuration, whose annotation declares the keys of this record
     * @param base the folder relative paths are resolved against, the runtime's folder
     * @return the settings
     * @throws InvalidInputException naming the key whose value is not usable
     */
    public static ClusterSettings from(ProviderConfiguration config, Path base) {
        String trust = config.text(TRUST_CERTS).toLowerCase(Locale.ROOT);
        if (!trust.equals("true") && !trust.equals("false")) {
            throw new InvalidInputException(
                    "configuration key " + TRUST_CERTS + " " + Names.quote(trust) + " must be true or false");
        }
        return new ClusterSettings(
                file(config, KUBECONFIG, base),
                config.text(CONTEXT),
                config.text(MASTER_URL),
                file(config, TOKEN_FILE, base),
                file(config, CA_FILE, base),
                Boolean.parseBoolean(trust),
                Duration.ofMillis(config.count(REQUEST_TIMEOUT_MS)));
    }

    /**
     * The settings inside a pod: the API server from {@code KUBERNETES_SERVICE_HOST} and {@code _PORT}, and the
     * service account's token and CA, as {@code rest.InClusterConfig} reads them.
     *
     * @param environment the process environment
     * @param serviceAccount the service account's folder, {@code /var/run/secrets/kubernetes.io/serviceaccount}
     * @param requestTimeout how long one request may take
     * @return the settings, or null outside a pod (no host set, or no token mounted)
     */
    public static ClusterSettings inCluster(
            Map<String, String> environment, Path serviceAccount, Duration requestTimeout) {
        String host = environment.getOrDefault("KUBERNETES_SERVICE_HOST", "");
        String port = environment.getOrDefault("KUBERNETES_SERVICE_PORT", "443");
        Path token = serviceAccount.resolve("token");
        if (host.isBlank() || !Files.isReadable(token)) {
            return null;
        }
        String authority = host.contains(":") ? "[" + host + "]" : host;
        Path ca = serviceAccount.resolve("ca.crt");
        return new ClusterSettings(
                null,
                "",
                "https://" + authority + ":" + port,
                token,
                Files.isReadable(ca) ? ca : null,
                false,
                requestTimeout);
    }

    /**
     * Where the cluster is, for messages and logs: never a credential.
     *
     * @return the kubeconfig file and context, or the API server's URL without its user information
     */
    public String describe() {
        return kubeconfig != null
                ? "kubeconfig " + kubeconfig + (context.isEmpty() ? "" : " (context " + context + ")")
                : Secrets.redactUrl(masterUrl);
    }

    private static Path file(ProviderConfiguration config, String key, Path base) {
        return config.text(key).isEmpty() ? null : config.folder(key, base, "");
    }

    private static void requireReadable(String key, Path file) {
        if (file != null && !(Files.isRegularFile(file) && Files.isReadable(file))) {
            throw new InvalidInputException(key + " " + file + " is not a readable file");
        }
    }

    // Tokens go over this connection: plain http only to this machine.
    private static void requireUrl(String url) {
        URI uri;
        // The URL is quoted in messages without its user information, which may hold a password.
        String shown = Names.quote(Secrets.redactUrl(url));
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new InvalidInputException(
                    MASTER_URL + " " + shown + " is not a URL: " + Secrets.redact(e.getReason()));
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (uri.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
            throw new InvalidInputException(
                    MASTER_URL + " " + shown + " must be an https:// URL with a host, e.g. https://10.0.0.1:6443");
        }
        if (scheme.equals("http") && !LOOPBACK.contains(uri.getHost())) {
            throw new InvalidInputException(MASTER_URL + " " + shown
                    + " uses plain http to another host, which would send the token unencrypted; use https");
        }
    }
}
