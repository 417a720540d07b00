package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import javax.net.SocketFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 200 followed logs of a quiet local pod ({@code sleep 600}) through the HTTP add-on installed from its deploy folder,
 * dropped abruptly by raw clients (half close, half reset, as killed processes do): the runtime's threads and open
 * descriptors are back within 10% of what they were within 10 s, and {@code /metrics} and the API answer throughout,
 * while the follows are open too. The API is called with a bearer token from a 0600 file, as it is configured where
 * a token is required.
 */
class DroppedFollowsEndToEndIT {
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path folder;

    private String token;
    private int port;

    @Test
    void droppedFollowsGiveBackTheirThreadsAndDescriptors() throws Exception {
        port = freePort();
        token = UUID.randomUUID().toString();
        String api = "http://127.0.0.1:" + port + "/orchard/api/v1";
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            Path tokenFile = folder.resolve("api.token");
            Files.writeString(tokenFile, token + "\n");
            Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("rw-------"));
            Path deploy = folder.resolve("deploy");
            write(deploy.resolve("dev.orchard.http.cfg"), "token.file=" + tokenFile + "\n");
            write(deploy.resolve("org.apache.felix.http.cfg"), "org.osgi.service.http.port=" + port + "\n");
            for (Path jar : deployFolderJars()) {
                copy(jar, deploy.resolve(jar.getFileName().toString()));
            }
            awaitStatus(api + "/providers", 200, 60);
            HttpResponse<String> pod = send(
                    HttpRequest.newBuilder(URI.create(api + "/pod-providers/local/pods"))
                            .header("Content-Type", "application/json")
                            .POST(
                                    HttpRequest.BodyPublishers.ofString(
                                            "{\"metadata\":{\"name\":\"quiet\",\"namespace\":\"default\"},"
                                                    + "\"spec\":{\"containers\":[{\"name\":\"main\",\"command\":[\"sleep\",\"600\"]}]}}")));
            assertEquals(201, pod.statusCode(), pod.body());
            awaitStatus(api + "/pod-providers/local/pods/default/quiet/logs/main", 200, 30);
            String follow = "/orchard/api/v1/pod-providers/local/pods/default/quiet/logs/main?follow=true";

            // Two first rounds warm the runtime up (classes, Jetty's pool); threads are counted without Jetty's idle
            // pool threads (WorkingThreads), which Jetty keeps about a minute whatever held them.
            DroppedFollows follows = new DroppedFollows(SocketFactory.getDefault(), port, follow, "Bearer " + token);
            follows.warmUp();
            System.out.println(follows.measure(orchard.pid(), 40, () -> assertAnswering(api)));
            assertEquals(
                    204,
                    send(HttpRequest.newBuilder(URI.create(api + "/pod-providers/local/pods/default/quiet"))
                                    .DELETE())
                            .statusCode());
            orchard.type("stop 0");
            assertEquals(0, orchard.waitFor(30));
        }
    }

    private void assertAnswering(String api) throws Exception {
        assertEquals(
                200,
                send(HttpRequest.newBuilder(URI.create(api + "/providers")).GET())
                        .statusCode());
        assertEquals(
                200,
                send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                                .GET())
                        .statusCode());
    }

    private void awaitStatus(String uri, int status, int seconds) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        String last = "no connection";
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> r =
                        send(HttpRequest.newBuilder(URI.create(uri)).GET());
                if (r.statusCode() == status) {
                    return;
                }
                last = r.statusCode() + " " + r.body();
            } catch (IOException e) {
                // FileInstall is still installing the add-on
            }
            Thread.sleep(200);
        }
        throw new AssertionError(uri + " never answered " + status + "; last: " + last);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return CLIENT.send(
                request.header("Authorization", "Bearer " + token)
                        .timeout(Duration.ofSeconds(5))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static List<Path> deployFolderJars() throws IOException {
        Path http = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of)
                .filter(p -> p.getFileName().toString().startsWith("orchard-http-"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("orchard-http is not on the test's class path"));
        try (Stream<Path> jars = Files.list(http.resolveSibling("deploy"))) {
            return jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void write(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.writeString(partial, content);
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void copy(Path jar, Path to) throws IOException {
        Path partial = to.resolveSibling(to.getFileName() + ".partial");
        Files.copy(jar, partial, StandardCopyOption.REPLACE_EXISTING);
        Files.move(partial, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
