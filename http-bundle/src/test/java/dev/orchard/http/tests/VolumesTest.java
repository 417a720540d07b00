package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.orchestrator.Orchestrator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/** The volume endpoints against the mock orchestrator, and the error categories of volume calls. */
class VolumesTest extends ApiTest {
    private static final String MOCK = "/orchestrators/mock/volumes";

    @Test
    void createReadListDelete() {
        Api.Response created = api.post(
                MOCK,
                "{\"name\":\"crud\",\"namespace\":\"team-a\",\"capacity\":\"10Mi\",\"replicas\":2,"
                        + "\"storageClass\":\"fast\",\"labels\":{\"app\":\"db\"}}");
        assertEquals(201, created.status(), created::toString);
        assertEquals("10Mi", created.json().path("capacity").asText());
        assertEquals(2, created.json().path("replicas").asInt());
        assertEquals("fast", created.json().path("storageClass").asText());
        assertEquals("db", created.json().path("labels").path("app").asText());
        assertTrue(
                created.headers().firstValue("Location").orElse("").endsWith(Api.ROOT + MOCK + "/team-a/crud"),
                created::toString);

        Api.Response read = api.get(MOCK + "/team-a/crud");
        assertEquals(200, read.status(), read::toString);
        assertEquals("crud", read.json().path("name").asText());
        assertEquals("team-a", read.json().path("namespace").asText());

        assertEquals(List.of("crud"), names(api.get(MOCK + "?namespace=team-a&label=app=db")));
        assertEquals(List.of(), names(api.get(MOCK + "?namespace=team-a&label=app=web")));
        assertEquals(List.of(), names(api.get(MOCK + "?namespace=team-b")));

        assertEquals(204, api.delete(MOCK + "/team-a/crud").status());
        Api.Response gone = api.get(MOCK + "/team-a/crud");
        assertEquals(404, gone.status(), gone::toString);
        assertEquals("NOT_FOUND", gone.category());
        assertEquals(404, api.delete(MOCK + "/team-a/crud").status());
    }

    @Test
    void defaultMeansTheDetectedDefault() {
        Api.Response created =
                api.post("/orchestrators/default/volumes", "{\"name\":\"by-default\",\"capacity\":\"1Mi\"}");
        assertEquals(201, created.status(), created::toString);
        assertEquals(200, api.get(MOCK + "/default/by-default").status());
        assertEquals(
                204,
                api.delete("/orchestrators/default/volumes/default/by-default").status());
    }

    @Test
    void concurrentCreatesOfOneNameGiveOneCreatedAndTheRestConflict() throws Exception {
        int clients = 16;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Callable<Integer>> posts = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                posts.add(() -> api.post(MOCK, "{\"name\":\"race\",\"capacity\":\"1Mi\"}")
                        .status());
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> f : pool.invokeAll(posts)) {
                statuses.add(f.get());
            }
            assertEquals(1, statuses.stream().filter(s -> s == 201).count(), statuses::toString);
            assertEquals(clients - 1, statuses.stream().filter(s -> s == 409).count(), statuses::toString);
        } finally {
            pool.shutdownNow();
            api.delete(MOCK + "/default/race");
        }
    }

    @Test
    void aMalformedBodyIsABadRequestThatNamesTheField() {
        Api.Response notJson = api.post(MOCK, "{\"name\": ");
        assertEquals(400, notJson.status(), notJson::toString);
        assertEquals("INVALID_INPUT", notJson.category());

        Api.Response unknown = api.post(MOCK, "{\"nam\":\"v\",\"capacity\":\"1Mi\"}");
        assertEquals(400, unknown.status(), unknown::toString);
        assertTrue(unknown.json().path("message").asText().contains("nam"), unknown::toString);

        Api.Response wrongType = api.post(MOCK, "{\"name\":\"v\",\"capacity\":\"1Mi\",\"replicas\":\"many\"}");
        assertEquals(400, wrongType.status(), wrongType::toString);
        assertTrue(wrongType.json().path("message").asText().contains("replicas"), wrongType::toString);

        Api.Response badQuantity = api.post(MOCK, "{\"name\":\"v\",\"capacity\":\"ten\"}");
        assertEquals(400, badQuantity.status(), badQuantity::toString);
        assertTrue(badQuantity.json().path("message").asText().contains("capacity"), badQuantity::toString);

        Api.Response badName = api.post(MOCK, "{\"name\":\"Not_A_Label\",\"capacity\":\"1Mi\"}");
        assertEquals(400, badName.status(), badName::toString);
        assertTrue(badName.json().path("message").asText().contains("Not_A_Label"), badName::toString);

        for (Api.Response r : List.of(notJson, unknown, wrongType, badQuantity, badName)) {
            assertFalse(r.body().contains("at com.") || r.body().contains("Exception"), r::toString);
        }
    }

    @Test
    void anOversizedBodyIsRefused() {
        byte[] big = new byte[1024 * 1024 + 1];
        java.util.Arrays.fill(big, (byte) ' ');
        Api.Response r = api.post(MOCK, big);
        assertEquals(413, r.status(), r::toString);
        assertEquals("INVALID_INPUT", r.category());
    }

    @Test
    void eachErrorCategoryHasItsStatus() {
        try (TestProviders providers = new TestProviders(context)) {
            providers.register(Orchestrator.class, TestProviders.withoutStorage("no-storage"), "no-storage");
            providers.register(Orchestrator.class, TestProviders.unavailable("down"), "down");
            providers.register(Orchestrator.class, TestProviders.broken("broken"), "broken");
            awaitProvider("broken");

            Api.Response unsupported = api.get("/orchestrators/no-storage/volumes");
            assertEquals(501, unsupported.status(), unsupported::toString);
            assertEquals("UNSUPPORTED", unsupported.category());

            Api.Response unavailable = api.get("/orchestrators/down/volumes");
            assertEquals(503, unavailable.status(), unavailable::toString);
            assertEquals("UNAVAILABLE", unavailable.category());
            assertTrue(unavailable.headers().firstValue("Retry-After").isPresent(), unavailable::toString);

            Api.Response missing = api.get("/orchestrators/nobody/volumes");
            assertEquals(404, missing.status(), missing::toString);
            assertEquals("NOT_FOUND", missing.category());

            Api.Response invalid = api.get("/orchestrators/Bad_Name/volumes");
            assertEquals(400, invalid.status(), invalid::toString);

            Api.Response internal = api.get("/orchestrators/broken/volumes");
            assertEquals(500, internal.status(), internal::toString);
            assertFalse(internal.body().contains("secret internal detail"), internal::toString);
            assertFalse(internal.body().contains("IllegalStateException"), internal::toString);

            Api.Response unknownQuery = api.get(MOCK + "?namespce=x");
            assertEquals(400, unknownQuery.status(), unknownQuery::toString);
            assertTrue(unknownQuery.json().path("message").asText().contains("namespce"));

            Api.Response noRoute = api.get("/orchestrators/mock/volumez");
            assertEquals(404, noRoute.status(), noRoute::toString);

            Api.Response wrongMethod =
                    api.send(api.request(MOCK).PUT(java.net.http.HttpRequest.BodyPublishers.noBody()));
            assertEquals(405, wrongMethod.status(), wrongMethod::toString);
            assertEquals("GET, POST", wrongMethod.headers().firstValue("Allow").orElse(""));
        }
    }

    private static List<String> names(Api.Response list) {
        assertEquals(200, list.status(), list::toString);
        return StreamSupport.stream(list.json().path("items").spliterator(), false)
                .map(v -> v.path("name").asText())
                .toList();
    }
}
