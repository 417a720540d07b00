package dev.orchard.http.tests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/**
 * A plain HTTP client of the API: finds where Jetty listens from the servlet whiteboard's runtime service, and
 * sends requests with java.net.http.
 */
final class Api {
    static final String ROOT = "/orchard/api/v1";
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final URI base;
    private final String token;

    private Api(URI base, String token) {
        this.base = base;
        this.token = token;
    }

    /** Stands for the token the add-on made in the runtime's folder, read at each request. */
    static final String DEFAULT = "\0default";

    /**
     * The token the add-on made for itself in the runtime's folder ({@code orchard.runtime.dir}), as an operator
     * reads it.
     *
     * @return the token; null if it is not there (yet)
     */
    static String defaultToken() {
        BundleContext context =
                org.osgi.framework.FrameworkUtil.getBundle(Api.class).getBundleContext();
        java.nio.file.Path file = java.nio.file.Path.of(context.getProperty("orchard.runtime.dir"), "http", "token");
        try {
            return java.nio.file.Files.readString(file).strip();
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Waits until the API answers on the whiteboard's endpoint, and returns a client of it.
     *
     * @param context the test bundle's context
     * @return the client, with the add-on's own token
     */
    static Api await(BundleContext context) {
        return await(
                context, "the API to answer", api -> api.get("/openapi.json").status() == 200);
    }

    /**
     * Waits until the API on the whiteboard's current endpoint (which moves when Jetty restarts on a new
     * configuration) meets a condition.
     *
     * @param context the test bundle's context
     * @param what what the condition means
     * @param condition the condition; a connection failure counts as false
     * @return the client, with the add-on's own token
     */
    static Api await(BundleContext context, String what, java.util.function.Predicate<Api> condition) {
        Api[] found = new Api[1];
        Await.until(
                what,
                () -> {
                    Optional<URI> endpoint = endpoint(context);
                    if (endpoint.isEmpty()) {
                        return false;
                    }
                    Api api = new Api(endpoint.get(), DEFAULT);
                    try {
                        found[0] = api;
                        return condition.test(api);
                    } catch (UncheckedIOException e) {
                        return false;
                    }
                },
                () -> {
                    Optional<URI> endpoint = endpoint(context);
                    try {
                        return endpoint + ", GET /providers: "
                                + endpoint.map(e -> new Api(e, DEFAULT)
                                                .get("/providers")
                                                .toString())
                                        .orElse("no endpoint");
                    } catch (UncheckedIOException e) {
                        return endpoint + ": " + e.getMessage();
                    }
                });
        return found[0];
    }

    /**
     * The first endpoint the servlet whiteboard runtime announces, if it runs.
     *
     * @param context a bundle context
     * @return e.g. {@code http://127.0.0.1:41234/}
     */
    static Optional<URI> endpoint(BundleContext context) {
        try {
            ServiceReference<?>[] refs = context.getServiceReferences(
                    (String) null, "(objectClass=org.osgi.service.servlet.runtime.HttpServiceRuntime)");
            if (refs == null) {
                return Optional.empty();
            }
            for (ServiceReference<?> ref : refs) {
                for (String e : strings(ref.getProperty("osgi.http.endpoint"))) {
                    return Optional.of(URI.create(e));
                }
            }
            return Optional.empty();
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> strings(Object value) {
        List<String> all = new ArrayList<>();
        if (value instanceof String s) {
            all.add(s);
        } else if (value instanceof String[] a) {
            all.addAll(List.of(a));
        } else if (value instanceof java.util.Collection<?> c) {
            c.forEach(o -> all.add(String.valueOf(o)));
        }
        return all;
    }

    /**
     * A client of the API at a base address.
     *
     * @param base e.g. {@code http://10.0.0.5:8080/}
     * @return the client, without a token
     */
    static Api at(URI base) {
        return new Api(base, null);
    }

    /** This client, sending a bearer token. */
    Api withToken(String bearer) {
        return new Api(base, bearer);
    }

    /** This client, sending no credential. */
    Api withoutToken() {
        return new Api(base, null);
    }

    URI base() {
        return base;
    }

    URI uri(String path) {
        return base.resolve(ROOT + path);
    }

    Response get(String path) {
        return send(request(path).GET());
    }

    Response delete(String path) {
        return send(request(path).DELETE());
    }

    Response post(String path, String json) {
        return send(request(path)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    Response post(String path, byte[] body) {
        return send(request(path)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    /**
     * A request to a path below the API root. Its 5 s timeout (for the answer's head; a streamed body may take
     * longer) keeps a poll from hanging on a Jetty that is stopping for a new configuration.
     */
    HttpRequest.Builder request(String path) {
        return authorize(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(5)));
    }

    /** Adds this client's credential, if it has one, to any request (maya's paths, /metrics). */
    HttpRequest.Builder authorize(HttpRequest.Builder b) {
        String bearer = DEFAULT.equals(token) ? defaultToken() : token;
        return bearer == null ? b : b.header("Authorization", "Bearer " + bearer);
    }

    /** Sends a request as built, with no credential added. */
    Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> r = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(r.statusCode(), r.body(), r.headers());
        } catch (ConnectException e) {
            throw new UncheckedIOException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** One answer. */
    record Response(int status, String body, java.net.http.HttpHeaders headers) {
        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }

        String category() {
            return json().path("category").asText();
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }
}
