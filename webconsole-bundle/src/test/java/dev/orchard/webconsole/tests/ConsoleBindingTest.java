package dev.orchard.webconsole.tests;

import static org.junit.jupiter.api.Assertions.fail;

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
 * The HTTP guard and the console: with the console installed and its default login, HTTP does not listen beyond
 * loopback even with the API's bearer token configured; once the console's password is changed, it does.
 */
class ConsoleBindingTest {
    private static final String FELIX = "org.apache.felix.http";
    private static final String CONSOLE = "org.apache.felix.webconsole.internal.servlet.OsgiManager";

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 20_000)
    ConfigurationAdmin configurations;

    @Test
    void theDefaultLoginKeepsHttpOffBeyondLoopbackUntilThePasswordChanges() throws Exception {
        Console.await(context, "/system/console/orchard", r -> r.status() == 200);
        Configuration felix = configurations.getConfiguration(FELIX, "?");
        Dictionary<String, Object> original = felix.getProperties();
        Configuration orchard = configurations.getConfiguration("dev.orchard.http", "?");
        Configuration console = configurations.getConfiguration(CONSOLE, "?");
        int port = freePort();
        try {
            // The API's token first, settled: without the console, this alone would let HTTP listen widely.
            orchard.update(tokenProperties());
            Console.await(context, "/orchard/api/v1/providers", r -> r.status() == 401);
            felix.update(felixProperties("0.0.0.0", port));
            // Nothing must listen; absence has no event to wait for, so it is watched for a while.
            long until = System.nanoTime() + 3_000_000_000L;
            while (System.nanoTime() < until) {
                if (accepts(port)) {
                    fail("HTTP listens on 0.0.0.0:" + port + " while the console has its default login");
                }
                Thread.sleep(100);
            }

            Hashtable<String, Object> password = new Hashtable<>();
            password.put("password", "a-better-secret");
            console.update(password);
            Console.until(
                    "HTTP to listen on 0.0.0.0:" + port + " once the password changed",
                    () -> accepts(port),
                    () -> "not listening");
            Console.await(context, "/system/console/orchard", r -> r.status() == 401);
            Console.await(context, "/system/console/orchard", r -> {
                try {
                    return Console.get(context, "/system/console/orchard", "admin:a-better-secret")
                                    .status()
                            == 200;
                } catch (IOException e) {
                    return false;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            });
        } finally {
            felix.update(original == null ? new Hashtable<>() : original);
            Console.await(context, "/orchard/api/v1/providers", r -> r.status() == 401);
            orchard.delete();
            console.delete();
        }
        Console.await(context, "/system/console/orchard", r -> r.status() == 200);
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
