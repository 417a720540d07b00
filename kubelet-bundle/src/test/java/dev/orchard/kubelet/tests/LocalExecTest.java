package dev.orchard.kubelet.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.kubelet.internal.Await;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/**
 * Exec through a bridge over the local provider, where a command is a real process: stdin sent on channel 0 reaches
 * it and v5's close signal ends its input, and its exit code comes back on the error channel.
 */
class LocalExecTest {
    private static final String NODE = "local-api-node";
    private static final String AUTH = "Bearer " + BridgeInstance.TOKEN;
    private static final ObjectMapper JSON = new ObjectMapper();

    @InjectBundleContext
    static BundleContext context;

    @InjectService(timeout = 20_000)
    static ConfigurationAdmin configurations;

    @InjectService(timeout = 20_000)
    static PodProviderRegistry pods;

    private static BridgeInstance bridge;

    @BeforeAll
    static void startBridge() throws Exception {
        Await.until("the local provider", () -> pods.exists("local"));
        // The local provider keeps its pods across framework runs (target/data/pods) and adopts them at start: a
        // pod left by a killed run would be reconciled away under this test's exec.
        removeShellPod();
        bridge = BridgeInstance.start(context, configurations, NODE, "local", Map.of());
        bridge.cluster().create("api/v1/namespaces/default/pods", """
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"shell","namespace":"default"},
                 "spec":{"nodeName":"%s","terminationGracePeriodSeconds":1,"containers":[{"name":"main",
                   "image":"busybox","command":["sh","-c","exec sleep 3600"]}]}}
                """.formatted(NODE));
        // Running, not merely known: an exec joins the pod's process group, which exists once its process runs.
        Await.until(
                "the pod to run on the local provider",
                () -> pods.call("local", pr -> pr.getPods()).stream()
                        .anyMatch(pod ->
                                pod.name().equals("shell") && pod.status().phase() == PodPhase.RUNNING));
    }

    @AfterAll
    static void stopBridge() throws Exception {
        if (bridge != null) {
            bridge.close();
        }
        // The bridge leaves its pods running on the provider when it stops, as a kubelet does: this one must not
        // outlive the test (it would be adopted by the next run, e.g. the build's next JDK).
        removeShellPod();
    }

    private static void removeShellPod() {
        pods.call("local", pr -> {
            pr.getPods().stream()
                    .filter(pod ->
                            pod.namespace().equals("default") && pod.name().equals("shell"))
                    .forEach(pod -> pr.deletePod("default", "shell"));
            return null;
        });
        Await.until(
                "the shell pod to be gone from the local provider",
                () -> pods.call("local", pr -> pr.getPods()).stream()
                        .noneMatch(pod ->
                                pod.namespace().equals("default") && pod.name().equals("shell")));
    }

    @Test
    void stdinReachesTheProcessAndTheCloseSignalEndsIt() throws Exception {
        ExecClient exec = ExecClient.connect(
                bridge.tokenClient(),
                bridge.wss("/exec/default/shell/main?command=cat&stdin=1&stdout=1&stderr=1"),
                AUTH,
                "v5.channel.k8s.io");
        exec.send(0, "first line\n");
        exec.send(0, "second line\n");
        exec.closeStdin();
        Map<Integer, String> channels = exec.awaitEnd();
        assertEquals("first line\nsecond line\n", channels.get(1), channels.toString());
        assertEquals("Success", JSON.readTree(channels.get(3)).path("status").asText(), channels.toString());
    }

    @Test
    void aRealExitCodeComesBackAsTheKubeletReportsIt() throws Exception {
        ExecClient exec = ExecClient.connect(
                bridge.tokenClient(),
                bridge.wss("/exec/default/shell/main?command=sh&command=-c&command=echo%20oops%20%3E%262%3B%20exit%207"
                        + "&stdout=1&stderr=1"),
                AUTH,
                "v4.channel.k8s.io");
        Map<Integer, String> channels = exec.awaitEnd();
        assertEquals("oops\n", channels.get(2));
        JsonNode status = JSON.readTree(channels.get(3));
        assertEquals("NonZeroExitCode", status.path("reason").asText(), status.toString());
        assertEquals(
                "7",
                status.path("details").path("causes").path(0).path("message").asText());
    }

    @Test
    void anExecWhoseClientGoesEndsItsCommandAndItsThread() throws Exception {
        ExecClient exec = ExecClient.connect(
                bridge.tokenClient(),
                bridge.wss("/exec/default/shell/main?command=sleep&command=600&stdout=1&stderr=1"),
                AUTH,
                "v5.channel.k8s.io");
        Await.until("the exec to run", () -> threads("orchard-kubelet-exec-shell") == 1);
        exec.abort();
        within(5, "the exec's thread to end", () -> threads("orchard-kubelet-exec-shell") == 0);
    }

    @Test
    void aQuietFollowWhoseClientGoesEndsAndGivesBackItsThread() throws Exception {
        java.net.URI uri = bridge.wss("/containerLogs/default/shell/main?follow=true");
        javax.net.ssl.SSLSocket socket = (javax.net.ssl.SSLSocket)
                bridge.tokenClient().sslContext().getSocketFactory().createSocket(uri.getHost(), uri.getPort());
        socket.setSoTimeout(10_000);
        socket.getOutputStream()
                .write(("GET " + uri.getRawPath() + "?" + uri.getRawQuery() + " HTTP/1.1\r\nHost: " + uri.getHost()
                                + ":" + uri.getPort() + "\r\nAuthorization: " + AUTH + "\r\n\r\n")
                        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
        Await.until("the follow to wait for output", () -> copying() == 1);
        socket.close();
        within(5, "the follow's thread to be given back", () -> copying() == 0);
    }

    private static void within(int seconds, String what, java.util.function.BooleanSupplier condition)
            throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + seconds + " s: " + what);
            }
            Thread.sleep(20);
        }
    }

    private static long threads(String name) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals(name) && t.isAlive())
                .count();
    }

    // Threads copying a log to a client: the kubelet API's containerLogs answers through ClientCopy.
    private static long copying() {
        return Thread.getAllStackTraces().values().stream()
                .filter(stack -> java.util.Arrays.stream(stack)
                        .anyMatch(f -> f.getClassName().equals("dev.orchard.http.streaming.ClientCopy")
                                || f.getClassName().equals("dev.orchard.kubelet.api.LogsServlet")))
                .count();
    }
}
