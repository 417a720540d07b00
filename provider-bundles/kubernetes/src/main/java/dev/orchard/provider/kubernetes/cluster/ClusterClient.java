package dev.orchard.provider.kubernetes.cluster;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.Secrets;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.NamedContext;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.internal.KubeConfigUtils;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The provider's one connection to its cluster: a fabric8 client built from {@link ClusterSettings} alone, and the
 * one way every request is made ({@link #call}), so that every failure leaves as an Orchard error.
 *
 * <p>Requests are not retried by the client: a failure reaches the caller within the request timeout as
 * Unavailable, and the caller decides. Watches reconnect on their own, every half second while the server is away.
 * Thread-safe.
 */
public final class ClusterClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterClient.class);

    private final ClusterSettings settings;
    private final KubernetesClient client;
    private final Set<String> namespacesSeen = ConcurrentHashMap.newKeySet();

    /**
     * Builds the client; it connects on its first request.
     *
     * @param settings where the cluster is
     * @throws InvalidInputException if the kubeconfig cannot be read or lacks the context
     */
    public ClusterClient(ClusterSettings settings) {
        this.settings = settings;
        this.client = build(settings);
    }

    /**
     * Builds the client, and makes fabric8 build its resource type registries now, on this thread, with a context
     * class loader that sees no fabric8 at all.
     *
     * <p>fabric8 keeps a static registry of resource types in each of its two copies of {@code KubernetesDeserializer}
     * (model-core's, which Jackson uses for a {@code KubernetesResource}, and the client's), built once per JVM
     * through the context class loader as well as fabric8's own, on whichever thread first needs it; it also finds
     * its HTTP client factory that way. Left to chance, that was the thread that first read a polymorphic answer,
     * such as a delete's. On Java 25 that is often a common-pool worker (its {@code CompletableFuture} no longer
     * starts a thread per task on one or two cores, as Java 17 does), whose context class loader is the JVM's class
     * path: where that holds fabric8 too (a test's class path, an application server's), its classes are not the
     * bundles', and the lookup failed with "APIGroup not a subtype", leaving a half-filled registry for good. With
     * the platform class loader as the context, fabric8 finds its types and client through its own bundles (SPI
     * Fly), whatever the JVM's class path holds.
     */
    private static KubernetesClient build(ClusterSettings settings) {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(ClassLoader.getPlatformClassLoader());
        try {
            KubernetesClient built = new KubernetesClientBuilder()
                    .withHttpClientFactory(LingeringExecutors.httpClients())
                    .withTaskExecutor(LingeringExecutors.tasks())
                    .withConfig(config(settings))
                    .build();
            KubernetesSerialization serialization = built.getKubernetesSerialization();
            serialization.getRegisteredKubernetesResource("v1", "Namespace"); // the client's registry
            serialization.unmarshal(
                    "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\"}", KubernetesResource.class); // model-core's
            return built;
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    /**
     * The fabric8 configuration of a cluster: the settings and nothing else.
     *
     * @param settings where the cluster is
     * @return the configuration
     */
    static Config config(ClusterSettings settings) {
        Config base = settings.kubeconfig() != null ? fromKubeconfig(settings) : Config.empty();
        int timeout =
                (int) Math.min(Integer.MAX_VALUE, settings.requestTimeout().toMillis());
        ConfigBuilder b = new ConfigBuilder(base)
                .withAutoConfigure(false)
                // TLS is verified unless trust.certs=true, even where a kubeconfig says insecure-skip-tls-verify.
                .withTrustCerts(settings.trustCerts())
                .withDisableHostnameVerification(settings.trustCerts())
                .withRequestTimeout(timeout)
                .withConnectionTimeout(timeout)
                .withRequestRetryBackoffLimit(0)
                .withWatchReconnectInterval(500)
                .withWatchReconnectLimit(-1);
        if (!settings.masterUrl().isEmpty()) {
            withMasterUrl(b, settings.masterUrl());
        }
        if (settings.caFile() != null) {
            b.withCaCertFile(settings.caFile().toString());
        }
        if (settings.tokenFile() != null) {
            Path tokenFile = settings.tokenFile();
            b.withOauthTokenProvider(() -> readToken(tokenFile));
        }
        return b.build();
    }

    /**
     * Gives fabric8 the API server's URL without its user information: a {@code user:password@} becomes the basic
     * login it means, so that no URL fabric8 holds, and so no message or log line of its own, carries the password.
     */
    private static void withMasterUrl(ConfigBuilder b, String url) {
        URI uri = URI.create(url); // ClusterSettings checked it
        if (uri.getRawUserInfo() == null) {
            b.withMasterUrl(url);
            return;
        }
        String user = uri.getUserInfo();
        int colon = user.indexOf(':');
        b.withUsername(colon < 0 ? user : user.substring(0, colon));
        if (colon >= 0) {
            b.withPassword(user.substring(colon + 1));
        }
        int at = url.indexOf('@');
        b.withMasterUrl(url.substring(0, url.indexOf("://") + 3) + url.substring(at + 1));
    }

    private static Config fromKubeconfig(ClusterSettings settings) {
        io.fabric8.kubernetes.api.model.Config parsed;
        try {
            parsed = KubeConfigUtils.parseConfig(settings.kubeconfig().toFile());
        } catch (RuntimeException e) {
            throw new InvalidInputException(ClusterSettings.KUBECONFIG + " " + settings.kubeconfig()
                    + " is not a kubeconfig: " + parserProblem(e));
        }
        if (!settings.context().isEmpty()) {
            List<String> contexts = parsed.getContexts() == null
                    ? List.of()
                    : parsed.getContexts().stream().map(NamedContext::getName).toList();
            if (!contexts.contains(settings.context())) {
                throw new InvalidInputException(ClusterSettings.CONTEXT + " " + Names.quote(settings.context())
                        + " is not in " + settings.kubeconfig() + ", whose contexts are " + contexts);
            }
        }
        try {
            return Config.fromKubeconfig(
                    settings.context().isEmpty() ? null : settings.context(),
                    settings.kubeconfig().toFile());
        } catch (RuntimeException e) {
            throw new InvalidInputException(
                    ClusterSettings.KUBECONFIG + " " + settings.kubeconfig() + " cannot be used: " + parserProblem(e));
        }
    }

    /**
     * What a parser said about a kubeconfig, without what it quoted of it: a YAML parser shows the offending line
     * (indented, under its position), and that line may be a token's or a key's. The position and the problem stay;
     * the quoted lines go, and what is left is redacted too. The exception itself is not kept as a cause, since its
     * message is the one that quotes.
     */
    static String parserProblem(RuntimeException e) {
        String said = String.valueOf(e.getMessage())
                .lines()
                .filter(line -> !line.startsWith("    ") && !line.strip().equals("^") && !line.isBlank())
                .map(String::strip)
                .collect(Collectors.joining(" "));
        return Secrets.redact(said);
    }

    // Read for every request: projected service account tokens are rotated by the kubelet.
    private static String readToken(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            // The path only, never the content.
            throw new ProviderFaultException("the token file " + file + " cannot be read: "
                    + e.getClass().getSimpleName());
        }
    }

    /**
     * Makes one request, turning its failure into an Orchard error.
     *
     * @param <T> the result
     * @param action the request, for the message of a failure
     * @param request makes it through {@link #fabric8()}
     * @return what it returned
     * @throws OrchardException as {@link KubernetesErrors} maps the failure
     */
    public <T> T call(ClusterAction action, Supplier<T> request) {
        try {
            return request.get();
        } catch (RuntimeException e) {
            OrchardException mapped = KubernetesErrors.map(action, settings.describe(), e);
            LOG.debug("{} failed: {}", action, mapped.getMessage());
            throw mapped;
        }
    }

    /**
     * Makes sure a cluster namespace exists before something is created in it, creating it (labelled) if need be.
     * A namespace seen once is not asked for again. An account that may not create namespaces can still use those
     * that exist.
     *
     * @param namespace the cluster namespace
     * @param labels the labels of a namespace created here
     */
    public void ensureNamespace(String namespace, Map<String, String> labels) {
        if (namespacesSeen.contains(namespace)) {
            return;
        }
        Namespace ns = new NamespaceBuilder()
                .withNewMetadata()
                .withName(namespace)
                .withLabels(labels)
                .endMetadata()
                .build();
        try {
            call(
                    ClusterAction.cluster("create", "namespaces"),
                    () -> client.namespaces().resource(ns).create());
            LOG.info("Created namespace {} in {}", namespace, settings.describe());
        } catch (dev.orchard.api.error.AlreadyExistsException exists) {
            // someone made it: fine
        } catch (ProviderFaultException forbidden) {
            LOG.debug("Not allowed to create namespace {}; using it as it is: {}", namespace, forbidden.getMessage());
            return; // not remembered: it may be created later by someone allowed to
        }
        namespacesSeen.add(namespace);
    }

    /**
     * The fabric8 client, for requests made through {@link #call}.
     *
     * @return the client
     */
    public KubernetesClient fabric8() {
        return client;
    }

    /**
     * The settings the client was built from.
     *
     * @return the settings
     */
    public ClusterSettings settings() {
        return settings;
    }

    /**
     * Closes the client. Its watches close their WebSockets, after which its connections and threads end by
     * themselves, within seconds (see {@link LingeringExecutors}).
     */
    @Override
    public void close() {
        client.close();
    }
}
