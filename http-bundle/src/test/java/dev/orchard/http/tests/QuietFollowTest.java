package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.pod.PodProvider;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

/**
 * A followed log of a container that writes nothing, whose client goes: it closes its connection, or resets it, or
 * the provider's read ignores interrupts. Each time the follow ends within a few seconds, its read returns and its
 * stream is closed; and only a quarter of the server's threads (here 50 of Jetty's 200) may stream a log at once,
 * followed or not, so the API still answers while they do. A follow sent with a body is refused before it starts.
 */
class QuietFollowTest extends ApiTest {
    private static final String LOGS = "/pod-providers/quiet/pods/ns/p/logs/";
    private static final long ENDS_WITHIN_MS = 5000;

    @Test
    void aQuietFollowEndsWhenItsClientClosesTheConnection() throws Exception {
        drop(false, "c");
    }

    @Test
    void aQuietFollowEndsWhenItsClientResetsTheConnection() throws Exception {
        drop(true, "c");
    }

    @Test
    void aQuietFollowWhoseReadIgnoresInterruptsIsClosedToEndIt() throws Exception {
        drop(false, "stubborn");
    }

    @Test
    void followsBeyondAQuarterOfTheThreadsAreRefusedAndTheApiAnswersMeanwhile() throws Exception {
        QuietPods quiet = new QuietPods();
        try (TestProviders providers = new TestProviders(context)) {
            providers.register(PodProvider.class, quiet, "quiet");
            awaitProvider("quiet");
            List<Socket> clients = new ArrayList<>();
            try {
                for (int i = 0; i < 50; i++) {
                    Socket s = follow("c");
                    clients.add(s);
                    assertEquals("HTTP/1.1 200 OK", statusLine(s), "follow " + i);
                }
                awaitCount("reads waiting", quiet.reading::get, 50);
                Socket refused = follow("c");
                clients.add(refused);
                String status = statusLine(refused);
                assertTrue(status.startsWith("HTTP/1.1 503"), status);
                assertEquals(200, api.get("/openapi.json").status(), "the API answers while 50 follow");
                assertEquals(50, quiet.opened.get(), "a refused follow never reached the provider");
            } finally {
                for (Socket s : clients) {
                    s.close();
                }
            }
            awaitCount("streams open", quiet.open::get, 0);
            Socket again = follow("c");
            try {
                assertEquals("HTTP/1.1 200 OK", statusLine(again), "places are given back");
            } finally {
                again.close();
            }
            awaitCount("streams open", quiet.open::get, 0);
        }
    }

    @Test
    void everyLogFollowedOrNotHoldsASlotAndTheNextIsRefused503WithRetryAfter() throws Exception {
        QuietPods quiet = new QuietPods();
        try (TestProviders providers = new TestProviders(context)) {
            providers.register(PodProvider.class, quiet, "quiet");
            awaitProvider("quiet");
            List<Socket> clients = new ArrayList<>();
            try {
                // Half of them plain logs that the provider is slow to give (a huge log): as long-lived as a follow.
                for (int i = 0; i < 50; i++) {
                    Socket s = open("c", i % 2 == 0 ? "" : "follow=true");
                    clients.add(s);
                    assertEquals("HTTP/1.1 200 OK", statusLine(s), "log " + i);
                }
                awaitCount("reads waiting", quiet.reading::get, 50);
                Socket refused = open("c", "");
                clients.add(refused);
                String status = statusLine(refused);
                assertTrue(status.startsWith("HTTP/1.1 503"), "a 51st log, not followed: " + status);
                String head = head(refused);
                assertTrue(head.contains("retry-after:"), head);
                assertEquals(200, api.get("/openapi.json").status(), "the API answers while 50 logs stream");
                assertEquals(50, quiet.opened.get(), "a refused log never reached the provider");
            } finally {
                for (Socket s : clients) {
                    s.close();
                }
            }
            awaitCount("streams open", quiet.open::get, 0);
            Socket again = open("c", "");
            try {
                assertEquals("HTTP/1.1 200 OK", statusLine(again), "places are given back");
            } finally {
                again.close();
            }
            awaitCount("streams open", quiet.open::get, 0);
        }
    }

