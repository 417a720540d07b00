package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/**
 * The binding guard: Felix HTTP's own keys ask for an address other than loopback; with authentication off
 * ({@code auth=none}) nothing listens, with a token it listens and every request needs the token.
 */
class BindingTest {
    private static final String FELIX = "org.apache.felix.http";

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configurations;

    @Test
    void everyInterfaceWithAuthenticationOffListensNowhere() throws Exception {
        Configuration orchard = configurations.getConfiguration("dev.orchard.http", "?");
        orchard.update(AuthTest.props("auth", "none"));
        URI before = Api.await(
                        context,
                        "authentication off",
                        a -> a.withoutToken().get("/providers").status() == 200)
                .base();
        Configuration felix = configurations.getConfiguration(FELIX, "?");
        Dictionary<String, Object> original = felix.getProperties();
        int port = freePort();
        try {
            felix.update(felixProperties("0.0.0.0", port));
            Await.until("Jetty to stop listening on " + before, () -> !accepts("127.0.0.1", before.getPort()));
            // Nothing must listen, on any address; absence has no event to wait for, so it is watched for a while.
            long until = System.nanoTime() + 3_000_000_000L;
            while (System.nanoTime() < until) {
                for (String address : addresses()) {
                    if (accepts(address, port)) {
                        fail("HTTP listens on " + address + ":" + port + " with authentication off");
                    }
                }
                Thread.sleep(100);
            }
        } finally {
            felix.update(original == null ? new Hashtable<>() : original);
            Api.await(
                    context,
                    "loopback again",
                    a -> a.withoutToken().get("/providers").status() == 200);
            orchard.delete();
        }
        Api.await(context);
    }

    @Test
    void everyInterfaceWithATokenListensAndAsksForIt() throws Exception {
        Configuration felix = configurations.getConfiguration(FELIX, "?");
        Dictionary<String, Object> original = felix.getProperties();
        Configuration orchard = configurations.getConfiguration("dev.orchard.http", "?");
        int port = freePort();
        try {
            orchard.update(AuthTest.properties(AuthTest.tokenFile("wide-token", "rw-------")));
            // The token first, settled, then the address: each change restarts Jetty, one at a time.
            Api.await(context, "authentication on", a -> a.get("/providers").status() == 401);
            felix.update(felixProperties("0.0.0.0", port));
            for (String address : addresses()) {
                Api api = Api.at(URI.create("http://" + address + ":" + port + "/"));
                // Jetty accepts connections before the whiteboard has registered the servlets again: wait for the
                // API itself, which answers a request without the token 401.
                Await.until("the API to answer on " + address + ":" + port, () -> {
                    try {
                        return api.get("/providers").status() == 401;
                    } catch (java.io.UncheckedIOException e) {
                        return false;
                    }
                });
                assertEquals("UNAUTHORIZED", api.get("/providers").category(), address);
                assertEquals(200, api.withToken("wide-token").get("/providers").status(), address);
            }
        } finally {
            // The address back first, settled, then the token away: a servlet change while Jetty restarts can be
            // lost by the whiteboard (Felix HTTP), so the two changes never overlap.
            felix.update(original == null ? new Hashtable<>() : original);
            Api.await(
                    context, "loopback with the token", a -> a.get("/providers").status() == 401);
            orchard.delete();
        }
        Api.await(context);
    }

    @Test
    void aServerOfAFactoryConfigurationFollowsTheRule() throws Exception {
        Configuration orchard = configurations.getConfiguration("dev.orchard.http", "?");
        orchard.update(AuthTest.props("auth", "none"));
        Api.await(
                context,
                "authentication off",
                a -> a.withoutToken().get("/providers").status() == 200);
        int loopback = freePort();
        Configuration near = configurations.getFactoryConfiguration(FELIX, "near", "?");
        Configuration wide = configurations.getFactoryConfiguration(FELIX, "wide", "?");
        Configuration posing = configurations.getFactoryConfiguration(FELIX, "posing", "?");
        try {
            // On loopback a further server listens: the guard lets factory configurations through there.
            near.update(named(felixProperties("127.0.0.1", loopback), "near"));
            Await.until("the further server on 127.0.0.1:" + loopback, () -> accepts("127.0.0.1", loopback));
            // Beyond loopback without a token it must not: neither under a name of its own, nor under the
            // kubelet's prefix while it serves plain HTTP (only HTTPS-only kubelet servers may).
            int widePort = freePort();
            int posingPort = freePort();
            wide.update(named(felixProperties("0.0.0.0", widePort), "wide"));
            posing.update(named(felixProperties("0.0.0.0", posingPort), "orchard-kubelet-posing"));
            // Absence has no event to wait for, so it is watched for a while.
            long until = System.nanoTime() + 3_000_000_000L;
            while (System.nanoTime() < until) {
                for (String address : addresses()) {
                    for (int port : new int[] {widePort, posingPort}) {
                        if (accepts(address, port)) {
                            fail("a factory configuration's HTTP listens on " + address + ":" + port
                                    + " with authentication off");
                        }
                    }
                }
                Thread.sleep(100);
            }
        } finally {
            near.delete();
            wide.delete();
            posing.delete();
            orchard.delete();
        }
        Await.until("the further server to stop", () -> !accepts("127.0.0.1", loopback));
    }

    private static Dictionary<String, Object> named(Dictionary<String, Object> props, String name) {
        props.put("org.apache.felix.http.name", name);
        return props;
    }

    private static Dictionary<String, Object> felixProperties(String host, int port) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("org.apache.felix.http.host", host);
        props.put("org.osgi.service.http.port", port);
        return props;
    }

    /** Loopback and every IPv4 address of this machine's interfaces that are up. */
    private static List<String> addresses() throws IOException {
        List<String> all = new ArrayList<>(List.of("127.0.0.1"));
        for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (n.isUp() && !n.isLoopback()) {
                for (InetAddress a : Collections.list(n.getInetAddresses())) {
                    if (a instanceof Inet4Address) {
                        all.add(a.getHostAddress());
                    }
                }
            }
        }
        return all;
    }

    private static boolean accepts(String address, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(address, port), 1000);
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
