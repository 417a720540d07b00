package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;

/**
 * maya's volume paths with the requests maya's CLI sends (pkg/client/mapiserver: volume_create.go,
 * volumes_list.go, volume_info.go, volume_delete.go), on the default orchestrator (mock here).
 */
class MayaTest {
    /** What mayactl's CreateVolume posts: json.Marshal of a CASVolume with a name, a namespace and a capacity. */
    private static final String CREATE = "{\"metadata\":{\"name\":\"maya-vol\",\"namespace\":\"default\","
            + "\"creationTimestamp\":null},\"spec\":{\"capacity\":\"1G\",\"iqn\":\"\",\"targetPortal\":\"\","
            + "\"targetIP\":\"\",\"targetPort\":\"\",\"replicas\":\"\",\"casType\":\"\",\"fsType\":\"\",\"lun\":0,"
            + "\"accessMode\":\"\"},\"cloneSpec\":{},\"status\":{\"Phase\":\"\",\"Message\":\"\",\"Reason\":\"\"}}";

    @InjectBundleContext
    BundleContext context;

    @Test
    void mayasCliCreatesListsReadsAndDeletes() {
        Api api = Api.await(context);
        Api.Response created = send(
                api,
                HttpRequest.newBuilder(maya(api, "/"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(CREATE)));
        assertEquals(200, created.status(), created::toString);
        assertEquals("maya-vol", created.json().path("metadata").path("name").asText());
        assertEquals(
                1_000_000_000L,
                bytes(created.json().path("spec").path("capacity").asText()));

        Api.Response list = send(api, HttpRequest.newBuilder(maya(api, "/")).GET());
        assertEquals(200, list.status(), list::toString);
        assertTrue(
                StreamSupport.stream(list.json().path("items").spliterator(), false)
                        .anyMatch(v -> v.path("metadata").path("name").asText().equals("maya-vol")),
                list::toString);

        Api.Response info = named(api, "GET");
        assertEquals(200, info.status(), info::toString);
        assertEquals("1", info.json().path("spec").path("replicas").asText());

        Api.Response deleted = named(api, "DELETE");
        assertEquals(200, deleted.status(), deleted::toString);

        Api.Response gone = named(api, "GET");
        assertEquals(404, gone.status(), gone::toString);
        assertEquals("failed to read volume: volume {maya-vol} not found in namespace {default}", gone.body());

        Api.Response again = send(
                api,
                HttpRequest.newBuilder(maya(api, "/"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(CREATE.replace("\"1G\"", "\"\""))));
        assertEquals(400, again.status(), again::toString);
    }

    /** What mayactl's volume info and delete send: the volume's path, and its namespace as a header. */
    private static Api.Response named(Api api, String method) {
        return send(
                api,
                HttpRequest.newBuilder(maya(api, "/maya-vol"))
                        .header("namespace", "default")
                        .method(method, HttpRequest.BodyPublishers.noBody()));
    }

    @Test
    void mayasOlderInfoAndDeletePaths() {
        Api api = Api.await(context);
        Api.Response created = send(
                api,
                HttpRequest.newBuilder(maya(api, "/"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(CREATE.replace("maya-vol", "old-vol"))));
        assertEquals(200, created.status(), created::toString);
        Api.Response info =
                send(api, HttpRequest.newBuilder(maya(api, "/info/old-vol")).GET());
        assertEquals(200, info.status(), info::toString);
        assertEquals("old-vol", info.json().path("metadata").path("name").asText());
        Api.Response deleted =
                send(api, HttpRequest.newBuilder(maya(api, "/delete/old-vol")).GET());
        assertEquals(200, deleted.status(), deleted::toString);
        assertEquals("\"Volume 'old-vol' deleted successfully\"", deleted.body());
        Api.Response again =
                send(api, HttpRequest.newBuilder(maya(api, "/delete/old-vol")).GET());
        assertEquals(404, again.status(), again::toString);
        assertEquals("Volume 'old-vol' not found", again.body());
    }

    private static java.net.URI maya(Api api, String path) {
        return api.base().resolve("/latest/volumes" + path);
    }

    private static Api.Response send(Api api, HttpRequest.Builder request) {
        return api.send(api.authorize(request));
    }

    private static long bytes(String quantity) {
        return dev.orchard.api.quantity.Quantity.parseBytes("capacity", quantity);
    }
}
