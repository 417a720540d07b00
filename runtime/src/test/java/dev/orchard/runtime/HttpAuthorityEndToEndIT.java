package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 31, part 1 and the HTTP half of part 5, as an attacker tries them, against the runtime jar with the HTTP and
 * Web Console add-ons installed through {@code deploy/} as the README says, on loopback with no setting of
 * Orchard's own: the API, maya's paths, {@code /metrics} and the console need the token the add-on made; a foreign
 * Origin or Host, TRACE, OPTIONS and bad bodies are refused with a 4xx and a reason, never a 500 or an ERROR.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HttpAuthorityEndToEndIT {
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Path folder;
    private OrchardProcess orchard;
    private int port;
    private String base;
    private String token;

    @BeforeAll
    void startWithBothAddOns() throws Exception {
        folder = Files.createTempDirectory("orchard-authority");
        // Others may pass through the runtime's folder, as in a shared one: .orchard/ must keep them out by itself.
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx--x--x"));
        port = freePort();
        base = "http://127.0.0.1:" + port;
        orchard = OrchardProcess.start(folder);
        orchard.run("echo ready");
        Path deploy = folder.resolve("deploy");
        write(deploy.resolve("org.apache.felix.http.cfg"), "org.osgi.service.http.port=" + port + "\n");
        // Both folders in one FileInstall scan, as the README says.
        Path staging = Files.createDirectories(folder.resolve("staging"));
        List<Path> jars = deployJars("orchard-http-", "orchard-webconsole-");
        for (Path jar : jars) {
            Files.copy(jar, staging.resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
        for (Path jar : jars) {
            Files.move(
                    staging.resolve(jar.getFileName()),
                    deploy.resolve(jar.getFileName()),
                    StandardCopyOption.ATOMIC_MOVE);
        }
        awaitStatus(base + "/orchard/api/v1/providers", null, 401);
        Path file = tokenFile();
        orchard.awaitOutput(file.toString(), 30);
        token = Files.readString(file).strip();
        awaitStatus(base + "/orchard/api/v1/providers", bearer(), 200);
        awaitStatus(base + "/system/console/bundles.json", bearer(), 200);
    }

    @AfterAll
    void stop() throws Exception {
        if (orchard != null) {
            orchard.close();
        }
    }

    private Path tokenFile() {
        return folder.resolve(".orchard/http/token");
    }

    private String bearer() {
        return "Bearer " + token;
    }

    @Test
    void theTokenIsMadeOwnerOnlyAndOnlyItsPathIsLogged() throws Exception {
        Path file = tokenFile();
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS)));
        assertEquals(
                "rwx------",
                PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(file.getParent(), LinkOption.NOFOLLOW_LINKS)));
        assertTrue(token.matches("[A-Za-z0-9_-]{43}"), "256 random bits, URL-safe base64");
        String log = orchard.stdout() + orchard.stderr();
        assertTrue(log.contains("INFO") && log.contains("the token file " + file), log);
        assertFalse(log.contains(token), "the token itself is never logged");
    }

    @Test
    void withoutTheTokenNothingIsServedOnLoopback() throws Exception {
        for (String path : new String[] {
            "/orchard/api/v1/providers", "/orchard/api/v1/openapi.json", "/metrics", "/latest/volumes/"
        }) {
            HttpResponse<String> r =
                    send(HttpRequest.newBuilder(URI.create(base + path)).GET());
            assertEquals(401, r.statusCode(), path + ": " + r.body());
            assertTrue(r.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"), path);
        }
        assertEquals(
                200,
                send(HttpRequest.newBuilder(URI.create(base + "/metrics"))
                                .header("Authorization", bearer())
                                .GET())
                        .statusCode());
    }

    @Test
    void aCrossSitePostRunsNothing() throws Exception {
        Path marker = folder.resolve("cross-site-ran");
        String pod = "{\"metadata\":{\"name\":\"cross-site\",\"namespace\":\"default\"},\"spec\":{\"containers\":"
                + "[{\"name\":\"main\",\"command\":[\"touch\",\"" + marker + "\"]}]}}";
        for (String auth : new String[] {null, bearer()}) {
            HttpRequest.Builder post = HttpRequest.newBuilder(
                            URI.create(base + "/orchard/api/v1/pod-providers/local/pods"))
                    .header("Origin", "http://evil.example")
                    .header("Content-Type", "text/plain")
                    .POST(HttpRequest.BodyPublishers.ofString(pod));
            if (auth != null) {
                post.header("Authorization", auth);
            }
            HttpResponse<String> r = send(post);
            assertEquals(403, r.statusCode(), r.body());
            assertTrue(r.body().contains("\"category\":\"FORBIDDEN\""), r.body());
        }
        // Nor the same request from no site at all without the token, as any local user's curl sends it.
        HttpResponse<String> noToken =
                send(HttpRequest.newBuilder(URI.create(base + "/orchard/api/v1/pod-providers/local/pods"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(pod)));
        assertEquals(401, noToken.statusCode(), noToken.body());
        HttpResponse<String> none = send(
                HttpRequest.newBuilder(URI.create(base + "/orchard/api/v1/pod-providers/local/pods/default/cross-site"))
                        .header("Authorization", bearer())
                        .GET());
        assertEquals(404, none.statusCode(), "no pod was made: " + none.body());
        Thread.sleep(500);
        assertFalse(Files.exists(marker), "its command never ran");
    }

    @Test
    void aForeignHostIsRefusedAsDnsRebindingSendsIt() throws Exception {
        for (String path : new String[] {"/orchard/api/v1/providers", "/metrics", "/system/console/bundles.json"}) {
            Answer a =
                    raw("GET " + path + " HTTP/1.1\r\nHost: evil.example:" + port + "\r\nAuthorization: " + bearer());
            assertEquals(403, a.status(), path + ": " + a);
            assertTrue(a.body().contains("Host"), a::toString);
        }
    }

    @Test
    void mayasGetDeleteNeedsTheTokenAndTheVolumeSurvivesWithoutIt() throws Exception {
        HttpResponse<String> created =
                send(HttpRequest.newBuilder(URI.create(base + "/orchard/api/v1/orchestrators/local/volumes"))
                        .header("Authorization", bearer())
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"keep\",\"capacity\":\"1Mi\"}")));
        assertEquals(201, created.statusCode(), created.body());
        // What an <img src> on any page makes the browser send.
        HttpResponse<String> byImage = send(HttpRequest.newBuilder(URI.create(base + "/latest/volumes/delete/keep"))
                .GET());
        assertEquals(401, byImage.statusCode(), byImage.body());
        HttpResponse<String> info = send(HttpRequest.newBuilder(URI.create(base + "/latest/volumes/info/keep"))
                .header("Authorization", bearer())
                .GET());
        assertEquals(200, info.statusCode(), "the volume survives: " + info.body());
        assertTrue(orchard.run("orchard:volumes local").contains("keep"));
        HttpResponse<String> deleted = send(HttpRequest.newBuilder(URI.create(base + "/latest/volumes/delete/keep"))
                .header("Authorization", bearer())
                .GET());
        assertEquals(200, deleted.statusCode(), "with the token maya's path works: " + deleted.body());
    }

    @Test
    void traceIsRefusedAndOptionsRevealsNothingWithoutTheToken() throws Exception {
        for (String path :
                new String[] {"/orchard/api/v1/providers", "/metrics", "/latest/volumes/", "/system/console/bundles"}) {
            Answer trace =
                    raw("TRACE " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: " + bearer());
            assertEquals(405, trace.status(), path + ": " + trace);
            assertFalse(trace.body().contains(token), "nothing echoed");
            Answer options = raw("OPTIONS " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port);
            assertEquals(401, options.status(), path + ": " + options);
            assertFalse(options.head().toLowerCase().contains("\nallow:"), options::toString);
        }
    }

    @Test
    void theConsoleTakesTheTokenNotAdminAndRefusesACrossSiteStop() throws Exception {
        String bundles = base + "/system/console/bundles";
        assertEquals(401, status(bundles + ".json", null));
        assertEquals(401, status(bundles + ".json", basic("admin:admin")));
        assertEquals(200, status(bundles + ".json", basic("admin:" + token)));
        assertEquals(200, status(bundles + ".json", bearer()));

        long id = bundleId("dev.orchard.provider.mock");
        assertEquals("Active", bundleState(id));
        for (String[] crossSite :
                new String[][] {{"Origin", "http://evil.example"}, {"Referer", "http://evil.example/page.html"}}) {
            HttpResponse<String> stop = send(HttpRequest.newBuilder(URI.create(bundles + "/" + id))
                    .header("Authorization", basic("admin:" + token))
                    .header(crossSite[0], crossSite[1])
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("action=stop")));
            assertEquals(403, stop.statusCode(), crossSite[0] + ": " + stop.body());
            assertEquals("Active", bundleState(id), "the bundle stays active");
        }
        HttpResponse<String> withoutToken = send(HttpRequest.newBuilder(URI.create(bundles + "/" + id))
                .header("Authorization", basic("admin:admin"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("action=stop")));
        assertEquals(401, withoutToken.statusCode(), withoutToken.body());
        assertEquals("Active", bundleState(id), "the bundle stays active");
    }

    @Test
    void badBodiesAreA4xxWithAReasonAndNoErrorInTheLog() throws Exception {
        int logBefore = orchard.stderr().length() + orchard.stdout().length();
        String volumes = base + "/orchard/api/v1/orchestrators/mock/volumes";
        String pods = base + "/orchard/api/v1/pod-providers/mock/pods";
        assertEquals(400, post(volumes, "application/json", "null").statusCode());
        assertEquals(400, post(pods, "application/json", "null").statusCode());
        HttpResponse<String> deep = post(pods, "application/json", "[".repeat(5000) + "]".repeat(5000));
        assertEquals(400, deep.statusCode(), deep.body());
        assertTrue(deep.body().contains("INVALID_INPUT"), deep.body());
        HttpResponse<String> deepObject =
                post(volumes, "application/json", "{\"a\":".repeat(3000) + "1" + "}".repeat(3000));
        assertEquals(400, deepObject.statusCode(), deepObject.body());
        HttpResponse<String> formTyped =
                post(volumes, "application/x-www-form-urlencoded", "{\"name\":\"form\",\"capacity\":\"1Mi\"}");
        assertEquals(415, formTyped.statusCode(), formTyped.body());
        HttpResponse<String> mayaNull = post(base + "/latest/volumes/", "application/json", "null");
        assertEquals(400, mayaNull.statusCode(), mayaNull.body());
        // A follow sent with a body: its client's hang-up could not be watched, so it is refused before it streams.
        String followWithBody = curl(List.of(
                "-s",
                "-X",
                "GET",
                "--max-time",
                "10",
                "-w",
                " %{http_code}",
                "-H",
                "Authorization: " + bearer(),
                "-H",
                "Content-Type: application/json",
                "--data-binary",
                "{}",
                base + "/orchard/api/v1/pod-providers/mock/pods/default/any/logs/c?follow=true"));
        assertTrue(followWithBody.endsWith(" 400"), followWithBody);
        assertTrue(followWithBody.contains("GET takes no body"), followWithBody);

        // 100 MB of form, with curl as an attacker's script sends it.
        Path big = folder.resolve("big.form");
        try (OutputStream out = Files.newOutputStream(big)) {
            byte[] chunk = ("a=" + "b".repeat(1 << 20)).getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < 100; i++) {
                out.write(chunk);
            }
        }
        long start = System.nanoTime();
        for (String auth : new String[] {bearer(), "Bearer wrong"}) {
            String code = curl(List.of(
                    "-s",
                    "-o",
                    "/dev/null",
                    "-w",
                    "%{http_code}",
                    "--max-time",
                    "30",
                    "-H",
                    "Authorization: " + auth,
                    "-H",
                    "Content-Type: application/x-www-form-urlencoded",
                    "--data-binary",
                    "@" + big,
                    volumes + "?x=1"));
            assertTrue(code.equals("415") || code.equals("413") || code.equals("401"), code);
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(millis < 20_000, "refused without being read: " + millis + " ms");
        Files.delete(big);
        assertEquals(
                "200",
                curl(List.of(
                        "-s",
                        "-o",
                        "/dev/null",
                        "-w",
                        "%{http_code}",
                        "-H",
                        "Authorization: " + bearer(),
                        base + "/orchard/api/v1/providers")),
                "still serving");

        String log = (orchard.stdout() + orchard.stderr())
                .substring(Math.min(logBefore, (orchard.stdout() + orchard.stderr()).length()));
        assertFalse(log.contains("ERROR"), log);
        assertFalse(log.contains("\tat "), "no stack trace: " + log);
    }

    @Test
    void anotherLocalUserGetsNothing() throws Exception {
        assumeTrue(
                isRoot(),
                "needs root, to run curl as user nobody (runuser); the tests run as "
                        + System.getProperty("user.name"));
        Process curl = new ProcessBuilder(
                        "runuser",
                        "-u",
                        "nobody",
                        "--",
                        "curl",
                        "-s",
                        "-o",
                        "/dev/null",
                        "-w",
                        "%{http_code}",
                        "-X",
                        "POST",
                        "-H",
                        "Content-Type: application/json",
                        "--data",
                        "{\"metadata\":{\"name\":\"nobody\",\"namespace\":\"default\"},\"spec\":{\"containers\":[{\"name\":\"c\","
                                + "\"command\":[\"id\"]}]}}",
                        base + "/orchard/api/v1/pod-providers/local/pods")
                .redirectErrorStream(true)
                .start();
        String code = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(curl.waitFor(30, TimeUnit.SECONDS));
        assertEquals("401", code);
        Process read = new ProcessBuilder(
                        "runuser", "-u", "nobody", "--", "cat", tokenFile().toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(read.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(read.waitFor(30, TimeUnit.SECONDS));
        assertNotEquals(0, read.exitValue(), "nobody cannot read the token: " + out);
        assertFalse(out.contains(token));
    }

    private static boolean isRoot() {
        try {
            Process id = new ProcessBuilder("id", "-u").start();
            String uid = new String(id.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
            return id.waitFor() == 0 && uid.equals("0") && new File("/usr/sbin/runuser").canExecute()
                    || uid.equals("0") && new File("/sbin/runuser").canExecute();
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private long bundleId(String symbolicName) throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(base + "/system/console/bundles.json"))
                .header("Authorization", bearer())
                .GET());
        Matcher m = Pattern.compile("\\{\"id\":(\\d+),\"name\":\"[^\"]*\",\"fragment\":\\w+,\"stateRaw\":\\d+,"
                        + "\"state\":\"\\w+\",\"version\":\"[^\"]*\",\"symbolicName\":\"" + Pattern.quote(symbolicName)
                        + "\"")
                .matcher(r.body());
        assertTrue(m.find(), r.body());
        return Long.parseLong(m.group(1));
    }

    private String bundleState(long id) throws Exception {
        String lb = orchard.run("lb -s");
        for (String line : lb.split("\n")) {
            String[] cols = line.split("\\|");
            if (cols.length > 2 && cols[0].strip().equals(String.valueOf(id))) {
                return cols[1].strip();
            }
        }
        throw new AssertionError("no bundle " + id + " in " + lb);
    }

    private String curl(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("curl"));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return out;
    }

    private static String basic(String login) {
        return "Basic " + Base64.getEncoder().encodeToString(login.getBytes(StandardCharsets.UTF_8));
    }

    private HttpResponse<String> post(String uri, String type, String body) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(uri))
                .header("Authorization", bearer())
                .header("Content-Type", type)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private int status(String uri, String authorization) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(uri)).GET();
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return send(b).statusCode();
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return CLIENT.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void awaitStatus(String uri, String authorization, int status) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        String last = "no connection";
        while (System.nanoTime() < deadline) {
            try {
                HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(10));
                if (authorization != null) {
                    b.header("Authorization", authorization);
                }
                HttpResponse<String> r = CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == status) {
                    return;
                }
                last = r.statusCode() + " " + r.body();
            } catch (IOException e) {
                // not listening yet: FileInstall is still installing the add-ons
            }
            Thread.sleep(200);
        }
        throw new AssertionError(uri + " never answered " + status + "; last: " + last);
    }

    /** An answer read by hand. */
    private record Answer(int status, String head, String body) {
        @Override
        public String toString() {
            return head + "\n\n" + body;
        }
    }

    // By hand, for what java.net.http will not send: any Host, TRACE.
    private Answer raw(String head) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            s.setSoTimeout(10_000);
            s.getOutputStream().write((head + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            InputStream in = s.getInputStream();
            in.transferTo(all);
            String text = all.toString(StandardCharsets.UTF_8);
            int end = text.indexOf("\r\n\r\n");
            String h = end < 0 ? text : text.substring(0, end);
            String[] line = h.split(" ", 3);
            return new Answer(
                    line.length > 1 ? Integer.parseInt(line[1]) : -1, h, end < 0 ? "" : text.substring(end + 4));
        }
    }

    private static List<Path> deployJars(String... artifacts) throws IOException {
        List<Path> all = new ArrayList<>();
        for (String artifact : artifacts) {
            Path jar = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                    .map(Path::of)
                    .filter(p -> p.getFileName().toString().startsWith(artifact))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(artifact + " is not on the test's class path"));
            try (Stream<Path> jars = Files.list(jar.resolveSibling("deploy"))) {
                jars.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(all::add);
            }
        }
        return all;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    // Writes a file into deploy/ whole: FileInstall never reads it half-written.
    private static void write(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.writeString(partial, content, StandardCharsets.ISO_8859_1);
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