    @Test
    void aFollowSentWithABodyIsRefusedBeforeAnythingStreams() throws Exception {
        // Its connection would be Jetty's to read, so its client's hang-up could not be watched: it would never end.
        QuietPods quiet = new QuietPods();
        try (TestProviders providers = new TestProviders(context)) {
            providers.register(PodProvider.class, quiet, "quiet");
            awaitProvider("quiet");
            URI base = api.base();
            String head = "GET " + Api.ROOT + LOGS + "c?follow=true HTTP/1.1\r\nHost: 127.0.0.1:" + base.getPort()
                    + "\r\nAuthorization: Bearer " + Api.defaultToken() + "\r\nContent-Type: application/json\r\n";
            Raw.Answer declared = Raw.send(base, head + "Content-Length: 2", "{}".getBytes(StandardCharsets.US_ASCII));
            assertEquals(400, declared.status(), declared::toString);
            assertTrue(declared.body().contains("takes no body"), declared::toString);
            Raw.Answer chunked = Raw.send(
                    base,
                    head + "Transfer-Encoding: chunked",
                    "2\r\n{}\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertEquals(400, chunked.status(), chunked::toString);
            assertEquals(0, quiet.opened.get(), "no log was opened for a request with a body");
        }
    }

    private void drop(boolean reset, String container) throws Exception {
        QuietPods quiet = new QuietPods();
        try (TestProviders providers = new TestProviders(context)) {
            providers.register(PodProvider.class, quiet, "quiet");
            awaitProvider("quiet");
            Socket client = follow(container);
            awaitCount("reads waiting", quiet.reading::get, 1); // the follow is served, and waits for output
            if (reset) {
                client.setSoLinger(true, 0);
            }
            client.close();
            awaitCount("reads waiting", quiet.reading::get, 0);
            awaitCount("streams open", quiet.open::get, 0);
        }
    }

    // A raw client, so that it can go as a killed process does: no more bytes, then a FIN or a reset.
    private Socket follow(String container) throws IOException {
        return open(container, "follow=true");
    }

    private Socket open(String container, String query) throws IOException {
        HttpRequest template = api.request(LOGS + container + (query.isEmpty() ? "" : "?" + query))
                .GET()
                .build();
        URI uri = template.uri();
        Socket s = new Socket(uri.getHost(), uri.getPort());
        s.setSoTimeout(10_000);
        StringBuilder head = new StringBuilder(
                "GET " + uri.getRawPath() + (query.isEmpty() ? "" : "?" + uri.getRawQuery()) + " HTTP/1.1\r\n");
        head.append("Host: ")
                .append(uri.getHost())
                .append(':')
                .append(uri.getPort())
                .append("\r\n");
        template.headers()
                .map()
                .forEach((k, vs) ->
                        vs.forEach(v -> head.append(k).append(": ").append(v).append("\r\n")));
        head.append("\r\n");
        s.getOutputStream().write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        s.getOutputStream().flush();
        return s;
    }

    private static String statusLine(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        StringBuilder line = new StringBuilder();
        for (int c; (c = in.read()) >= 0 && c != '\n'; ) {
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    // The rest of a head whose status line was read, its names in lower case.
    private static String head(Socket s) throws IOException {
        StringBuilder head = new StringBuilder();
        for (String line; !(line = statusLine(s)).isEmpty(); ) {
            head.append(line.toLowerCase(java.util.Locale.ROOT)).append('\n');
        }
        return head.toString();
    }

    private static void awaitCount(String what, IntSupplier count, int expected) throws InterruptedException {
        long deadline = System.nanoTime() + ENDS_WITHIN_MS * 1_000_000;
        while (count.getAsInt() != expected) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        what + ": " + count.getAsInt() + " after " + ENDS_WITHIN_MS + " ms, not " + expected);
            }
            Thread.sleep(20);
        }
    }
}
