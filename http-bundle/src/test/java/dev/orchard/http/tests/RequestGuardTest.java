package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;

/**
 * The rules every request meets, over real HTTP on Jetty: TRACE, OPTIONS, a foreign Host or Origin, and bodies that
 * are not JSON, too deep, or far too large; each a 4xx with a reason, never a 500.
 */
class RequestGuardTest {
    @InjectBundleContext
    BundleContext context;

    private String host(URI base) {
        return "Host: 127.0.0.1:" + base.getPort();
    }

    private String bearer() {
        return "Authorization: Bearer " + Api.defaultToken();
    }

    @Test
    void traceIsRefusedOnEveryPath() throws Exception {
        URI base = Api.await(context).base();
        for (String path :
                new String[] {"/orchard/api/v1/providers", "/metrics", "/latest/volumes/", "/nowhere", "/"}) {
            Raw.Answer a =
                    Raw.send(base, "TRACE " + path + " HTTP/1.1\r\n" + host(base) + "\r\n" + bearer(), new byte[0]);
            // A path that nothing serves is Felix's 404 before any filter; either way nothing is echoed.
            assertEquals(path.equals("/nowhere") || path.equals("/") ? 404 : 405, a.status(), path + ": " + a);
            assertFalse(a.body().contains(Api.defaultToken()), "nothing is echoed: " + a);
            assertFalse(a.body().contains("Authorization"), "nothing is echoed: " + a);
        }
    }

    @Test
    void optionsRevealsNothingWithoutTheToken() throws Exception {
        URI base = Api.await(context).base();
        for (String path : new String[] {"/orchard/api/v1/providers", "/metrics", "/latest/volumes/"}) {
            Raw.Answer a = Raw.send(base, "OPTIONS " + path + " HTTP/1.1\r\n" + host(base), new byte[0]);
            assertEquals(401, a.status(), path + ": " + a);
            assertFalse(a.head().toLowerCase().contains("\nallow:"), a::toString);
        }
    }

    @Test
    void aForeignHostIsRefusedEvenWithTheToken() throws Exception {
        URI base = Api.await(context).base();
        for (String path : new String[] {"/orchard/api/v1/providers", "/metrics", "/latest/volumes/"}) {
            Raw.Answer a = Raw.send(
                    base,
                    "GET " + path + " HTTP/1.1\r\nHost: evil.example:" + base.getPort() + "\r\n" + bearer(),
                    new byte[0]);
            assertEquals(403, a.status(), path + ": " + a);
            assertTrue(a.body().contains("\"category\":\"FORBIDDEN\""), a::toString);
        }
        Raw.Answer local = Raw.send(
                base,
                "GET /orchard/api/v1/providers HTTP/1.1\r\nHost: localhost:" + base.getPort() + "\r\n" + bearer(),
                new byte[0]);
        assertEquals(200, local.status(), local::toString);
    }

    @Test
    void aCrossSitePostCreatesNothing() throws Exception {
        Api api = Api.await(context);
        URI base = api.base();
        byte[] body = "{\"name\":\"cross-site\",\"capacity\":\"1Mi\"}".getBytes(StandardCharsets.UTF_8);
        for (String token : new String[] {"", "\r\n" + bearer()}) {
            Raw.Answer a = Raw.send(
                    base,
                    "POST /orchard/api/v1/orchestrators/mock/volumes HTTP/1.1\r\n" + host(base)
                            + "\r\nOrigin: http://evil.example\r\nContent-Type: text/plain\r\nContent-Length: "
                            + body.length
                            + token,
                    body);
            assertEquals(403, a.status(), a::toString);
        }
        assertEquals(
                404, api.get("/orchestrators/mock/volumes/default/cross-site").status());
        // Its own page may.
        Raw.Answer own = Raw.send(
                base,
                "POST /orchard/api/v1/orchestrators/mock/volumes HTTP/1.1\r\n" + host(base)
                        + "\r\nOrigin: http://127.0.0.1:" + base.getPort() + "\r\nContent-Type: application/json\r\n"
                        + "Content-Length: " + body.length + "\r\n" + bearer(),
                body);
        assertEquals(201, own.status(), own::toString);
        assertEquals(
                204,
                api.delete("/orchestrators/mock/volumes/default/cross-site").status());
    }

    @Test
    void badBodiesAreA4xxWithAReason() throws Exception {
        Api api = Api.await(context);
        URI base = api.base();
        Api.Response nul = api.post("/orchestrators/mock/volumes", "null");
        assertEquals(400, nul.status(), nul::toString);
        assertEquals("INVALID_INPUT", nul.category());
        Api.Response podNull = api.post("/pod-providers/mock/pods", "null");
        assertEquals(400, podNull.status(), podNull::toString);
        Api.Response deep = api.post("/pod-providers/mock/pods", "[".repeat(5000) + "]".repeat(5000));
        assertEquals(400, deep.status(), deep::toString);
        Api.Response deepObject =
                api.post("/orchestrators/mock/volumes", "{\"a\":".repeat(2000) + "1" + "}".repeat(2000));
        assertEquals(400, deepObject.status(), deepObject::toString);
        byte[] json = "{\"name\":\"form-typed\"}".getBytes(StandardCharsets.UTF_8);
        Raw.Answer form = Raw.send(
                base,
                "POST /orchard/api/v1/orchestrators/mock/volumes HTTP/1.1\r\n" + host(base)
                        + "\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: " + json.length
                        + "\r\n"
                        + bearer(),
                json);
        assertEquals(415, form.status(), form::toString);
        assertTrue(form.body().contains("application/json"), form::toString);
        Raw.Answer mayaForm = Raw.send(
                base,
                "POST /latest/volumes/ HTTP/1.1\r\n" + host(base)
                        + "\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: " + json.length
                        + "\r\n"
                        + bearer(),
                json);
        assertEquals(415, mayaForm.status(), mayaForm::toString);
    }

    @Test
    void aHugeFormBodyIsRefusedUnread() throws Exception {
        URI base = Api.await(context).base();
        long start = System.nanoTime();
        Raw.Answer a = Raw.sendHuge(
                base,
                "POST /orchard/api/v1/orchestrators/mock/volumes?x=1 HTTP/1.1\r\n" + host(base)
                        + "\r\nContent-Type: application/x-www-form-urlencoded\r\n" + bearer(),
                100_000_000L);
        assertEquals(415, a.status(), a::toString);
        Raw.Answer json = Raw.sendHuge(
                base,
                "POST /orchard/api/v1/orchestrators/mock/volumes HTTP/1.1\r\n" + host(base)
                        + "\r\nContent-Type: application/json\r\n" + bearer(),
                100_000_000L);
        assertEquals(413, json.status(), json::toString);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 5_000, "refused at once, not after reading 100 MB: " + millis + " ms");
    }
}
