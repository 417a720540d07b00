package dev.orchard.webconsole.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Dictionary;
import java.util.Hashtable;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/**
 * The console behind the HTTP add-on's authority, beyond loopback: with Orchard's login required (as the runtime
 * requires it), HTTP listens widely with the API's token however the console's own password is set, and the console
 * takes that token, never its own admin/admin; a cross-site change is refused.
 */
class ConsoleBindingTest {
    private static final String FELIX = "org.apache.felix.http";

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 20_000)
    ConfigurationAdmin configurations;

    @Test
    void beyondLoopbackTheConsoleTakesOnlyTheToken() throws Exception {
        Console.await(context, "/system/console/orchard", r -> r.status() == 200);
        Configuration felix = configurations.getConfiguration(FELIX, "?");
        Dictionary<String, Object> original = felix.getProperties();
        Configuration orchard = configurations.getConfiguration("dev.orchard.http", "?");
        int port = freePort();
        try {
            orchard.update(tokenProperties());
            Console.until(
                    "the console to take the new token",
                    () -> status("/system/console/orchard", "admin:console-token") == 200,
                    () -> "refused");
            felix.update(felixProperties("0.0.0.0", port));
            Console.until("HTTP to listen on 0.0.0.0:" + port, () -> accepts(port), () -> "not listening");
            Console.until(
                    "the console on the wide address",
                    () -> status("/system/console/orchard", "admin:console-token") == 200,
                    () -> String.valueOf(Console.endpoint(context)));
            assertEquals(401, status("/system/console/orchard", "admin:admin"));
            assertEquals(401, status("/system/console/orchard", null));
            Console.Response stop = post("/system/console/bundles/99999", "admin:console-token", "http://evil.example");
            assertEquals(403, stop.status(), stop.body());
        } finally {
            felix.update(original == null ? new Hashtable<>() : original);
            Console.until(
                    "loopback again",
                    () -> status("/system/console/orchard", "admin:console-token") == 200
                            && Console.endpoint(context)
                                    .map(u -> u.getHost().equals("127.0.0.1"))
                                    .orElse(false),
                    () -> String.valueOf(Console.endpoint(context)));
            orchard.delete();
        }
        Console.await(context, "/system/console/orchard", r -> r.status() == 200);
    }

    private int status(String path, String login) {
        try {
            return Console.get(context, path, login).status();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private Console.Response post(String path, String login, String origin) throws Exception {
        java.net.URI base = Console.endpoint(context).orElseThrow();
        java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient()
                .send(
                        java.net.http.HttpRequest.newBuilder(base.resolve(path))
                                .header(
                                        "Authorization",
                                        "Basic "
                                                + java.util.Base64.getEncoder()
                                                        .encodeToString(login.getBytes(
                                                                java.nio.charset.StandardCharsets.UTF_8)))
                                .header("Origin", origin)
                                .header("Content-Type", "application/x-www-form-urlencoded")
                                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("action=stop"))
                                .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString());
        return new Console.Response(r.statusCode(), r.body());
    }

    private static Hashtable<String, Object> tokenProperties() throws IOException {
        Path token = Files.createTempDirectory("orchard-console-test").resolve("token");
        Files.writeString(token, "console-token");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("token.file", token.toString());
        return props;
    }

    private static Dictionary<String, Object> felixProperties(String host, int port) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("org.apache.felix.http.host", host);
        props.put("org.osgi.service.http.port", port);
        return props;
    }

    private static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
