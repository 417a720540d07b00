package dev.orchard.benchmarks;

import dev.orchard.provider.kubernetes.cluster.ClusterSettings;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import io.fabric8.mockwebserver.http.Dispatcher;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Map;
import java.util.Queue;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * fabric8's mock API server on 127.0.0.1 for a benchmark in this JVM, and how its clients connect: a bare fabric8
 * client's configuration and Orchard's cluster settings for the same URL.
 */
final class BenchApiServer implements AutoCloseable {
    // The mock server logs every request through java.util.logging at INFO: thousands of lines, and time on the
    // server's threads, in a run. Held here so that the level is not lost with a collected logger.
    private static final Logger MOCK_LOG = Logger.getLogger("io.fabric8.mockwebserver");

    static {
        MOCK_LOG.setLevel(Level.WARNING);
    }

    private final KubernetesMockServer server;
    private final String url;

    /**
     * Starts a server on an ephemeral port.
     *
     * @param responses the recorded responses the dispatcher shares (empty for plain CRUD)
     * @param dispatcher what answers requests
     * @throws IOException if it cannot listen
     */
    BenchApiServer(Map<ServerRequest, Queue<ServerResponse>> responses, Dispatcher dispatcher) throws IOException {
        server = new KubernetesMockServer(new Context(), new MockWebServer(), responses, dispatcher, false);
        server.start(InetAddress.getByName("127.0.0.1"), 0);
        url = "http://127.0.0.1:" + server.getPort() + "/";
    }

    /**
     * Where it listens.
     *
     * @return {@code http://127.0.0.1:<port>/}
     */
    String url() {
        return url;
    }

    /**
     * A new bare fabric8 client of it, which the caller closes.
     *
     * @return the client
     */
    KubernetesClient client() {
        Config config = new ConfigBuilder(Config.empty())
                .withAutoConfigure(false)
                .withMasterUrl(url)
                .withRequestRetryBackoffLimit(0)
                .build();
        return new KubernetesClientBuilder().withConfig(config).build();
    }

    /**
     * Orchard's cluster settings for it: plain http to 127.0.0.1, 10 s per request.
     *
     * @return the settings
     */
    ClusterSettings settings() {
        return new ClusterSettings(null, "", url, null, null, false, Duration.ofSeconds(10));
    }

    /**
     * Stops the server. It gives its HTTP server a fixed 10 s to drain; a watch closed while the server still
     * delivers events to it can block the server's event loop past that (fabric8's watch listener waits for its
     * executor on that loop). A shutdown that times out is reported, not thrown: the figures were taken before.
     */
    @Override
    public void close() {
        try {
            server.shutdown();
        } catch (IllegalStateException e) {
            System.err.println("kubernetes-server-mock did not close within its 10 s: " + e.getMessage());
        }
    }
}
