package dev.orchard.kubelet.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.kubelet.internal.Await;
import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.servlet.context.ServletContextHelper;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/**
 * The kubelet API of a bridge instance over the mock provider, called over HTTPS with the bridge's certificate
 * trusted: 401 without or with wrong credentials, a client certificate of the configured CA and the configured token
 * accepted; logs with each option, stats in the Summary shape, the node's pods and health.
 */
class KubeletApiTest {
    private static final String NODE = "api-node";
    private static final String TOKEN = BridgeInstance.TOKEN;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern STAMPED =
            Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z (one|two|three)");

    @InjectBundleContext
    static BundleContext context;

    @InjectService(timeout = 20_000)
    static ConfigurationAdmin configurations;

    @InjectService(timeout = 20_000)
    static PodProviderRegistry pods;

    private static BridgeInstance bridge;
    private static Path serving;
    private static TestCertificates certificates;

    @BeforeAll
    static void startBridge() throws Exception {
        certificates = new TestCertificates();
        Path ca = certificates.writeCa(Files.createTempDirectory("wt16k-kubelet-ca"));
        bridge =
                BridgeInstance.start(context, configurations, NODE, "mock", Map.of("kubelet.client.ca", ca.toString()));
        serving = bridge.serving();
        bridge.cluster().create("api/v1/namespaces/default/pods", """
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"web","namespace":"default","uid":"uid-web"},
                 "spec":{"nodeName":"%s","containers":[{"name":"main","image":"busybox",
                   "command":["sh","-c","echo one; echo two; echo three"]}]}}
                """.formatted(NODE));
        Await.until(
                "the pod to run on the mock provider",
                () -> pods.call("mock", pr -> pr.getPods()).stream()
                        .anyMatch(pod -> pod.name().equals("web")));
    }

    @AfterAll
    static void stopBridge() throws Exception {
        if (bridge != null) {
            bridge.close();
        }
    }

    @Test
    void anonymousAndWrongCredentialsGet401() throws Exception {
        HttpClient anonymous = client(TestCertificates.anonymous(serving));
        for (String path : new String[] {"/healthz", "/pods", "/stats/summary", "/containerLogs/default/web/main"}) {
            assertEquals(401, send(anonymous, path, null).statusCode(), path);
            assertEquals(401, send(anonymous, path, "Bearer not-" + TOKEN).statusCode(), path);
        }
    }

    @Test
    void aClientCertificateOfTheCaIsAccepted() throws Exception {
        HttpClient client = client(TestCertificates.presenting(serving, certificates.clientKey, certificates.client));
        HttpResponse<String> r = send(client, "/healthz", null);
        assertEquals(200, r.statusCode());
        assertEquals("ok", r.body().strip());
    }

    @Test
    void aClientCertificateOfAnotherIssuerIsRefused() throws Exception {
        HttpClient client =
                client(TestCertificates.presenting(serving, certificates.strangerKey, certificates.stranger));
        try {
            assertEquals(401, send(client, "/healthz", null).statusCode());
        } catch (IOException refusedInTheHandshake) {
            // Jetty's TLS layer, which trusts the client CA only, may refuse it before any request: refused as well.
        }
    }

    @Test
    void pathsOutsideTheKubeletApiAreNotServed() throws Exception {
        assertEquals(
                404,
                send(tokenClient(), "/orchard/api/v1/providers", "Bearer " + TOKEN)
                        .statusCode());
    }

