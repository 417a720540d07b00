package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.PodProvider;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/** The pod endpoints against the mock pod provider, logs with every option, a follow whose client goes. */
class PodsTest extends ApiTest {
    private static final String PODS = "/pod-providers/mock/pods";
    private static final String POD =
            "{\"metadata\":{\"name\":\"%s\",\"namespace\":\"%s\",\"labels\":{\"app\":\"web\"}},"
                    + "\"spec\":{\"containers\":[{\"name\":\"main\",\"image\":\"busybox\",\"command\":[\"echo\",\"hello\"]}]}}";

    @Test
    void createReadListLogsDelete() {
        Api.Response created = api.post(PODS, POD.formatted("web", "team-a"));
        assertEquals(201, created.status(), created::toString);
        assertEquals("web", created.json().path("metadata").path("name").asText());
        assertEquals(
                "main",
                created.json()
                        .path("spec")
                        .path("containers")
                        .path(0)
                        .path("name")
                        .asText());
        assertEquals(409, api.post(PODS, POD.formatted("web", "team-a")).status());

        Api.Response read = api.get(PODS + "/team-a/web");
        assertEquals(200, read.status(), read::toString);
        assertEquals(
                "web", read.json().path("metadata").path("labels").path("app").asText());

        assertEquals(List.of("web"), names(api.get(PODS + "?namespace=team-a")));
        assertEquals(List.of(), names(api.get(PODS + "?namespace=team-b")));

        Api.Response logs = api.get(PODS + "/team-a/web/logs/main");
        assertEquals(200, logs.status(), logs::toString);
        assertEquals("hello\n", logs.body());
        Api.Response stamped = api.get(PODS + "/team-a/web/logs/main?timestamps=true&tail=1&limitBytes=1000"
                + "&sinceSeconds=3600&follow=false&previous=false");
        assertEquals(200, stamped.status(), stamped::toString);
        assertTrue(stamped.body().endsWith(" hello\n"), stamped::toString);
        Api.Response future = api.get(PODS + "/team-a/web/logs/main?sinceTime=2999-01-01T00:00:00Z");
        assertEquals("", future.body(), future::toString);
        Api.Response previous = api.get(PODS + "/team-a/web/logs/main?previous=true");
        assertEquals(404, previous.status(), previous::toString);

        assertEquals(204, api.delete(PODS + "/team-a/web").status());
        Api.Response gone = api.get(PODS + "/team-a/web");
        assertEquals(404, gone.status(), gone::toString);
        assertEquals("NOT_FOUND", gone.category());
    }

    @Test
    void everyLogOptionReachesTheProvider() {
        StreamingPods streaming = new StreamingPods();
        try (TestProviders providers = new TestProviders(context)) {
            providers.register(PodProvider.class, streaming, "streaming");
            awaitProvider("streaming");
            api.get("/pod-providers/streaming/pods/ns/p/logs/c?tail=3&limitBytes=40&timestamps=true"
                    + "&previous=true&sinceTime=2026-01-02T03:04:05Z");
            LogOptions options = streaming.lastOptions.get();
            assertEquals(3, options.tail().getAsInt());
            assertEquals(40, options.limitBytes().getAsLong());
            assertTrue(options.timestamps());
            assertTrue(options.previous());
            assertEquals(
                    Instant.parse("2026-01-02T03:04:05Z"), options.sinceTime().orElseThrow());
            api.get("/pod-providers/streaming/pods/ns/p/logs/c?sinceSeconds=9&follow=false");
            assertEquals(9, streaming.lastOptions.get().sinceSeconds().getAsLong());
        }
    }

    @Test
    void badLogOptionsAreBadRequestsThatNameThem() {
        Api.Response tail = api.get(PODS + "/default/x/logs/main?tail=some");
        assertEquals(400, tail.status(), tail::toString);
        assertTrue(tail.json().path("message").asText().contains("tail"), tail::toString);
        Api.Response negative = api.get(PODS + "/default/x/logs/main?limitBytes=-5");
        assertEquals(400, negative.status(), negative::toString);
        Api.Response time = api.get(PODS + "/default/x/logs/main?sinceTime=yesterday");
        assertEquals(400, time.status(), time::toString);
        assertTrue(time.json().path("message").asText().contains("sinceTime"), time::toString);
        Api.Response unknown = api.get(PODS + "/default/x/logs/main?tailLines=5");
        assertEquals(400, unknown.status(), unknown::toString);
        assertTrue(unknown.json().path("message").asText().contains("tailLines"), unknown::toString);
    }

    @Test
    void aFollowEndsWhenItsClientGoes() throws Exception {
        StreamingPods streaming = new StreamingPods();
        try (TestProviders providers = new TestProviders(context)) {
            providers.register(PodProvider.class, streaming, "streaming");
            awaitProvider("streaming");
            HttpResponse<InputStream> response = Api.CLIENT.send(
                    api.request("/pod-providers/streaming/pods/ns/p/logs/c?follow=true")
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertEquals(200, response.statusCode());
            try (BufferedReader lines =
                    new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                assertEquals("line 0", lines.readLine());
                assertEquals("line 1", lines.readLine());
            }
            assertTrue(
                    streaming.closed.await(Await.TIMEOUT.toSeconds(), TimeUnit.SECONDS),
                    "the provider's log stream was not closed after the client went");
        }
    }

    @Test
    void aMalformedPodIsABadRequestThatNamesTheField() {
        Api.Response noContainers = api.post(
                PODS,
                "{\"metadata\":{\"name\":\"p\",\"namespace\":\"default\"},"
                        + "\"spec\":{\"containers\":[{\"name\":\"Bad Name\"}]}}");
        assertEquals(400, noContainers.status(), noContainers::toString);
        assertTrue(noContainers.json().path("message").asText().contains("spec.containers[0]"), noContainers::toString);
        Api.Response wrongType = api.post(
                PODS,
                "{\"metadata\":{\"name\":\"p\",\"namespace\":\"default\"},"
                        + "\"spec\":{\"containers\":[{\"name\":\"c\",\"command\":\"not a list\"}]}}");
        assertEquals(400, wrongType.status(), wrongType::toString);
        assertTrue(wrongType.json().path("message").asText().contains("command"), wrongType::toString);
    }

    @Test
    void nodeAndStats() {
        Api.Response node = api.get("/pod-providers/mock/node");
        assertEquals(200, node.status(), node::toString);
        assertEquals("mock", node.json().path("name").asText());
        assertTrue(node.json().path("capacity").path("pods").asLong() > 0, node::toString);
        Api.Response stats = api.get("/pod-providers/default/stats");
        assertEquals(200, stats.status(), stats::toString);
        assertTrue(stats.json().has("pods"), stats::toString);
        Api.Response missing = api.get("/pod-providers/nobody/node");
        assertEquals(404, missing.status(), missing::toString);
    }

    private static List<String> names(Api.Response list) {
        assertEquals(200, list.status(), list::toString);
        return StreamSupport.stream(list.json().path("items").spliterator(), false)
                .map(p -> p.path("metadata").path("name").asText())
                .toList();
    }
}
