package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.registry.ProviderProperties;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/** The provider endpoints: every name and kind with its state and candidates, and one name's candidates. */
class ProvidersTest extends ApiTest {

    @Test
    void listsEveryNameAndKindWithStateAndCandidates() {
        Api.Response r = api.get("/providers");
        assertEquals(200, r.status(), r::toString);
        JsonNode orchestrator = find(r.json(), "mock", "ORCHESTRATOR");
        assertEquals("ACTIVE", orchestrator.path("state").asText());
        assertEquals(
                "dev.orchard.provider.mock",
                orchestrator.path("candidates").path(0).path("bundle").asText().split("/")[0]);
        assertEquals("ACTIVE", find(r.json(), "mock", "POD").path("state").asText());
    }

    @Test
    void oneNameShowsEachCandidateWithItsFailureReason() {
        try (TestProviders providers = new TestProviders(context)) {
            providers.register(
                    Orchestrator.class,
                    TestProviders.withoutStorage("mock"),
                    "mock",
                    ProviderProperties.FAILURE,
                    "disk full",
                    "service.ranking",
                    100);
            Await.until(
                    "the failed candidate",
                    () -> api.get("/providers/mock").body().contains("disk full"));
            Api.Response r = api.get("/providers/mock");
            assertEquals(200, r.status(), r::toString);
            JsonNode candidates = find(r.json(), "mock", "ORCHESTRATOR").path("candidates");
            assertEquals(2, candidates.size(), r::toString);
            assertTrue(StreamSupport.stream(candidates.spliterator(), false)
                    .anyMatch(c -> c.path("state").asText().equals("FAILED")
                            && c.path("failureReason").asText().equals("disk full")));
        }
        Api.Response missing = api.get("/providers/nobody");
        assertEquals(404, missing.status(), missing::toString);
        assertEquals("NOT_FOUND", missing.category());
    }

    private static JsonNode find(JsonNode body, String name, String kind) {
        return StreamSupport.stream(body.path("items").spliterator(), false)
                .filter(p -> p.path("name").asText().equals(name)
                        && p.path("kind").asText().equals(kind))
                .findFirst()
                .orElseThrow(() -> new AssertionError(name + " " + kind + " not in " + body));
    }
}
