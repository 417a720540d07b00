package dev.orchard.kubelet.tests;

import dev.orchard.kubelet.internal.Await;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Collection;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;
import javax.net.ssl.SSLContext;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.servlet.runtime.HttpServiceRuntime;

/**
 * One bridge instance made from a factory configuration, as a user's {@code .cfg} would: it waits for the instance's
 * HTTPS server, reads the serving certificate the instance made, and calls its kubelet API with the token.
 */
final class BridgeInstance implements AutoCloseable {
    static final String TOKEN = "kubelet-test-token";

    private final BundleContext context;
    private final MockCluster cluster;
    private final Configuration configuration;
    private final String filter;
    private final URI base;
    private final Path serving;

    private BridgeInstance(
            BundleContext context,
            MockCluster cluster,
            Configuration configuration,
            String filter,
            URI base,
            Path serving) {
        this.context = context;
        this.cluster = cluster;
        this.configuration = configuration;
        this.filter = filter;
        this.base = base;
        this.serving = serving;
    }

    /**
     * Starts a mock cluster and an instance on it whose API accepts {@link #TOKEN}, on every interface and a free
     * port.
     *
     * @param more keys beside node.name, provider, master.url and the kubelet.* ones
     */
    static BridgeInstance start(
            BundleContext context,
            ConfigurationAdmin configurations,
            String node,
            String provider,
            Map<String, String> more)
            throws Exception {
        MockCluster cluster = MockCluster.start(context.getProperty(MockCluster.CLASSPATH));
        Path token = Files.writeString(
                Files.createTempDirectory("wt16k-kubelet-" + node).resolve("token"), TOKEN);
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
        Configuration c = configurations.getFactoryConfiguration("dev.orchard.kubelet", node, "?");
        Dictionary<String, Object> p = new Hashtable<>(more);
        p.put("node.name", node);
        p.put("provider", provider);
        p.put("master.url", cluster.url().toString());
        p.put("status.interval.ms", "1000");
        // Every interface: the kubelet API authenticates every request, so the HTTP guard lets it bind there.
        p.put("kubelet.address", "0.0.0.0");
        p.put("kubelet.port", "0");
        p.put("kubelet.token.file", token.toString());
        c.update(p);
        String filter = "(org.apache.felix.http.name=orchard-kubelet-" + node + ")";
        Await.until("the kubelet API's HTTPS server of " + node, () -> endpoint(context, filter) != null);
        // The endpoint names the interfaces; the made certificate names 127.0.0.1 among them.
        URI base = URI.create(
                "https://127.0.0.1:" + URI.create(endpoint(context, filter)).getPort() + "/");
        Path serving = bundle(context, "dev.orchard.kubelet")
                .getBundleContext()
                .getDataFile("kubelet-" + node)
                .toPath()
                .resolve("serving.crt");
        Await.until("the serving certificate", () -> Files.isRegularFile(serving));
        BridgeInstance instance = new BridgeInstance(context, cluster, c, filter, base, serving);
        Await.until("the API to answer", () -> instance.status("/healthz") == 200);
        return instance;
    }

    MockCluster cluster() {
        return cluster;
    }

    Path serving() {
        return serving;
    }

    URI https(String path) {
        return base.resolve(path.substring(1));
    }

    URI wss(String path) {
        return URI.create(base.resolve(path.substring(1)).toString().replaceFirst("^https", "wss"));
    }

    /** A client that trusts the instance's certificate and presents none. */
    HttpClient tokenClient() {
        try {
            return client(TestCertificates.anonymous(serving));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static HttpClient client(SSLContext ssl) {
        return HttpClient.newBuilder()
                .sslContext(ssl)
                .connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    HttpResponse<String> send(HttpClient client, String path, String authorization)
            throws IOException, InterruptedException {
        HttpRequest.Builder b =
                HttpRequest.newBuilder(base.resolve(path.substring(1))).timeout(Duration.ofSeconds(20));
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private int status(String path) {
        try {
            return send(tokenClient(), path, "Bearer " + TOKEN).statusCode();
        } catch (Exception e) {
            return -1;
        }
    }

    /** Removes the instance, waits for its server to go with it, and stops the cluster. */
    @Override
    public void close() throws Exception {
        try {
            configuration.delete();
            Await.until("the kubelet API's server to go with its instance", () -> endpoint(context, filter) == null);
        } finally {
            cluster.close();
        }
    }

    private static String endpoint(BundleContext context, String filter) {
        try {
            Collection<ServiceReference<HttpServiceRuntime>> refs =
                    context.getServiceReferences(HttpServiceRuntime.class, filter);
            for (ServiceReference<HttpServiceRuntime> r : refs) {
                Object e = r.getProperty("osgi.http.endpoint");
                String first = e instanceof String[] a && a.length > 0 ? a[0] : e instanceof String s ? s : null;
                if (first != null && first.startsWith("https")) {
                    return first.endsWith("/") ? first : first + "/";
                }
            }
            return null;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Bundle bundle(BundleContext context, String symbolicName) {
        for (Bundle b : context.getBundles()) {
            if (symbolicName.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new IllegalStateException("no bundle " + symbolicName);
    }
}
