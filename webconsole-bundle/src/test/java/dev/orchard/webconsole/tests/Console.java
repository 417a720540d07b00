package dev.orchard.webconsole.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/**
 * A plain HTTP client of the Web Console: finds where Jetty listens from the servlet whiteboard's runtime service,
 * and sends GET requests with or without the console's login; plus the explicit-timeout wait the tests share.
 */
final class Console {
    static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Console() {}

    /** A response's status and body. */
    record Response(int status, String body) {}

    /**
     * Sends a GET to the console on Jetty's current endpoint.
     *
     * @param context the test bundle's context
     * @param path the path, e.g. {@code /system/console/orchard}
     * @param login {@code user:password}, or null for none
     * @return the response
     */
    static Response get(BundleContext context, String path, String login) throws IOException, InterruptedException {
        URI base = endpoint(context).orElseThrow(() -> new IOException("Jetty has no endpoint yet"));
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(20));
        if (login != null) {
            request.header(
                    "Authorization",
                    "Basic " + Base64.getEncoder().encodeToString(login.getBytes(StandardCharsets.UTF_8)));
        }
        HttpResponse<String> r = CLIENT.send(request.GET().build(), HttpResponse.BodyHandlers.ofString());
        return new Response(r.statusCode(), r.body());
    }

    /**
     * The console's login: any user name, and the token the HTTP add-on made in the runtime's folder.
     *
     * @return {@code orchard:<token>}
     */
    static String login() {
        BundleContext context =
                org.osgi.framework.FrameworkUtil.getBundle(Console.class).getBundleContext();
        java.nio.file.Path file = java.nio.file.Path.of(context.getProperty("orchard.runtime.dir"), "http", "token");
        try {
            return "orchard:" + java.nio.file.Files.readString(file).strip();
        } catch (IOException e) {
            return "orchard:"; // not made yet: refused, and awaited again
        }
    }

    /**
     * Waits until a GET with the console's login meets a condition, and returns that response.
     *
     * @param context the test bundle's context
     * @param path the path
     * @param condition the condition; a connection failure counts as false
     * @return the response that met it
     */
    static Response await(BundleContext context, String path, Predicate<Response> condition) {
        Response[] last = new Response[1];
        until(
                "GET " + path + " as expected",
                () -> {
                    try {
                        last[0] = get(context, path, login());
                        return condition.test(last[0]);
                    } catch (IOException e) {
                        return false;
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return false;
                    }
                },
                () -> last[0] == null ? "no response" : last[0].status() + " " + last[0].body());
        return last[0];
    }

    /** Waits for a condition with an explicit timeout instead of a fixed sleep. */
    static void until(String what, BooleanSupplier condition, java.util.function.Supplier<String> state) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("Timed out after " + TIMEOUT.toSeconds() + " s waiting for " + what + "; last: " + state.get());
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("Interrupted while waiting for " + what);
            }
        }
    }

    /** Jetty's endpoint as the whiteboard's runtime service tells it; it moves when Jetty restarts. */
    static Optional<URI> endpoint(BundleContext context) {
        try {
            ServiceReference<?>[] refs = context.getServiceReferences(
                    (String) null, "(objectClass=org.osgi.service.servlet.runtime.HttpServiceRuntime)");
            if (refs == null) {
                return Optional.empty();
            }
            for (ServiceReference<?> ref : refs) {
                Object endpoints = ref.getProperty("osgi.http.endpoint");
                if (endpoints instanceof String s) {
                    return Optional.of(URI.create(s));
                }
                if (endpoints instanceof String[] a && a.length > 0) {
                    return Optional.of(URI.create(a[0]));
                }
                if (endpoints instanceof java.util.Collection<?> c && !c.isEmpty()) {
                    return Optional.of(URI.create(String.valueOf(c.iterator().next())));
                }
            }
            return Optional.empty();
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
