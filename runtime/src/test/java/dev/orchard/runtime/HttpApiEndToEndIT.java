package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTTP add-on installed as a user installs it: its {@code target/deploy/} and Felix HTTP's own
 * {@code org.apache.felix.http.cfg} copied into a running runtime's {@code deploy/}, then the API driven with a
 * plain HTTP client: providers, a volume on the mock, and a pod on the local provider whose log holds what its
 * process printed; then maya's volume paths with the requests maya's CLI sends, each with the bearer token the
 * add-on made in {@code .orchard/http/token}. The runtime jar itself holds no HTTP bundle.
 */
class HttpApiEndToEndIT {
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    // The add-on's token once read from its file; every request then sends it, as an operator's script does.
    private static volatile String token;

    @TempDir
    Path folder;

    @Test
    void theDeployFolderServesTheApiOnLoopback() throws Exception {
        token = null;
        int port = freePort();
        String api = "http://127.0.0.1:" + port + "/orchard/api/v1";
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            assertTrue(!orchard.run("lb").contains("Jetty"), "the runtime itself holds no HTTP bundle");
            Path deploy = folder.resolve("deploy");
            write(
                    deploy.resolve("org.apache.felix.http.cfg"),
                    ("org.osgi.service.http.port=" + port + "\n").getBytes(StandardCharsets.ISO_8859_1));
            for (Path jar : deployFolderJars()) {
                write(deploy.resolve(jar.getFileName().toString()), Files.readAllBytes(jar));
            }

            // Authentication is on by default, on loopback too: the add-on made a token, said where, and wants it.
            HttpResponse<String> unauthorized = await(api + "/providers", r -> r.statusCode() == 401);
            assertTrue(unauthorized.body().contains("UNAUTHORIZED"), unauthorized.body());
            Path tokenFile = folder.resolve(".orchard/http/token");
            orchard.awaitOutput(tokenFile.toString(), 30);
            token = Files.readString(tokenFile).strip();
            assertTrue(!orchard.stderr().contains(token) && !orchard.stdout().contains(token), "never logged");

            HttpResponse<String> providers = await(api + "/providers", r -> r.statusCode() == 200);
            assertTrue(providers.body().contains("\"name\":\"mock\""), providers.body());
            assertTrue(providers.body().contains("\"name\":\"local\""), providers.body());

            HttpResponse<String> volume =
                    post(api + "/orchestrators/mock/volumes", "{\"name\":\"data\",\"capacity\":\"10Mi\"}");
            assertEquals(201, volume.statusCode(), volume.body());
            assertTrue(volume.body().contains("\"capacity\":\"10Mi\""), volume.body());
            assertEquals(
                    200, get(api + "/orchestrators/mock/volumes/default/data").statusCode());
            assertEquals(
                    409,
                    post(api + "/orchestrators/mock/volumes", "{\"name\":\"data\",\"capacity\":\"10Mi\"}")
                            .statusCode());
            assertEquals(
                    204,
                    delete(api + "/orchestrators/mock/volumes/default/data").statusCode());

            HttpResponse<String> pod = post(
                    api + "/pod-providers/local/pods",
                    "{\"metadata\":{\"name\":\"hello\",\"namespace\":\"default\"},"
                            + "\"spec\":{\"containers\":[{\"name\":\"main\",\"command\":[\"echo\",\"hello\"]}]}}");
            assertEquals(201, pod.statusCode(), pod.body());
            HttpResponse<String> logs = await(
                    api + "/pod-providers/local/pods/default/hello/logs/main",
                    r -> r.statusCode() == 200 && r.body().equals("hello\n"));
            assertEquals(
                    "text/plain;charset=utf-8",
                    logs.headers().firstValue("Content-Type").orElse("").replace(" ", ""));
            assertEquals(
                    204, delete(api + "/pod-providers/local/pods/default/hello").statusCode());
            HttpResponse<String> gone = get(api + "/pod-providers/local/pods/default/hello");
            assertEquals(404, gone.statusCode(), gone.body());
            assertTrue(gone.body().startsWith("{\"category\":\"NOT_FOUND\""), gone.body());

            // maya's CLI (pkg/client/mapiserver) against /latest/volumes/, on the default orchestrator: local.
            String maya = "http://127.0.0.1:" + port + "/latest/volumes/";
            HttpResponse<String> mayaCreated = post(
                    maya,
                    "{\"metadata\":{\"name\":\"maya-vol\",\"namespace\":\"default\",\"creationTimestamp\":null},"
                            + "\"spec\":{\"capacity\":\"1G\",\"iqn\":\"\",\"targetPortal\":\"\",\"targetIP\":\"\","
                            + "\"targetPort\":\"\",\"replicas\":\"\",\"casType\":\"\",\"fsType\":\"\",\"lun\":0,"
                            + "\"accessMode\":\"\"},\"cloneSpec\":{},\"status\":{\"Phase\":\"\",\"Message\":\"\","
                            + "\"Reason\":\"\"}}");
            assertEquals(200, mayaCreated.statusCode(), mayaCreated.body());
            assertTrue(get(maya).body().contains("\"maya-vol\""));
            assertTrue(orchard.run("orchard:volumes local").contains("maya-vol"), "the local provider holds it");
            HttpResponse<String> mayaInfo = send(HttpRequest.newBuilder(URI.create(maya + "maya-vol"))
                    .header("namespace", "default")
                    .GET());
            assertEquals(200, mayaInfo.statusCode(), mayaInfo.body());
            HttpResponse<String> mayaDeleted = send(HttpRequest.newBuilder(URI.create(maya + "maya-vol"))
                    .header("namespace", "default")
                    .DELETE());
            assertEquals(200, mayaDeleted.statusCode(), mayaDeleted.body());

            orchard.type("stop 0");
            assertEquals(0, orchard.waitFor(30));
        }
    }

    // The add-on's deploy folder, beside its jar on the test's class path.
    private static List<Path> deployFolderJars() throws IOException {
        Path http = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of)
                .filter(p -> p.getFileName().toString().startsWith("orchard-http-"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("orchard-http is not on the test's class path"));
        try (Stream<Path> jars = Files.list(http.resolveSibling("deploy"))) {
            List<Path> all =
                    jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
            assertTrue(all.stream().anyMatch(p -> p.getFileName().toString().contains("jetty12")), all::toString);
            return all;
        }
    }

    private static HttpResponse<String> await(String uri, Predicate<HttpResponse<String>> condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            HttpResponse<String> r = null;
            try {
                r = get(uri);
                if (condition.test(r)) {
                    return r;
                }
            } catch (IOException e) {
                // not listening yet: FileInstall is still installing the add-on
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(uri + " never answered as expected; last: "
                        + (r == null ? "no connection" : r.statusCode() + " " + r.body()));
            }
            Thread.sleep(100);
        }
    }

    private static HttpResponse<String> get(String uri) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(uri)).GET());
    }

    private static HttpResponse<String> delete(String uri) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(uri)).DELETE());
    }

    private static HttpResponse<String> post(String uri, String json) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(uri))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        String bearer = token;
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        return CLIENT.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    // Writes a file into deploy/ whole: FileInstall never reads it half-written.
    private static void write(Path file, byte[] content) throws IOException {
        Files.createDirectories(file.getParent());
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.write(partial, content);
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
