package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchard.runtime.hang.HangActivator;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A provider that hangs costs a bounded amount, with the HTTP add-on installed as the README says: 200 clients call a
 * pod provider whose every call hangs (and ignores interrupts); each gets 503 by the configured deadline, or at once
 * once the provider's threads and waiting places are taken, while {@code /metrics} and another provider keep
 * answering; once the provider is released, the runtime's threads and file descriptors are back within 10% of what
 * they were before the clients came, within 10 s. Jetty's own pool is counted apart: it grows with any burst of
 * concurrent clients, up to its maxThreads, and lets idle threads go one a minute.
 */
class HungProviderIT {
    private static final int CLIENTS = 200;
    private static final long DEADLINE_MS = 3_000;
    private static final long SLACK_MS = 5_000;
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path folder;

    private String token;

    @Test
    void aHungProviderCostsABoundedAmountAndGivesItBackWhenReleased() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "counts threads and fds in /proc: Linux only");
        int port = freePort();
        String root = "http://127.0.0.1:" + port;
        String api = root + "/orchard/api/v1";
        token = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            Path deploy = folder.resolve("deploy");
            Path tokenFile = folder.resolve("api-token");
            Files.writeString(tokenFile, token + "\n");
            Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("rw-------"));
            write(deploy.resolve("org.apache.felix.http.cfg"), "org.osgi.service.http.port=" + port + "\n");
            write(
                    deploy.resolve("dev.orchard.http.cfg"),
                    "token.file=" + tokenFile + "\ncall.timeout.ms=" + DEADLINE_MS + "\n");
            for (Path jar : httpDeployJars()) {
                write(deploy.resolve(jar.getFileName().toString()), Files.readAllBytes(jar));
            }
            await(api + "/pod-providers/mock/pods", r -> r.statusCode() == 200);
            Path hangJar = deploy.resolve("hang-provider.jar");
            write(hangJar, hangBundle());
            await(api + "/providers/hang", r -> r.statusCode() == 200);
            long pid = orchard.pid();
            Resources before = Resources.of(pid);

            int during = round(root, port, pid);

            // Released: its bundle leaves deploy/, its activator's stop lets every stuck call return.
            Files.delete(hangJar);
            long released = System.nanoTime();
            await(api + "/providers/hang", r -> r.statusCode() == 404);
            Resources after = Resources.of(pid);
            while (System.nanoTime() - released < TimeUnit.SECONDS.toNanos(10) && !after.backTo(before)) {
                Thread.sleep(100);
                after = Resources.of(pid);
            }
            String report = String.format(
                    "threads %d before, at most %d during, %d %d ms after the release (Jetty's pool %d, %d, the rest"
                            + " %d, %d); fds %d before, %d after%nbefore: %s%nafter: %s",
                    before.threads(),
                    during,
                    after.threads(),
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - released),
                    before.jetty(),
                    after.jetty(),
                    before.threads() - before.jetty(),
                    after.threads() - after.jetty(),
                    before.fds(),
                    after.fds(),
                    before.names(),
                    after.names());
            System.out.println("HungProviderIT: " + report);
            assertTrue(after.backTo(before), report);
            // Jetty's pool grows with any burst of clients, to at most its maxThreads (200 by default), and keeps idle
            // threads a minute, letting them go one a minute: that is Jetty's, whatever the clients called.
            assertTrue(after.jetty() <= 200, report);
            assertEquals(200, send(get(api + "/pod-providers/mock/pods")).statusCode());

            orchard.type("stop 0");
            assertEquals(0, orchard.waitFor(30));
        }
    }

    /**
     * The runtime's threads, with their names as the kernel keeps them, and its open file descriptors.
     *
     * @param threads how many threads
     * @param jetty how many of them are Jetty's pool's ({@code qtp<n>-<m>})
     * @param fds how many file descriptors
     * @param names the threads by name, cut at 15 characters, digits replaced by '#' to group a pool's threads
     */
    private record Resources(int threads, int jetty, int fds, SortedMap<String, Integer> names) {
        static Resources of(long pid) throws IOException {
            SortedMap<String, Integer> names = new TreeMap<>();
            int threads = 0;
            try (Stream<Path> tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
                for (Path t : tasks.toList()) {
                    try {
                        String name =
                                Files.readString(t.resolve("comm")).strip().replaceAll("[0-9]+", "#");
                        names.merge(name, 1, Integer::sum);
                        threads++;
                    } catch (IOException ended) {
                        // the thread ended while being listed
                    }
                }
            }
            return new Resources(threads, names.getOrDefault("qtp#-#", 0), count("/proc/" + pid + "/fd"), names);
        }

        /** Whether these are back within 10% of a baseline: every thread but Jetty's idle pool, and every fd. */
        boolean backTo(Resources baseline) {
            return threads - jetty <= (baseline.threads() - baseline.jetty()) * 1.1 && fds <= baseline.fds() * 1.1;
        }
    }

    // 200 clients call the hung provider at once, each on a connection of its own that it closes once answered; while
    // they wait, /metrics and provider mock must answer. Returns the most threads the runtime had meanwhile.
    private int round(String root, int port, long pid) throws Exception {
        String api = root + "/orchard/api/v1";
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            long start = System.nanoTime();
            List<Future<String[]>> calls = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                calls.add(clients.submit(() -> rawGet(port, "/orchard/api/v1/pod-providers/hang/pods")));
            }
            int during = 0;
            int checks = 0;
            while (calls.stream().anyMatch(f -> !f.isDone())) {
                long t = System.nanoTime();
                HttpResponse<String> metrics = send(get(root + "/metrics"));
                assertEquals(200, metrics.statusCode(), "/metrics stopped answering: " + metrics.body());
                HttpResponse<String> mock = send(get(api + "/pod-providers/mock/pods"));
                assertEquals(200, mock.statusCode(), "provider mock stopped answering: " + mock.body());
                long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t);
                assertTrue(tookMs < 4_000, "/metrics and mock took " + tookMs + " ms while hang hung");
                during = Math.max(during, count("/proc/" + pid + "/task"));
                checks++;
                assertTrue(
                        System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(DEADLINE_MS + SLACK_MS),
                        "the calls to the hung provider were not all answered within the deadline and slack");
            }
            long allMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(checks > 0, "nothing was checked while the calls were out");
            int pastDeadline = 0;
            int refused = 0;
            for (Future<String[]> c : calls) {
                String[] r = c.get();
                String status = r[0];
                String headers = r[1];
                String body = r[2];
                assertTrue(status.startsWith("HTTP/1.1 503"), status + "\n" + body);
                assertTrue(headers.contains("\nretry-after: "), headers);
                assertTrue(body.contains("{\"category\":\"UNAVAILABLE\""), body);
                assertTrue(body.contains("\\\"hang\\\""), body);
                if (body.contains("deadline of " + DEADLINE_MS + " ms")) {
                    assertTrue(body.contains("call.timeout.ms in configuration dev.orchard.http"), body);
                    pastDeadline++;
                } else {
                    assertTrue(body.contains("busy") && body.contains("call.threads and call.queue"), body);
                    refused++;
                }
            }
            assertTrue(pastDeadline > 0 && refused > 0, pastDeadline + " past the deadline, " + refused + " refused");
            System.out.printf(
                    "HungProviderIT: %d calls answered in %d ms: %d past the deadline, %d refused at once%n",
                    CLIENTS, allMs, pastDeadline, refused);
            return during;
        } finally {
            clients.shutdownNow();
        }
    }

    // One GET on a connection of its own, closed once answered: the status line, the headers (lower case), the body.
    private String[] rawGet(int port, String path) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(30_000);
            s.getOutputStream()
                    .write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer "
                                    + token + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.ISO_8859_1));
            String response = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int headersEnd = response.indexOf("\r\n\r\n");
            String head = headersEnd < 0 ? response : response.substring(0, headersEnd);
            int firstLine = head.indexOf("\r\n");
            String status = firstLine < 0 ? head : head.substring(0, firstLine);
            String headers = (firstLine < 0 ? "" : head.substring(firstLine))
                    .replace("\r\n", "\n")
                    .toLowerCase(Locale.ROOT);
            String body = headersEnd < 0 ? "" : response.substring(headersEnd + 4);
            return new String[] {status, headers, body};
        }
    }

    private HttpRequest get(String uri) {
        return HttpRequest.newBuilder(URI.create(uri))
                .header("Authorization", "Bearer " + token)
                .timeout(Duration.ofSeconds(30))
                .GET()
                .build();
    }

    private static HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> await(String uri, Predicate<HttpResponse<String>> condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            HttpResponse<String> r = null;
            try {
                r = send(get(uri));
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

    private static int count(String dir) throws IOException {
        try (Stream<Path> entries = Files.list(Path.of(dir))) {
            return (int) entries.count();
        }
    }

    // A bundle of the test's own HangProvider and HangActivator, registered as pod provider "hang".
    private static byte[] hangBundle() throws IOException, URISyntaxException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", "dev.orchard.test.hang");
        main.putValue("Bundle-Version", "1.0.0");
        main.putValue("Bundle-Activator", HangActivator.class.getName());
        main.putValue(
                "Import-Package", "dev.orchard.api.pod;version=\"[1.0,2)\",org.osgi.framework;version=\"[1.8,2)\"");
        Path classes = Path.of(HangActivator.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Path pkg = classes.resolve("dev/orchard/runtime/hang");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, manifest);
                Stream<Path> files = Files.list(pkg)) {
            files.filter(p -> p.toString().endsWith(".class")).forEach(p -> {
                try {
                    jar.putNextEntry(
                            new JarEntry(classes.relativize(p).toString().replace(File.separatorChar, '/')));
                    jar.write(Files.readAllBytes(p));
                    jar.closeEntry();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return bytes.toByteArray();
    }

    // The HTTP add-on's deploy folder, beside its jar on the test's class path.
    private static List<Path> httpDeployJars() throws IOException {
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

    // Writes a file into deploy/ whole: FileInstall never reads it half-written.
    private static void write(Path file, String text) throws IOException {
        write(file, text.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static void write(Path file, byte[] content) throws IOException {
        Files.createDirectories(file.getParent());
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.write(partial, content);
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
