package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.function.IntPredicate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each HTTP server serves only what it is for, with the HTTP add-on, the Web Console and the kubelet bridge installed
 * through deploy/ as the README says, in either order: the kubelet's HTTPS server answers 404 for the console, the
 * REST API, maya's paths and {@code /metrics}, with any credential (the console's login, the kubelet's token, the
 * API's token) or none, while it serves the kubelet API with the kubelet's token; the main server still serves the
 * console and the API, and not the kubelet API.
 */
class ServerSeparationIT {
    private static final String KUBELET_TOKEN = "kubelet-Token-" + Long.toHexString(new SecureRandom().nextLong());
    private static final String API_TOKEN = "api-Token-" + Long.toHexString(new SecureRandom().nextLong());
    private static final String CONSOLE_LOGIN = "admin:Console-Pass-" + Long.toHexString(new SecureRandom().nextLong());
    /** What is never the kubelet's: the console, the REST API, maya's paths and the metrics. */
    private static final List<String> NOT_KUBELET = List.of(
            "/system/console/bundles.json",
            "/system/console/bundles",
            "/system/console/res/lib/jquery-3.7.1.js",
            "/orchard/api/v1/providers",
            "/latest/volumes/",
            "/metrics",
            "/");

    @TempDir
    Path folder;

    private KubernetesMockServer cluster;
    private HttpClient client;
    private int httpPort;
    private int kubeletPort;
    // The runtime under test, whose log a failure's message ends with: what FileInstall and the bridge said.
    private OrchardProcess running;

    @BeforeEach
    void start() throws Exception {
        Map<ServerRequest, Queue<ServerResponse>> responses = new HashMap<>();
        cluster = new KubernetesMockServer(
                new Context(), new MockWebServer(), responses, new KubernetesMixedDispatcher(responses), false);
        cluster.start(InetAddress.getByName("127.0.0.1"), 0);
        client = HttpClient.newBuilder()
                .sslContext(trustingAnyServer())
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        httpPort = AddOns.freePort();
        kubeletPort = AddOns.freePort();
    }

    @AfterEach
    void stop() {
        cluster.shutdown();
    }

