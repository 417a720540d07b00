package dev.orchard.karaf.tests;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Plain GETs from the test JVM to what a feature serves in Karaf, as a user's client sends them. */
final class HttpProbe {
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private HttpProbe() {}

    /**
     * The status of a GET, or -1 while nothing listens yet.
     *
     * @param uri where
     * @param basicAuth {@code user:password}, {@code Bearer <token>} as is, or null for none
     * @return the status code, or -1
     */
    static int status(URI uri, String basicAuth) {
        try {
            return get(uri, basicAuth).statusCode();
        } catch (IOException notYet) {
            return -1; // Jetty not listening yet
        }
    }

    /**
     * A GET.
     *
     * @param uri where
     * @param basicAuth {@code user:password}, {@code Bearer <token>} as is, or null for none
     * @return the answer, with its body as text
     * @throws IOException if it cannot be sent
     */
    static HttpResponse<String> get(URI uri, String basicAuth) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri);
        if (basicAuth != null && basicAuth.startsWith("Bearer ")) {
            request.header("Authorization", basicAuth);
        } else if (basicAuth != null) {
            request.header(
                    "Authorization",
                    "Basic " + Base64.getEncoder().encodeToString(basicAuth.getBytes(StandardCharsets.UTF_8)));
        }
        try {
            return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted: GET " + uri, e);
        }
    }

    /**
     * A GET with no credentials to a server that is known to listen: failing to send it fails the test.
     *
     * @param url where
     * @return the answer, with its body as text
     */
    static HttpResponse<String> get(String url) {
        try {
            return get(URI.create(url), null);
        } catch (IOException e) {
            throw new AssertionError("GET " + url + " failed", e);
        }
    }
}
