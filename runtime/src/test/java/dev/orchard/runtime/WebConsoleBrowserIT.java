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
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Orchard page of the Felix Web Console in a real browser: the HTTP add-on's and the console's
 * {@code target/deploy/} copied into a running runtime's {@code deploy/}, a volume and a pod created on the mock
 * provider, and the page opened in headless Chromium (Debian's {@code chromium} and {@code chromedriver}, driven by
 * Selenium). It logs in (the console's HTTP Basic login, sent with every request the page makes), checks the rows
 * (provider states, an HTML-injection failure reason shown as text, the volume, the pod, the node's conditions, the
 * bundle links), waits for the page's own refresh to show a volume made after it loaded, and saves a screenshot to
 * {@code target/screenshots/orchard-console.png}.
 *
 * <p>Without the browser it is skipped with the reason, unless {@code ORCHARD_REQUIRE_BROWSER=1} (CI) makes that a
 * failure.
 */
class WebConsoleBrowserIT {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final String INJECTION = "<img src=x onerror=window.owned=1>";
    // The HTTP add-on's token, read from its file once the add-on made it.
    private String token;

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path folder;

    @Test
    void theConsolePageShowsTheRowsRefreshesAndIsPhotographed() throws Exception {
        requireBrowser();
        int port = freePort();
        String base = "http://127.0.0.1:" + port;
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            Path deploy = folder.resolve("deploy");
            write(deploy.resolve("org.apache.felix.http.cfg"), "org.osgi.service.http.port=" + port + "\n");
            // A second mock named mock, ranked lower (SHADOWED), and one whose name is markup (FAILED, with it in
            // its reason).
            write(deploy.resolve("dev.orchard.provider.mock~shadow.cfg"), "name=mock\nservice.ranking=-1\n");
            write(deploy.resolve("dev.orchard.provider.mock~evil.cfg"), "name=" + INJECTION + "\n");
            // Both folders staged beside deploy/, then moved in at once: FileInstall sees them in one scan, so Jetty
            // wires the console's Log Service API when it first resolves instead of being refreshed for it later.
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
            String api = base + "/orchard/api/v1";
            awaitStatus(api + "/providers", 401);
            // The token the HTTP add-on made at its first start, where it logged it is: the API's and the console's.
            token = Files.readString(folder.resolve(".orchard/http/token")).strip();
            awaitStatus(api + "/providers", 200);
            assertEquals(201, post(api + "/orchestrators/mock/volumes", "{\"name\":\"data\",\"capacity\":\"10Mi\"}"));
            assertEquals(
                    201,
                    post(
                            api + "/pod-providers/mock/pods",
                            "{\"metadata\":{\"name\":\"hello\",\"namespace\":\"default\"},"
                                    + "\"spec\":{\"containers\":[{\"name\":\"main\",\"image\":\"busybox\","
                                    + "\"command\":[\"sleep\",\"3600\"]}]}}"));
            awaitStatus(base + "/system/console/orchard", 200);
            // The console's own default login opens nothing: its login is Orchard's token.
            assertEquals(
                    401,
                    CLIENT.send(
                                    HttpRequest.newBuilder(URI.create(base + "/system/console/orchard"))
                                            .build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode());
            assertEquals(401, status(base + "/system/console/orchard", "Basic " + basic("admin:admin")));
            assertEquals(200, status(base + "/system/console/orchard", "Basic " + basic("admin:" + token)));

            WebDriver browser = chromium();
            try {
                // The console's login (HTTP Basic, any user name and Orchard's token as the password) on every request
                // the page makes, its refreshes included, as a browser does once a person has answered the prompt.
                ((ChromeDriver) browser).executeCdpCommand("Network.enable", Map.of());
                ((ChromeDriver) browser)
                        .executeCdpCommand(
                                "Network.setExtraHTTPHeaders",
                                Map.of("headers", Map.of("Authorization", "Basic " + basic("orchard:" + token))));
                browser.get(base + "/system/console/orchard?provider=mock");
                WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
                wait.until(b -> !b.findElements(By.id("orchard-providers")).isEmpty());
                assertEquals("Apache Felix Web Console - Orchard", browser.getTitle());

                row(browser, "mock", "ORCHESTRATOR", "ACTIVE");
                row(browser, "mock", "POD", "ACTIVE");
                row(browser, "mock", "ORCHESTRATOR", "SHADOWED");
                String reason = (String) script(
                        browser,
                        "var r = document.querySelector(\"tr.orchard-provider[data-state='FAILED'] .orchard-reason\");"
                                + " return r ? r.innerText : null;");
                assertTrue(
                        reason != null && reason.contains(INJECTION),
                        "the markup in the reason is shown as text: " + reason);
                assertEquals(
                        Boolean.TRUE,
                        script(browser, "return window.owned === undefined"),
                        "the reason's markup never ran");
                String bundleLink = row(browser, "mock", "ORCHESTRATOR", "ACTIVE");
                assertTrue(bundleLink.matches(".*/system/console/bundles/\\d+$"), bundleLink);

                assertTrue(text(browser, "orchard-volumes").contains("data"), text(browser, "orchard-volumes"));
                assertTrue(text(browser, "orchard-pods").contains("hello"), text(browser, "orchard-pods"));
                assertTrue(
                        text(browser, "orchard-node").contains("Ready True KubeletReady"),
                        text(browser, "orchard-node"));

                // A change made after the page loaded shows through the page's own refresh, not a reload.
                script(browser, "window.orchardLoaded = true;");
                assertEquals(
                        201, post(api + "/orchestrators/mock/volumes", "{\"name\":\"later\",\"capacity\":\"5Mi\"}"));
                wait.until(b -> text(b, "orchard-volumes").contains("later"));
                assertEquals(null, browser.findElement(By.id("orchard")).getAttribute("data-stale"), "refreshes pass");
                assertEquals(
                        Boolean.TRUE,
                        script(browser, "return window.orchardLoaded === true"),
                        "the page refreshed its tables in place");

                Path shot = Path.of("target", "screenshots", "orchard-console.png");
                Files.createDirectories(shot.getParent());
                Files.write(shot, ((ChromeDriver) browser).getScreenshotAs(OutputType.BYTES));

                browser.get(bundleLink);
                wait.until(b -> b.getPageSource().contains("dev.orchard.provider.mock"));
            } finally {
                browser.quit();
            }
            orchard.type("stop 0");
            assertEquals(0, orchard.waitFor(30));
        }
    }

    /** Skips the test with the reason when the browser is missing, or fails it when CI requires the browser. */
    private static void requireBrowser() {
        if (Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER)) {
            return;
        }
        String why = "headless Chromium needs " + CHROMIUM + " and " + CHROMEDRIVER
                + " (Debian packages chromium and chromium-driver)";
        if ("1".equals(System.getenv("ORCHARD_REQUIRE_BROWSER"))) {
            throw new AssertionError(why + ", and ORCHARD_REQUIRE_BROWSER=1 requires the browser test");
        }
        Assumptions.abort(why);
    }

    /** Debian's Chromium through Debian's chromedriver, named explicitly so Selenium Manager never downloads. */
    private WebDriver chromium() throws IOException {
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // Headless, as root, on a closed network: no sandbox, GPU, QUIC or background connections.
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1400,1100",
                "--user-data-dir=" + Files.createTempDirectory(folder, "chromium"));
        return new ChromeDriver(service, options);
    }

    private static String basic(String login) {
        return Base64.getEncoder().encodeToString(login.getBytes(StandardCharsets.UTF_8));
    }

    // Each read of the page is one script: the page's refresh replaces its tables, and a script runs whole between
    // two of them, where an element found by one WebDriver call may be gone (stale) by the next.
    private static Object script(WebDriver browser, String script, Object... args) {
        return ((JavascriptExecutor) browser).executeScript(script, args);
    }

    // Requires one provider row of that name, kind and state; its bundle link, or null if it has none.
    private static String row(WebDriver browser, String name, String kind, String state) {
        String selector =
                "tr.orchard-provider[data-name='" + name + "'][data-kind='" + kind + "'][data-state='" + state + "']";
        List<?> found = (List<?>) script(
                browser,
                "var rows = document.querySelectorAll(arguments[0]);"
                        + " var link = rows.length === 1 ? rows[0].querySelector('.orchard-bundle') : null;"
                        + " return [rows.length, link ? link.href : null];",
                selector);
        assertEquals(
                1L,
                ((Number) found.get(0)).longValue(),
                () -> "one " + state + " " + kind + " row for " + name + " in " + text(browser, "orchard-providers"));
        return (String) found.get(1);
    }

    // An element's text, its white space collapsed (a table's cells are apart by tabs in innerText).
    private static String text(WebDriver browser, String id) {
        Object text =
                script(browser, "var e = document.getElementById(arguments[0]); return e ? e.innerText : null;", id);
        return text == null
                ? "(no #" + id + ")"
                : ((String) text).replaceAll("\\s+", " ").trim();
    }

    /** The add-ons' deploy folders, beside their jars on the test's class path. */
    private static List<Path> deployJars(String... artifacts) throws IOException {
        List<Path> all = new java.util.ArrayList<>();
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
        assertTrue(all.stream().anyMatch(p -> p.getFileName().toString().contains("webconsole-5")), all::toString);
        return all;
    }

    private int status(String uri, String authorization) throws IOException, InterruptedException {
        return CLIENT.send(
                        HttpRequest.newBuilder(URI.create(uri))
                                .timeout(Duration.ofSeconds(10))
                                .header("Authorization", authorization)
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private void awaitStatus(String uri, int status) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        String last = "no connection";
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> r = CLIENT.send(
                        authorized(HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(10)))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
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

    // With the token once it is known, as a script of the operator's sends it.
    private HttpRequest.Builder authorized(HttpRequest.Builder request) {
        return token == null ? request : request.header("Authorization", "Bearer " + token);
    }

    private int post(String uri, String json) throws IOException, InterruptedException {
        HttpResponse<String> r = CLIENT.send(
                authorized(HttpRequest.newBuilder(URI.create(uri)))
                        .timeout(Duration.ofSeconds(30))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        return r.statusCode();
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