    @Test
    void theConsoleFirstThenTheBridge() throws Exception {
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            running = orchard;
            orchard.run("echo ready");
            configure();
            AddOns.install(folder, AddOns.deployJars("orchard-http-", "orchard-webconsole-"));
            awaitConsoleOnTheMainServer();
            AddOns.install(
                    folder,
                    AddOns.installBouncyCastle(
                            orchard, AddOns.deployJars("orchard-provider-kubernetes-", "orchard-kubelet-")));
            configureBridge();
            awaitKubeletApi();
            assertEachServerServesOnlyItsOwn();
        } catch (AssertionError e) {
            throw withLog(e);
        }
    }

    @Test
    void theBridgeFirstThenTheConsole() throws Exception {
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            running = orchard;
            orchard.run("echo ready");
            configure();
            configureBridge();
            AddOns.install(
                    folder,
                    AddOns.installBouncyCastle(
                            orchard,
                            AddOns.deployJars("orchard-http-", "orchard-provider-kubernetes-", "orchard-kubelet-")));
            awaitKubeletApi();
            AddOns.install(folder, AddOns.deployJars("orchard-webconsole-"));
            awaitConsoleOnTheMainServer();
            // The console's Log Service API may refresh Jetty, and with it the kubelet's server: wait for it again.
            awaitKubeletApi();
            assertEachServerServesOnlyItsOwn();
        } catch (AssertionError e) {
            throw withLog(e);
        }
    }

    private AssertionError withLog(AssertionError e) {
        String log = running == null ? "" : running.stderr();
        AssertionError withLog = new AssertionError(
                e.getMessage() + "\nruntime log (end):\n" + log.substring(Math.max(0, log.length() - 6000)), e);
        return withLog;
    }

    private void assertEachServerServesOnlyItsOwn() throws Exception {
        String kubelet = "https://127.0.0.1:" + kubeletPort;
        List<String> credentials = new ArrayList<>();
        credentials.add(null);
        credentials.add(basic(CONSOLE_LOGIN));
        credentials.add(basic("admin:admin"));
        credentials.add("Bearer " + KUBELET_TOKEN);
        credentials.add("Bearer " + API_TOKEN);
        for (String path : NOT_KUBELET) {
            for (String authorization : credentials) {
                for (String method : List.of("GET", "POST")) {
                    HttpResponse<String> r = send(method, kubelet + path, authorization);
                    assertEquals(
                            404,
                            r.statusCode(),
                            method + " " + path + " on the kubelet's server with " + shown(authorization) + ": "
                                    + r.body());
                }
            }
        }
        // The kubelet API itself, with its token only.
        assertEquals(
                200,
                send("GET", kubelet + "/healthz", "Bearer " + KUBELET_TOKEN).statusCode());
        assertEquals(
                200, send("GET", kubelet + "/pods", "Bearer " + KUBELET_TOKEN).statusCode());
        assertEquals(401, send("GET", kubelet + "/pods", null).statusCode());
        assertEquals(401, send("GET", kubelet + "/pods", basic(CONSOLE_LOGIN)).statusCode());
        assertEquals(401, send("GET", kubelet + "/pods", "Bearer " + API_TOKEN).statusCode());

        // The main server: the console and the API are there, the kubelet API is not.
        String main = "http://127.0.0.1:" + httpPort;
        assertNotEquals(
                404,
                send("GET", main + "/system/console/bundles.json", basic(CONSOLE_LOGIN))
                        .statusCode());
        assertEquals(
                200,
                send("GET", main + "/orchard/api/v1/providers", "Bearer " + API_TOKEN)
                        .statusCode());
        assertEquals(
                404, send("GET", main + "/healthz", "Bearer " + KUBELET_TOKEN).statusCode());
        assertEquals(404, send("GET", main + "/pods", "Bearer " + KUBELET_TOKEN).statusCode());
    }

    /** The HTTP add-on's port and token file (explicit, so the test holds whatever its default), the console's login. */
    private void configure() throws IOException {
        Path deploy = folder.resolve("deploy");
        AddOns.write(deploy.resolve("org.apache.felix.http.cfg"), "org.osgi.service.http.port=" + httpPort + "\n");
        Path apiToken = AddOns.secretFile(folder.resolve("secrets/api-token"), API_TOKEN);
        AddOns.write(deploy.resolve("dev.orchard.http.cfg"), "token.file=" + apiToken.toAbsolutePath() + "\n");
        AddOns.write(
                deploy.resolve("org.apache.felix.webconsole.internal.servlet.OsgiManager.cfg"),
                "password=" + CONSOLE_LOGIN.substring("admin:".length()) + "\n");
    }

    /** A bridge over the mock provider, for the mock API server, with its kubelet API on loopback and a token. */
    private void configureBridge() throws IOException {
        Path kubeletToken = AddOns.secretFile(folder.resolve("secrets/kubelet-token"), KUBELET_TOKEN);
        AddOns.write(
                folder.resolve("deploy").resolve("dev.orchard.kubelet~edge.cfg"),
                "node.name=edge\nprovider=mock\nmaster.url=http://127.0.0.1:" + cluster.getPort() + "/\n"
                        + "kubelet.port=" + kubeletPort + "\nkubelet.token.file=" + kubeletToken.toAbsolutePath()
                        + "\n");
    }

    private void awaitConsoleOnTheMainServer() throws Exception {
        await("http://127.0.0.1:" + httpPort + "/system/console/bundles.json", basic(CONSOLE_LOGIN), s -> s != 404);
    }

    private void awaitKubeletApi() throws Exception {
        await("https://127.0.0.1:" + kubeletPort + "/healthz", "Bearer " + KUBELET_TOKEN, s -> s == 200);
    }

    private void await(String uri, String authorization, IntPredicate status) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        String last = "no connection";
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> r = send("GET", uri, authorization);
                if (status.test(r.statusCode())) {
                    return;
                }
                last = r.statusCode() + " " + r.body();
            } catch (IOException e) {
                last = e.toString(); // not listening yet: FileInstall is still installing
            }
            Thread.sleep(250);
        }
        throw new AssertionError(uri + " never answered as awaited; last: " + last);
    }

    private HttpResponse<String> send(String method, String uri, String authorization)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(20));
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        b.method(method, method.equals("GET") ? HttpRequest.BodyPublishers.noBody() : json("{}"));
        if (!method.equals("GET")) {
            b.header("Content-Type", "application/json");
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest.BodyPublisher json(String body) {
        return HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8);
    }

    private static String basic(String login) {
        return "Basic " + Base64.getEncoder().encodeToString(login.getBytes(StandardCharsets.UTF_8));
    }

    private static String shown(String authorization) {
        return authorization == null ? "no credential" : authorization.substring(0, authorization.indexOf(' '));
    }

    // As curl -k: the kubelet's serving certificate is self-signed; what is checked here is what it serves.
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
