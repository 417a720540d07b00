package dev.orchard.kubelet.internal;

import dev.orchard.provider.kubernetes.cluster.ClusterSettings;
import dev.orchard.testsupport.kubernetes.NodeNameDispatcher;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * fabric8's kubernetes-server-mock on 127.0.0.1 in CRUD mode, taught to filter pods by {@code spec.nodeName} as a
 * real API server does ({@link NodeNameDispatcher}, shared with the benchmarks); and a client of the test's own, to
 * write as a cluster's users would. It notes each request's method and path, for tests of how many a bridge makes.
 */
public final class ApiServer implements AutoCloseable {
    // Kept across a restart, as etcd keeps a cluster's objects: the dispatcher holds them.
    private final KubernetesCrudDispatcher crud = NodeNameDispatcher.create();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final Dispatcher dispatcher = new Dispatcher() {
        @Override
        public MockResponse dispatch(RecordedRequest request) {
            requests.add(request.getMethod() + " " + request.getPath().split("\\?")[0]);
            return crud.dispatch(request);
        }

        @Override
        public void shutdown() {
            crud.shutdown();
        }
    };
    private KubernetesMockServer server;
    private KubernetesClient client;
    private int port;

    /** Starts a server on an ephemeral port. */
    public ApiServer() {
        start(0);
    }

    /**
     * How many requests came with a method to a path, from the server's start.
     *
     * @param method e.g. {@code PATCH}
     * @param path the path without its query, e.g. {@code /api/v1/namespaces/default/pods/web/status}
     * @return the count
     */
    public long requests(String method, String path) {
        return requests.stream().filter((method + " " + path)::equals).count();
    }

    private void start(int wanted) {
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), dispatcher, false);
        try {
            server.start(InetAddress.getByName("127.0.0.1"), wanted);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
        port = server.getPort();
        Config config = new ConfigBuilder(Config.empty())
                .withAutoConfigure(false)
                .withMasterUrl(url())
                .withRequestRetryBackoffLimit(0)
                .build();
        client = new KubernetesClientBuilder().withConfig(config).build();
    }

    /** Stops the server: requests are refused until {@link #restart()}. */
    void stop() {
        client.close();
        server.shutdown();
    }

    /** Starts it again on the same port, with the objects it held. */
    void restart() {
        start(port);
    }

    String url() {
        return "http://127.0.0.1:" + port + "/";
    }

    /**
     * Orchard's cluster settings for it.
     *
     * @return plain http to 127.0.0.1, 5 s per request
     */
    public ClusterSettings settings() {
        return new ClusterSettings(null, "", url(), null, null, false, Duration.ofSeconds(5));
    }

    /**
     * The test's own client.
     *
     * @return the client, closed with the server
     */
    public KubernetesClient client() {
        return client;
    }

    /**
     * Stops the server at a test's end. The mock server gives its HTTP server a fixed 10 s to drain in-flight
     * requests; on a loaded 2-core machine a bridge's last status write or watch can outlast that, and the teardown
     * then failed a test whose assertions had all passed (seen once in a full Java 25 build, never alone). A
     * teardown that times out is reported, not failed: what the tests check happened before it.
     */
    @Override
    public void close() {
        try {
            stop();
        } catch (IllegalStateException e) {
            System.err.println("kubernetes-server-mock did not close within its 10 s: " + e.getMessage());
        }
    }
}
