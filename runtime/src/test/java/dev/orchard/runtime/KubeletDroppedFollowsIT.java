package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 200 followed {@code containerLogs} of a quiet local pod ({@code sleep 600}) on the kubelet bridge's HTTPS server,
 * the bridge installed through deploy/ with its token as the README says, dropped abruptly by raw TLS clients: the
 * runtime's working threads and open descriptors are back within 10% of what they were within 10 s, and the main
 * server's {@code /metrics} and API answer throughout (see {@link DroppedFollows}).
 */
class KubeletDroppedFollowsIT {
    private static final String KUBELET_TOKEN = "kubelet-Token-" + Long.toHexString(new SecureRandom().nextLong());
    private static final String API_TOKEN = "api-Token-" + Long.toHexString(new SecureRandom().nextLong());

    @TempDir
    Path folder;

    private HttpClient client;

    @Test
    void droppedKubeletFollowsGiveBackTheirThreadsAndDescriptors() throws Exception {
        Map<ServerRequest, Queue<ServerResponse>> responses = new HashMap<>();
        KubernetesMockServer cluster = new KubernetesMockServer(
                new Context(), new MockWebServer(), responses, new KubernetesMixedDispatcher(responses), false);
        cluster.start(InetAddress.getByName("127.0.0.1"), 0);
        SSLContext tls = trustingAnyServer();
        client = HttpClient.newBuilder()
                .sslContext(tls)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        int httpPort = AddOns.freePort();
        int kubeletPort = AddOns.freePort();
        String api = "http://127.0.0.1:" + httpPort + "/orchard/api/v1";
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            Path deploy = folder.resolve("deploy");
            AddOns.write(deploy.resolve("org.apache.felix.http.cfg"), "org.osgi.service.http.port=" + httpPort + "\n");
            Path apiToken = AddOns.secretFile(folder.resolve("secrets/api-token"), API_TOKEN);
            AddOns.write(deploy.resolve("dev.orchard.http.cfg"), "token.file=" + apiToken.toAbsolutePath() + "\n");
            Path kubeletToken = AddOns.secretFile(folder.resolve("secrets/kubelet-token"), KUBELET_TOKEN);
            AddOns.write(
                    deploy.resolve("dev.orchard.kubelet~edge.cfg"),
                    "node.name=edge\nprovider=local\nmaster.url=http://127.0.0.1:" + cluster.getPort() + "/\n"
                            + "kubelet.port=" + kubeletPort + "\nkubelet.token.file=" + kubeletToken.toAbsolutePath()
                            + "\n");
            AddOns.install(
                    folder,
                    AddOns.installBouncyCastle(
                            orchard,
                            AddOns.deployJars("orchard-http-", "orchard-provider-kubernetes-", "orchard-kubelet-")));
            await(api + "/providers", "Bearer " + API_TOKEN);
            await("https://127.0.0.1:" + kubeletPort + "/healthz", "Bearer " + KUBELET_TOKEN);
            HttpResponse<String> pod = client.send(
                    HttpRequest.newBuilder(URI.create(api + "/pod-providers/local/pods"))
                            .header("Authorization", "Bearer " + API_TOKEN)
                            .header("Content-Type", "application/json")
                            .timeout(Duration.ofSeconds(10))
                            .POST(
                                    HttpRequest.BodyPublishers.ofString(
                                            "{\"metadata\":{\"name\":\"quiet\",\"namespace\":\"default\"},"
                                                    + "\"spec\":{\"containers\":[{\"name\":\"main\",\"command\":[\"sleep\",\"600\"]}]}}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(201, pod.statusCode(), pod.body());
            String logs = "https://127.0.0.1:" + kubeletPort + "/containerLogs/default/quiet/main";
            await(logs, "Bearer " + KUBELET_TOKEN);

            DroppedFollows follows = new DroppedFollows(
                    tls.getSocketFactory(),
                    kubeletPort,
                    "/containerLogs/default/quiet/main?follow=true",
                    "Bearer " + KUBELET_TOKEN);
            follows.warmUp();
            System.out.println("kubelet "
                    + follows.measure(orchard.pid(), 1, () -> {
                        assertEquals(200, get(api + "/providers", "Bearer " + API_TOKEN));
                        assertEquals(200, get("http://127.0.0.1:" + httpPort + "/metrics", "Bearer " + API_TOKEN));
                    }));
            // The pod outlives the runtime (as local pods do): removed, so that no sleep is left behind.
            assertEquals(
                    204,
                    client.send(
                                    HttpRequest.newBuilder(URI.create(api + "/pod-providers/local/pods/default/quiet"))
                                            .header("Authorization", "Bearer " + API_TOKEN)
                                            .timeout(Duration.ofSeconds(30))
                                            .DELETE()
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .statusCode());
            orchard.type("stop 0");
            assertEquals(0, orchard.waitFor(30));
        } finally {
            cluster.shutdown();
        }
    }

    private int get(String uri, String authorization) throws IOException, InterruptedException {
        return client.send(
                        HttpRequest.newBuilder(URI.create(uri))
                                .header("Authorization", authorization)
                                .timeout(Duration.ofSeconds(5))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .statusCode();
    }

    private void await(String uri, String authorization) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        String last = "no connection";
        while (System.nanoTime() < deadline) {
            try {
                int status = get(uri, authorization);
                if (status == 200) {
                    return;
                }
                last = Integer.toString(status);
            } catch (IOException e) {
                last = e.toString(); // not listening yet: FileInstall is still installing
            }
            Thread.sleep(250);
        }
        throw new AssertionError(uri + " never answered 200; last: " + last);
    }

    // As curl -k: the kubelet's serving certificate is self-signed; what is measured here is what it costs.
    private static SSLContext trustingAnyServer() throws Exception {
        TrustManager any = new X509TrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) {}

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) {}

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        };
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(null, new TrustManager[] {any}, new SecureRandom());
        return ssl;
    }
}
