package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;

/**
 * The OpenAPI document against the real endpoints: every operation it lists is served, and answers with a status
 * the document lists for it.
 */
class OpenApiTest {
    private static final Map<String, String> VALUES = Map.of(
            "{name}", "mock",
            "{namespace}", "default",
            "{volume}", "oa-volume",
            "{pod}", "oa-pod",
            "{container}", "main");
    private static final Map<String, String> BODIES = Map.of(
            "/orchestrators/{name}/volumes",
            "{\"name\":\"oa-volume\",\"capacity\":\"1Mi\"}",
            "/pod-providers/{name}/pods",
            "{\"metadata\":{\"name\":\"oa-pod\",\"namespace\":\"default\"},"
                    + "\"spec\":{\"containers\":[{\"name\":\"main\",\"command\":[\"echo\",\"hi\"]}]}}");

    @InjectBundleContext
    BundleContext context;

    @Test
    void everyDocumentedOperationIsServedWithADocumentedStatus() {
        Api api = Api.await(context);
        Api.Response document = api.get("/openapi.json");
        assertEquals(200, document.status(), document::toString);
        JsonNode paths = document.json().path("paths");
        assertEquals(
                "/orchard/api/v1",
                document.json().path("servers").path(0).path("url").asText());

        // Creates first, deletes last, so that each read finds what it reads.
        List<String[]> operations = new ArrayList<>();
        paths.fieldNames()
                .forEachRemaining(path -> paths.path(path)
                        .fieldNames()
                        .forEachRemaining(method -> operations.add(new String[] {path, method})));
        operations.sort(Comparator.comparingInt(o -> order(o[1])));
        assertEquals(14, operations.size(), "operations in the document");

        for (String[] op : operations) {
            String path = op[0];
            String method = op[1].toUpperCase(java.util.Locale.ROOT);
            String concrete = path;
            for (Map.Entry<String, String> v : VALUES.entrySet()) {
                concrete = concrete.replace(v.getKey(), v.getValue());
            }
            HttpRequest.Builder request = api.request(concrete);
            if (method.equals("POST")) {
                request.header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(BODIES.get(path)));
            } else {
                request.method(method, HttpRequest.BodyPublishers.noBody());
            }
            Api.Response r = api.send(request);
            JsonNode documented = paths.path(path).path(op[1]).path("responses");
            assertTrue(
                    documented.has(String.valueOf(r.status())) && r.status() < 400,
                    method + " " + concrete + " answered " + r + "; documented: " + documented.fieldNames());
        }
        assertEquals(404, api.get("/volumes").status(), "a path the document does not list");
    }

    private static int order(String method) {
        return switch (method) {
            case "post" -> 0;
            case "delete" -> 2;
            default -> 1;
        };
    }
}
