package dev.orchard.karaf.tests;

import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;

/**
 * fabric8's mock Kubernetes API server on 127.0.0.1 in CRUD mode, in the test JVM, for the Karaf in which the
 * Kubernetes provider runs. One per test JVM; it stops with the JVM. Used only where pax-exam evaluates the
 * configuration, never inside Karaf.
 */
final class MockApiServer {
    private static KubernetesMockServer server;

    private MockApiServer() {}

    /**
     * Starts the server if it is not running.
     *
     * @return its URL, {@code http://127.0.0.1:<port>/}
     * @throws IOException if it cannot listen
     */
    static synchronized String url() throws IOException {
        if (server == null) {
            Map<ServerRequest, Queue<ServerResponse>> responses = new HashMap<>();
            server = new KubernetesMockServer(
                    new Context(), new MockWebServer(), responses, new KubernetesMixedDispatcher(responses), false);
            server.start(InetAddress.getByName("127.0.0.1"), 0);
        }
        return "http://127.0.0.1:" + server.getPort() + "/";
    }
}
