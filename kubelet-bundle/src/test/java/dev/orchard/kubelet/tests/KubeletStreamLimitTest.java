package dev.orchard.kubelet.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.kubelet.internal.Await;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/**
 * Every long-lived stream the kubelet API answers, a log (followed or not) or an exec session, holds one slot of
 * the server's bound (a quarter of its 200 threads: 50) until it ends or its client goes; the next is refused 503
 * with Retry-After, before its provider is asked, and the slots come back when clients leave. A log asked for with
 * a body is refused 400, since its client's hang-up could not be watched.
 */
class KubeletStreamLimitTest {
    private static final String NODE = "limit-node";
    private static final String TOKEN = BridgeInstance.TOKEN;
    private static final int LIMIT = 50;
    private static final int EXECS = 5;

    @InjectBundleContext
    static BundleContext context;

    @InjectService(timeout = 20_000)
    static ConfigurationAdmin configurations;

    private static final HoldingPods holding = new HoldingPods();
    private static ServiceRegistration<PodProvider> provider;
    private static BridgeInstance bridge;
    private static SSLContext ssl;

    @BeforeAll
    static void startBridge() throws Exception {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, "holding");
        provider = context.registerService(PodProvider.class, holding, props);
        bridge = BridgeInstance.start(context, configurations, NODE, "holding", Map.of());
        ssl = TestCertificates.anonymous(bridge.serving());
    }

    @AfterAll
    static void stopBridge() throws Exception {
        try {
            if (bridge != null) {
                bridge.close();
            }
        } finally {
            provider.unregister();
        }
    }

    @Test
    void logsAndExecSessionsShareTheServersBoundAndGiveTheirSlotsBack() throws Exception {
        List<SSLSocket> logs = new ArrayList<>();
        List<ExecClient> execs = new ArrayList<>();
        try {
            for (int i = 0; i < LIMIT - EXECS; i++) {
                SSLSocket s = log(i % 2 == 0 ? "" : "?follow=true");
                logs.add(s);
                assertEquals("HTTP/1.1 200 OK", line(s), "log " + i);
            }
            for (int i = 0; i < EXECS; i++) {
                execs.add(exec());
            }
            Await.until("the execs to run", () -> holding.execsRunning.get() == EXECS);
            assertEquals(LIMIT - EXECS, holding.logsOpen.get());

            SSLSocket refusedLog = log("");
            logs.add(refusedLog);
            String status = line(refusedLog);
            assertTrue(status.startsWith("HTTP/1.1 503"), "a 51st stream, a plain log: " + status);
            assertTrue(head(refusedLog).contains("retry-after:"), "503 with Retry-After");
            int refusedExec = refusedStatus(() -> exec());
            assertEquals(503, refusedExec, "a 51st stream, an exec");
            assertEquals(LIMIT - EXECS, holding.logsOpened.get(), "a refused log never reached the provider");
            assertEquals(EXECS, holding.execsStarted.get(), "a refused exec never reached the provider");
            HttpResponse<String> pods = bridge.send(bridge.tokenClient(), "/pods", "Bearer " + TOKEN);
            assertEquals(200, pods.statusCode(), "the kubelet API answers while 50 streams run");
        } finally {
            for (SSLSocket s : logs) {
                s.close();
            }
            for (ExecClient e : execs) {
                e.abort();
            }
        }
        Await.until("every log to be closed", () -> holding.logsOpen.get() == 0);
        Await.until("every exec to end", () -> holding.execsRunning.get() == 0);
        // Every slot is back: as many streams as before are served again.
        List<SSLSocket> again = new ArrayList<>();
        try {
            for (int i = 0; i < LIMIT; i++) {
                SSLSocket s = log("?follow=true");
                again.add(s);
                assertEquals("HTTP/1.1 200 OK", line(s), "after the clients left, log " + i);
            }
        } finally {
            for (SSLSocket s : again) {
                s.close();
            }
        }
        Await.until("every log to be closed", () -> holding.logsOpen.get() == 0);
    }

    @Test
    void aLogAskedForWithABodyIsRefusedBeforeAnythingStreams() throws Exception {
        int before = holding.logsOpened.get();
        HttpClient client = BridgeInstance.client(ssl);
        for (String query : new String[] {"", "?follow=true"}) {
            HttpResponse<String> r = client.send(
                    HttpRequest.newBuilder(bridge.https("/containerLogs/default/p/c" + query))
                            .version(HttpClient.Version.HTTP_1_1)
                            .timeout(Duration.ofSeconds(20))
                            .header("Authorization", "Bearer " + TOKEN)
                            .method("GET", HttpRequest.BodyPublishers.ofString("{}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(400, r.statusCode(), query + ": " + r.body());
            assertTrue(r.body().contains("without a body"), r.body());
        }
        assertEquals(before, holding.logsOpened.get(), "no log was opened");
    }

    private static SSLSocket log(String query) throws IOException {
        URI uri = bridge.https("/containerLogs/default/p/c" + query);
        SSLSocket s = (SSLSocket) ssl.getSocketFactory().createSocket(uri.getHost(), uri.getPort());
        s.setSoTimeout(20_000);
        String head = "GET " + uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())
                + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort() + "\r\nAuthorization: Bearer " + TOKEN
                + "\r\n\r\n";
        s.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
        s.getOutputStream().flush();
        return s;
    }

    private static ExecClient exec() throws Exception {
        return ExecClient.connect(
                BridgeInstance.client(ssl),
                bridge.wss("/exec/default/p/c?command=wait&stdout=1"),
                "Bearer " + TOKEN,
                "v5.channel.k8s.io");
    }

    private static int refusedStatus(java.util.concurrent.Callable<ExecClient> connect) {
        try {
            ExecClient accepted = connect.call();
            accepted.abort();
        } catch (Exception e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof WebSocketHandshakeException h) {
                    return h.getResponse().statusCode();
                }
            }
            throw new AssertionError("the exec failed otherwise than by a refused handshake", e);
        }
        throw new AssertionError("the exec beyond the bound was accepted");
    }

    private static String line(SSLSocket s) throws IOException {
        InputStream in = s.getInputStream();
        StringBuilder line = new StringBuilder();
        for (int c; (c = in.read()) >= 0 && c != '\n'; ) {
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    private static String head(SSLSocket s) throws IOException {
        StringBuilder head = new StringBuilder();
        for (String l; !(l = line(s)).isEmpty(); ) {
            head.append(l.toLowerCase(Locale.ROOT)).append('\n');
        }
        return head.toString();
    }
}
