package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Credentials in a provider's configuration never show: a kubeconfig whose token line does not parse, and a
 * {@code master.url} with {@code user:password@}, installed with the Kubernetes provider and the HTTP add-on through
 * deploy/. Neither the token nor the password is in {@code orchard:provider}, in an Unavailable error of a call, in
 * the HTTP API's answers, or anywhere in the runtime's output (its log included). Nor does a secret that a provider's
 * own failures carry (an Orchard error, a runtime exception, a checked one thrown sneakily) show in the HTTP API's
 * answers, {@code -c}'s output, {@code /metrics}, or the log.
 */
class SecretsNeverShownIT {
    private static final String TOKEN = "kubeconfig-Token-" + Long.toHexString(new SecureRandom().nextLong());
    private static final String PASSWORD = "url-Password-" + Long.toHexString(new SecureRandom().nextLong());
    private static final String PROVIDER_SECRET = "provider-S3cret-" + Long.toHexString(new SecureRandom().nextLong());
    private static final String API_TOKEN = "api-Token-" + Long.toHexString(new SecureRandom().nextLong());
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path folder;

    @Test
    void aBrokenKubeconfigTokenAndAUrlPasswordAreNeverShown() throws Exception {
        int httpPort = AddOns.freePort();
        int closed = AddOns.freePort(); // nothing listens: every call is Unavailable
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            Path deploy = folder.resolve("deploy");
            AddOns.write(deploy.resolve("org.apache.felix.http.cfg"), "org.osgi.service.http.port=" + httpPort + "\n");
            Path apiToken = AddOns.secretFile(folder.resolve("secrets/api-token"), API_TOKEN);
            AddOns.write(deploy.resolve("dev.orchard.http.cfg"), "token.file=" + apiToken.toAbsolutePath() + "\n");
            AddOns.install(folder, AddOns.deployJars("orchard-http-", "orchard-provider-kubernetes-"));
            AddOns.write(folder.resolve("kubeconfig.yaml"), """
                    apiVersion: v1
                    kind: Config
                    current-context: dev
                    clusters:
                    - name: dev
                      cluster:
                        server: https://127.0.0.1:%d
                    contexts:
                    - name: dev
                      context:
                        cluster: dev
                        user: dev
                    users:
                    - name: dev
                      user:
                        token: "%s: {[
                    """.formatted(closed, TOKEN));
            AddOns.write(deploy.resolve("dev.orchard.provider.kubernetes~leaky.cfg"), "kubeconfig=kubeconfig.yaml\n");
            AddOns.write(
                    deploy.resolve("dev.orchard.provider.kubernetes~pw.cfg"),
                    "master.url=https://admin:" + PASSWORD + "@127.0.0.1:" + closed + "\nrequest.timeout.ms=1000\n");

            await(orchard, "orchard:providers", out -> row(out, "leaky", "FAILED") && row(out, "pw", "ACTIVE"));
            String leaky = orchard.run("orchard:provider leaky");
            assertTrue(leaky.contains("is not a kubeconfig"), leaky);
            assertNoSecret("orchard:provider leaky", leaky);
            for (int i = 0; i < 2; i++) {
                String unavailable = orchard.runFailing("orchard:volumes pw");
                assertTrue(unavailable.startsWith("Unavailable"), unavailable);
                assertTrue(unavailable.contains("127.0.0.1:" + closed), "where it is, still: " + unavailable);
                assertNoSecret("orchard:volumes pw", unavailable);
            }

            String api = "http://127.0.0.1:" + httpPort + "/orchard/api/v1";
            HttpResponse<String> provider = awaitHttp(api + "/providers/leaky");
            assertEquals(200, provider.statusCode(), provider.body());
            assertTrue(provider.body().contains("is not a kubeconfig"), provider.body());
            assertNoSecret("GET /providers/leaky", provider.body());
            HttpResponse<String> providers = get(api + "/providers");
            assertNoSecret("GET /providers", providers.body());
            HttpResponse<String> volumes = get(api + "/orchestrators/pw/volumes");
            assertEquals(503, volumes.statusCode(), volumes.body());
            assertNoSecret("GET /orchestrators/pw/volumes", volumes.body());
            HttpResponse<String> metrics = get("http://127.0.0.1:" + httpPort + "/metrics");
            assertNoSecret("GET /metrics", metrics.body());

            orchard.type("stop 0");
            orchard.waitFor(30);
            orchard.drained();
            assertNoSecret("the runtime's output", orchard.stdout());
            assertNoSecret("the runtime's log", orchard.stderr());
        }
    }

    @Test
    void aSecretInAProvidersFailureIsShownNowhere() throws Exception {
        int httpPort = AddOns.freePort();
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            Path deploy = folder.resolve("deploy");
            AddOns.write(deploy.resolve("org.apache.felix.http.cfg"), "org.osgi.service.http.port=" + httpPort + "\n");
            Path apiToken = AddOns.secretFile(folder.resolve("secrets/api-token"), API_TOKEN);
            AddOns.write(deploy.resolve("dev.orchard.http.cfg"), "token.file=" + apiToken.toAbsolutePath() + "\n");
            AddOns.install(folder, AddOns.deployJars("orchard-http-"));
            Path staged = folder.resolve("leaky-provider.jar");
            Files.write(staged, LeakyBundle.jar(PROVIDER_SECRET));
            Files.move(staged, deploy.resolve("leaky-provider.jar"), StandardCopyOption.ATOMIC_MOVE);
            String api = "http://127.0.0.1:" + httpPort + "/orchard/api/v1";
            String pods = api + "/pod-providers/leaky";
            assertEquals(200, awaitHttp(api + "/providers/leaky").statusCode());

            // HTTP: an Orchard error keeps its message, redacted; any other failure is a 500 or a provider fault.
            HttpResponse<String> list = get(pods + "/pods");
            assertEquals(503, list.statusCode(), list.body());
            assertTrue(list.body().contains("https://***@127.0.0.9:6443/api"), "where, still: " + list.body());
            assertNoProviderSecret("GET /pod-providers/leaky/pods", list.body());
            HttpResponse<String> node = get(pods + "/node");
            assertTrue(node.body().contains("the provider threw java.io.IOException"), node.body());
            assertNoProviderSecret("GET /pod-providers/leaky/node", node.body());
            for (String path : List.of("/pods/default/web", "/stats")) {
                HttpResponse<String> r = get(pods + path);
                assertEquals(500, r.statusCode(), r.body());
                assertNoProviderSecret("GET /pod-providers/leaky" + path, r.body());
            }
            HttpResponse<String> metrics = get("http://127.0.0.1:" + httpPort + "/metrics");
            assertEquals(200, metrics.statusCode());
            assertTrue(metrics.body().contains("provider=\"leaky\""), "leaky was counted: " + metrics.body());
            assertNoProviderSecret("GET /metrics", metrics.body());

            // The shell, one command at a time (-c) and at the console.
            Path socket = folder.resolve(".orchard/socket");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(socket) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            for (String command : List.of("orchard:pods leaky", "orchard:node leaky", "orchard:stats leaky")) {
                OrchardProcess.Ended ended = OrchardProcess.once(folder, "-c", command);
                assertEquals(1, ended.status(), command + ": " + ended);
                assertFalse(ended.stderr().isBlank(), command + " says why: " + ended);
                assertNoProviderSecret("-c " + command + " (stdout)", ended.stdout());
                assertNoProviderSecret("-c " + command + " (stderr)", ended.stderr());
            }
            assertNoProviderSecret("orchard:stats leaky at the console", orchard.run("orchard:stats leaky"));

            orchard.type("stop 0");
            orchard.waitFor(30);
            orchard.drained();
            assertNoProviderSecret("the runtime's output", orchard.stdout());
            assertNoProviderSecret("the runtime's log", orchard.stderr());
            assertTrue(
                    orchard.stderr().contains("GET /orchard/api/v1/pod-providers/leaky/stats failed"),
                    "the 500 was logged: " + orchard.stderr());
        }
    }

    private static void assertNoProviderSecret(String where, String text) {
        assertFalse(text.contains(PROVIDER_SECRET), where + " shows the provider's secret:\n" + text);
    }

    private static void assertNoSecret(String where, String text) {
        assertFalse(text.contains(TOKEN), where + " shows the kubeconfig's token:\n" + text);
        assertFalse(text.contains(PASSWORD), where + " shows the URL's password:\n" + text);
    }

    private static HttpResponse<String> get(String uri) throws IOException, InterruptedException {
        return CLIENT.send(
                HttpRequest.newBuilder(URI.create(uri))
                        .timeout(Duration.ofSeconds(20))
                        .header("Authorization", "Bearer " + API_TOKEN)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> awaitHttp(String uri) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (true) {
            try {
                HttpResponse<String> r = get(uri);
                if (r.statusCode() != 404 || System.nanoTime() > deadline) {
                    return r;
                }
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
            }
            Thread.sleep(250);
        }
    }

    private static String await(OrchardProcess orchard, String command, Predicate<String> condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        String out;
        while (!condition.test(out = orchard.run(command))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(command + " never matched; last:\n" + out);
            }
            Thread.sleep(250);
        }
        return out;
    }

    private static boolean row(String providers, String name, String state) {
        return providers.lines().anyMatch(l -> l.matches(name + "\\s+\\S+\\s+" + state + "\\s.*"));
    }
}