    @Test
    void anotherBundlesContextAndServletForEveryServerAreNotServedHere() throws Exception {
        // As the Web Console registers: a servlet context of its own and a servlet in it, targeting no server, so on
        // every one. The kubelet's server answers 404 there, with the kubelet's token or without any.
        Dictionary<String, Object> helper = new Hashtable<>();
        helper.put("osgi.http.whiteboard.context.name", "foreign");
        helper.put("osgi.http.whiteboard.context.path", "/foreign");
        Dictionary<String, Object> servlet = new Hashtable<>();
        servlet.put("osgi.http.whiteboard.context.select", "(osgi.http.whiteboard.context.name=foreign)");
        servlet.put("osgi.http.whiteboard.servlet.pattern", "/*");
        Dictionary<String, Object> root = new Hashtable<>();
        root.put("osgi.http.whiteboard.servlet.pattern", "/*");
        HttpServlet answer = new HttpServlet() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
                response.getWriter().write("served");
            }
        };
        List<ServiceRegistration<?>> registered = new ArrayList<>();
        try {
            registered.add(context.registerService(ServletContextHelper.class, new ServletContextHelper() {}, helper));
            registered.add(context.registerService(Servlet.class, answer, servlet));
            registered.add(context.registerService(Servlet.class, answer, root));
            Thread.sleep(500); // the whiteboard registers them asynchronously; the gate must hold all along
            for (String path : new String[] {"/foreign/bundles.json", "/anything", "/containerLogs/../foreign/x"}) {
                assertEquals(404, send(tokenClient(), path, "Bearer " + TOKEN).statusCode(), path);
                assertEquals(404, send(tokenClient(), path, null).statusCode(), path);
            }
            assertEquals("ok", get("/healthz").strip(), "the kubelet's own paths are still its servlets'");
        } finally {
            registered.forEach(ServiceRegistration::unregister);
        }
    }

    @Test
    void methodsTheKubeletDoesNotUseAreRefused() throws Exception {
        for (String method : new String[] {"TRACE", "PUT", "DELETE", "OPTIONS"}) {
            HttpResponse<String> r = tokenClient()
                    .send(
                            HttpRequest.newBuilder(bridge.https("/healthz"))
                                    .method(method, HttpRequest.BodyPublishers.noBody())
                                    .header("Authorization", "Bearer " + TOKEN)
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertEquals(405, r.statusCode(), method + ": " + r.body());
            assertFalse(r.body().contains(TOKEN), method + " echoes nothing: " + r.body());
        }
    }

    @Test
    void logsWithEachOption() throws Exception {
        String logs = "/containerLogs/default/web/main";
        assertEquals("one\ntwo\nthree\n", get(logs));
        assertEquals("three\n", get(logs + "?tailLines=1"));
        assertEquals("two\nthree\n", get(logs + "?tailLines=2"));
        assertEquals("one\n", get(logs + "?limitBytes=4"));
        for (String line : get(logs + "?timestamps=true").split("\n")) {
            assertTrue(STAMPED.matcher(line).matches(), line);
        }
        assertEquals("one\ntwo\nthree\n", get(logs + "?sinceSeconds=86400"));
        assertEquals("", get(logs + "?sinceTime=2999-01-01T00:00:00Z"));
        assertEquals("one\ntwo\nthree\n", get(logs + "?sinceTime=2000-01-01T00:00:00Z"));
        assertEquals("one\ntwo\nthree\n", get(logs + "?follow=true"));
        // The mock never restarts a container: no previous log, as the kubelet answers 404 then.
        assertEquals(
                404,
                send(tokenClient(), logs + "?previous=true", "Bearer " + TOKEN).statusCode());
        assertEquals(
                400,
                send(tokenClient(), logs + "?tailLines=many", "Bearer " + TOKEN).statusCode());
        assertEquals(
                400,
                send(tokenClient(), logs + "?sinceSeconds=5&sinceTime=2000-01-01T00:00:00Z", "Bearer " + TOKEN)
                        .statusCode());
        assertEquals(
                404,
                send(tokenClient(), "/containerLogs/default/web/other", "Bearer " + TOKEN)
                        .statusCode());
    }

    @Test
    void statsInTheSummaryShape() throws Exception {
        JsonNode summary = JSON.readTree(get("/stats/summary"));
        assertEquals(NODE, summary.path("node").path("nodeName").asText());
        assertTrue(summary.path("node").path("cpu").has("usageNanoCores"), summary.toString());
        assertTrue(summary.path("node").path("memory").has("workingSetBytes"), summary.toString());
        JsonNode web = null;
        for (JsonNode pod : summary.path("pods")) {
            if (pod.path("podRef").path("name").asText().equals("web")) {
                web = pod;
            }
        }
        assertTrue(web != null, summary.toString());
        assertEquals("default", web.path("podRef").path("namespace").asText());
        assertTrue(web.path("cpu").has("usageNanoCores"), web.toString());
        assertTrue(web.path("memory").has("workingSetBytes"), web.toString());
        assertEquals("main", web.path("containers").path(0).path("name").asText(), web.toString());
    }

    @Test
    void podsAsTheProviderRunsThem() throws Exception {
        JsonNode list = JSON.readTree(get("/pods"));
        assertEquals("PodList", list.path("kind").asText());
        JsonNode web = null;
        for (JsonNode pod : list.path("items")) {
            if (pod.path("metadata").path("name").asText().equals("web")) {
                web = pod;
            }
        }
        assertTrue(web != null, list.toString());
        assertEquals(NODE, web.path("spec").path("nodeName").asText());
        assertEquals(
                "busybox",
                web.path("spec").path("containers").path(0).path("image").asText());
        assertNotEquals("", web.path("status").path("phase").asText(), web.toString());
    }

    @Test
    void execReportsItsExitCodeOnTheErrorChannel() throws Exception {
        ExecClient exec = ExecClient.connect(
                tokenClient(),
                wss("/exec/default/web/main?command=sh&command=-c&command=echo%20out%3B%20exit%203"
                        + "&stdout=1&stderr=1"),
                "Bearer " + TOKEN,
                "v5.channel.k8s.io");
        assertEquals("v5.channel.k8s.io", exec.subprotocol());
        var channels = exec.awaitEnd();
        assertEquals("out\n", channels.get(1));
        JsonNode status = JSON.readTree(channels.get(3));
        assertEquals("Failure", status.path("status").asText(), status.toString());
        assertEquals("NonZeroExitCode", status.path("reason").asText(), status.toString());
        assertEquals(
                "ExitCode",
                status.path("details").path("causes").path(0).path("reason").asText());
        assertEquals(
                "3",
                status.path("details").path("causes").path(0).path("message").asText());
    }

    @Test
    void execOverV4SucceedsWithItsOutput() throws Exception {
        ExecClient exec = ExecClient.connect(
                tokenClient(),
                wss("/exec/default/web/main?command=echo&command=hello&stdout=1"),
                "Bearer " + TOKEN,
                "v4.channel.k8s.io");
        assertEquals("v4.channel.k8s.io", exec.subprotocol());
        var channels = exec.awaitEnd();
        assertEquals("hello\n", channels.get(1));
        assertEquals("Success", JSON.readTree(channels.get(3)).path("status").asText());
    }

    @Test
    void execTakesStdinAndItsCloseSignal() throws Exception {
        // The mock provider's shell reads no stdin: what is checked is that input and v5's close signal are taken
        // while the command runs, and that the exec still ends with its status.
        ExecClient exec = ExecClient.connect(
                tokenClient(),
                wss("/exec/default/web/main?command=true&stdin=1&stdout=1"),
                "Bearer " + TOKEN,
                "v5.channel.k8s.io");
        try {
            exec.send(0, "input\n");
            exec.closeStdin();
        } catch (Exception endedFirst) {
            // the command may end before the input arrives: the server then closed already
        }
        assertEquals(
                "Success", JSON.readTree(exec.awaitEnd().get(3)).path("status").asText());
    }

    @Test
    void execWithoutCredentialsOrSubprotocolIsRefused() throws Exception {
        URI uri = wss("/exec/default/web/main?command=true&stdout=1");
        assertRefused(() -> ExecClient.connect(tokenClient(), uri, "Bearer not-" + TOKEN, "v5.channel.k8s.io"));
        assertRefused(() -> ExecClient.connect(tokenClient(), uri, "Bearer " + TOKEN, "v3.channel.k8s.io"));
    }

    private static void assertRefused(java.util.concurrent.Callable<ExecClient> connect) {
        try {
            connect.call();
        } catch (Exception refused) {
            return;
        }
        throw new AssertionError("the WebSocket handshake was accepted");
    }

    private static String get(String path) throws Exception {
        HttpResponse<String> r = send(tokenClient(), path, "Bearer " + TOKEN);
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return r.body();
    }

    private static HttpClient tokenClient() {
        return bridge.tokenClient();
    }

    private static HttpClient client(SSLContext ssl) {
        return BridgeInstance.client(ssl);
    }

    private static HttpResponse<String> send(HttpClient client, String path, String authorization)
            throws IOException, InterruptedException {
        return bridge.send(client, path, authorization);
    }

    private static URI wss(String path) {
        return bridge.wss(path);
    }
}
