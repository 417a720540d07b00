package dev.orchard.provider.kubernetes.internal;

import dev.orchard.provider.kubernetes.cluster.ClusterSettings;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import java.net.InetAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;

/**
 * fabric8's kubernetes-server-mock on 127.0.0.1, in CRUD mode for objects and watches with expectations beside it
 * (logs, exec, metrics), over plain http; and a client of the test's own to write into it as a cluster's other
 * users and its kubelet would. An outage is played by a {@link TcpProxy} in front of it, or by {@link #stop()}.
 */
public final class ApiServer implements AutoCloseable {
    private final Map<ServerRequest, Queue<ServerResponse>> responses = new HashMap<>();
    private final KubernetesMockServer server;
    private final KubernetesClient client;
    private final int port;

    /** Starts a server on a free port. */
    public ApiServer() {
        server = new KubernetesMockServer(
                new Context(), new MockWebServer(), responses, new KubernetesMixedDispatcher(responses), false);
        try {
            server.start(InetAddress.getByName("127.0.0.1"), 0);
        } catch (java.net.UnknownHostException e) {
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

    /**
     * The API server's URL.
     *
     * @return {@code http://127.0.0.1:<port>/}
     */
    public String url() {
        return "http://127.0.0.1:" + port + "/";
    }

    /**
     * The port it listens on.
     *
     * @return the port
     */
    public int port() {
        return port;
    }

    /**
     * Settings that reach this server.
     *
     * @param timeout the request timeout
     * @return the settings
     */
    public ClusterSettings settings(Duration timeout) {
        return settings(url(), timeout);
    }

    /**
     * Settings that reach this server another way, e.g. through a {@link TcpProxy}.
     *
     * @param url the URL the provider uses
     * @param timeout the request timeout
     * @return the settings
     */
    public ClusterSettings settings(String url, Duration timeout) {
        return new ClusterSettings(null, "", url, null, null, false, timeout);
    }

    /**
     * The test's own client, for what other users and the kubelet write.
     *
     * @return the client
     */
    public KubernetesClient client() {
        return client;
    }

    /**
     * The server, for expectations.
     *
     * @return the mock server
     */
    public KubernetesMockServer mock() {
        return server;
    }

    /**
     * Writes the status a kubelet writes once every container of a pod runs, as the cluster's other users see it.
     *
     * @param pod the pod as the server holds it
     * @param at when the containers started, an RFC 3339 time
     */
    public void running(Pod pod, String at) {
        PodStatusBuilder status = new PodStatusBuilder()
                .withPhase("Running")
                .withHostIP("192.168.0.7")
                .withPodIP("10.244.1.9")
                .withStartTime(at)
                .addNewCondition()
                .withType("Ready")
                .withStatus("True")
                .withLastTransitionTime(at)
                .endCondition();
        for (var c : pod.getSpec().getContainers()) {
            status.addToContainerStatuses(new ContainerStatusBuilder()
                    .withName(c.getName())
                    .withImage(c.getImage())
                    .withReady(true)
                    .withRestartCount(0)
                    .withNewState()
                    .withNewRunning()
                    .withStartedAt(at)
                    .endRunning()
                    .endState()
                    .build());
        }
        pod.setStatus(status.build());
        client.pods()
                .inNamespace(pod.getMetadata().getNamespace())
                .resource(pod)
                .updateStatus();
    }

    /** Stops the server: nothing listens on its port any more. */
    public void stop() {
        client.close();
        server.shutdown();
    }

    @Override
    public void close() {
        stop();
    }
}
