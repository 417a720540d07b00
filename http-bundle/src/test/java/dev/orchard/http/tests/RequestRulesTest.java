package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.http.binding.BearerToken;
import dev.orchard.http.binding.Refusal;
import dev.orchard.http.binding.RequestFacts;
import dev.orchard.http.binding.RequestRules;
import dev.orchard.http.binding.Surface;
import dev.orchard.http.binding.TokenState;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The request rules on their own: each rule, from a request's head. */
class RequestRulesTest {
    private static final String BEARER = "Bearer t0ken";

    private final RequestRules rules = new RequestRules(token(), 1024, List.of("orchard.example"));

    private static TokenState token() {
        try {
            Path file = AuthTest.tokenFile("t0ken\n", "rw-------");
            return TokenState.usable(BearerToken.readOwned(file));
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    /** A JSON POST with the token to 127.0.0.1:8080 from its own page. */
    private static RequestFacts post(String host, String origin, String type, String authorization) {
        return new RequestFacts("POST", "http", host, origin, null, type, 10, false, authorization, "127.0.0.1", 8080);
    }

    private static RequestFacts get(String method, String host, String authorization) {
        return new RequestFacts(method, "http", host, null, null, null, -1, false, authorization, "127.0.0.1", 8080);
    }

    private static int status(Optional<Refusal> r) {
        return r.map(Refusal::status).orElse(200);
    }

    @Test
    void traceIsRefusedEverywhere() {
        for (Surface s : Surface.values()) {
            assertEquals(405, status(rules.check(get("TRACE", "127.0.0.1:8080", BEARER), s)), s.name());
        }
    }

    @Test
    void theHostMustNameTheServer() {
        for (String ok : new String[] {
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "[::1]:8080",
            "orchard.example",
            "orchard.example:9999"
        }) {
            assertEquals(200, status(rules.check(get("GET", ok, BEARER), Surface.API)), ok);
        }
        for (String bad : new String[] {
            "evil.example:8080", "127.0.0.1:8081", "localhost", "10.0.0.1:8080", "127.0.0.1:8080@evil", "[::1", ""
        }) {
            int s = status(rules.check(get("GET", bad, BEARER), Surface.API));
            assertTrue(s == 403 || s == 400, bad + ": " + s);
        }
        assertEquals(400, status(rules.check(get("GET", null, BEARER), Surface.OTHER)));
        // Beyond loopback: the address the connection came to, not localhost.
        RequestFacts wide = new RequestFacts(
                "GET", "http", "localhost:8080", null, null, null, -1, false, BEARER, "10.1.2.3", 8080);
        assertEquals(403, status(rules.check(wide, Surface.API)));
        RequestFacts literal =
                new RequestFacts("GET", "http", "10.1.2.3:8080", null, null, null, -1, false, BEARER, "10.1.2.3", 8080);
        assertEquals(200, status(rules.check(literal, Surface.API)));
    }

    @Test
    void aForeignOriginIsRefusedWhateverElseItBrings() {
        String json = "application/json";
        assertEquals(
                200, status(rules.check(post("127.0.0.1:8080", "http://127.0.0.1:8080", json, BEARER), Surface.API)));
        for (String foreign : new String[] {
            "http://evil.example", "null", "http://127.0.0.1:8081", "https://127.0.0.1:8080", "http://localhost:8080"
        }) {
            Optional<Refusal> r = rules.check(post("127.0.0.1:8080", foreign, json, BEARER), Surface.API);
            assertEquals(403, status(r), foreign);
            assertEquals("FORBIDDEN", r.get().category());
        }
        assertEquals(
                403, status(rules.check(post("127.0.0.1:8080", "http://evil.example", json, null), Surface.OTHER)));
    }

    @Test
    void theApiNeedsTheBearerTokenAndNothingElse() {
        assertEquals(401, status(rules.check(get("GET", "127.0.0.1:8080", null), Surface.API)));
        assertEquals(401, status(rules.check(get("OPTIONS", "127.0.0.1:8080", null), Surface.API)));
        assertEquals(401, status(rules.check(get("GET", "127.0.0.1:8080", "Bearer wrong"), Surface.METRICS)));
        Optional<Refusal> r = rules.check(get("GET", "127.0.0.1:8080", basic("t0ken")), Surface.API);
        assertEquals(401, status(r), "a browser's Basic login is the console's, never the API's");
        assertTrue(r.get().challenge().startsWith("Bearer"));
        assertTrue(!r.get().json().contains("t0ken"));
        assertEquals(200, status(rules.check(get("GET", "127.0.0.1:8080", "bearer t0ken"), Surface.METRICS)));
    }

    @Test
    void theConsoleTakesTheTokenAsABasicPasswordAndRefusesCrossSiteChanges() {
        assertEquals(401, status(rules.check(get("GET", "127.0.0.1:8080", basic("admin")), Surface.CONSOLE)));
        assertEquals(200, status(rules.check(get("GET", "127.0.0.1:8080", basic("t0ken")), Surface.CONSOLE)));
        assertEquals(200, status(rules.check(get("GET", "127.0.0.1:8080", BEARER), Surface.CONSOLE)));
        RequestFacts crossSite = new RequestFacts(
                "POST",
                "http",
                "127.0.0.1:8080",
                null,
                "http://evil.example/page",
                "application/x-www-form-urlencoded",
                11,
                false,
                basic("t0ken"),
                "127.0.0.1",
                8080);
        assertEquals(403, status(rules.check(crossSite, Surface.CONSOLE)));
        RequestFacts sameSite = new RequestFacts(
                "POST",
                "http",
                "127.0.0.1:8080",
                null,
                "http://127.0.0.1:8080/system/console/bundles",
                "application/x-www-form-urlencoded",
                11,
                false,
                basic("t0ken"),
                "127.0.0.1",
                8080);
        assertEquals(200, status(rules.check(sameSite, Surface.CONSOLE)));
    }

    @Test
    void anApiBodyIsJsonWithinItsCap() {
        String host = "127.0.0.1:8080";
        assertEquals(
                200, status(rules.check(post(host, null, "application/json; charset=UTF-8", BEARER), Surface.API)));
        for (String type : new String[] {
            "text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "application/jsonx", null
        }) {
            assertEquals(415, status(rules.check(post(host, null, type, BEARER), Surface.API)), type);
        }
        RequestFacts huge = new RequestFacts(
                "PUT", "http", host, null, null, "application/json", 100_000_000, false, BEARER, "127.0.0.1", 8080);
        assertEquals(413, status(rules.check(huge, Surface.API)));
        RequestFacts patchWithForm = new RequestFacts(
                "PATCH",
                "http",
                host,
                null,
                null,
                "application/x-www-form-urlencoded",
                5,
                false,
                BEARER,
                "127.0.0.1",
                8080);
        assertEquals(415, status(rules.check(patchWithForm, Surface.API)), "a body on any method is JSON only");
    }

    @Test
    void everyOtherPathOfTheServerNeedsTheBearerToken() {
        // Whatever bundle registered it: another bundle's servlet is no way around the credential.
        Optional<Refusal> none = rules.check(get("GET", "127.0.0.1:8080", null), Surface.OTHER);
        assertEquals(401, status(none));
        assertTrue(none.get().challenge().startsWith("Bearer"), "no browser login dialog outside the console");
        assertEquals(401, status(rules.check(get("OPTIONS", "127.0.0.1:8080", null), Surface.OTHER)));
        assertEquals(401, status(rules.check(get("GET", "127.0.0.1:8080", "Bearer wrong"), Surface.OTHER)));
        assertEquals(
                401,
                status(rules.check(get("GET", "127.0.0.1:8080", basic("t0ken")), Surface.OTHER)),
                "a Basic login a browser may send unasked is the console's only");
        assertEquals(200, status(rules.check(get("GET", "127.0.0.1:8080", BEARER), Surface.OTHER)));
        RequestRules open = new RequestRules(TokenState.NONE, 1024, List.of());
        assertEquals(200, status(open.check(get("GET", "127.0.0.1:8080", null), Surface.OTHER)));
    }

    @Test
    void getHeadAndDeleteTakeNoBodyOnAnySurface() {
        for (Surface surface : Surface.values()) {
            for (String method : new String[] {"GET", "HEAD", "DELETE"}) {
                for (boolean chunked : new boolean[] {false, true}) {
                    RequestFacts withBody = new RequestFacts(
                            method,
                            "http",
                            "127.0.0.1:8080",
                            null,
                            null,
                            "application/json",
                            chunked ? -1 : 5,
                            chunked,
                            BEARER,
                            "127.0.0.1",
                            8080);
                    Optional<Refusal> r = rules.check(withBody, surface);
                    String what = surface + " " + method + (chunked ? " chunked" : " 5 bytes");
                    assertEquals(400, status(r), what);
                    assertTrue(r.get().message().contains(method + " takes no body"), what + ": " + r.get());
                }
            }
            RequestFacts empty = new RequestFacts(
                    "GET", "http", "127.0.0.1:8080", null, null, null, 0, false, BEARER, "127.0.0.1", 8080);
            assertEquals(200, status(rules.check(empty, surface)), surface + ": Content-Length 0 is no body");
        }
        RequestFacts anonymous = new RequestFacts(
                "GET", "http", "127.0.0.1:8080", null, null, "text/plain", 5, false, null, "127.0.0.1", 8080);
        assertEquals(401, status(rules.check(anonymous, Surface.API)), "without the token nothing more is said");
    }

    @Test
    void withAuthenticationOffTheOtherRulesStillHold() {
        RequestRules open = new RequestRules(TokenState.NONE, 1024, List.of());
        assertEquals(200, status(open.check(get("GET", "127.0.0.1:8080", null), Surface.API)));
        assertEquals(403, status(open.check(get("GET", "evil.example:8080", null), Surface.API)));
        assertEquals(415, status(open.check(post("127.0.0.1:8080", null, "text/plain", null), Surface.API)));
        assertEquals(
                403,
                status(open.check(
                        post("127.0.0.1:8080", "http://evil.example", "application/json", null), Surface.API)));
        assertEquals(405, status(open.check(get("TRACE", "127.0.0.1:8080", null), Surface.OTHER)));
    }

    @Test
    void aRefusedTokenFileLetsNothingPass() {
        RequestRules refused =
                new RequestRules(TokenState.refused("token file \"x\" has permissions rw-r--r--"), 1024, List.of());
        Optional<Refusal> r = refused.check(get("GET", "127.0.0.1:8080", BEARER), Surface.API);
        assertEquals(401, status(r));
        assertTrue(!r.get().message().contains("rw-r--r--"), "the reason is for the log, not the client");
    }

    private static String basic(String password) {
        return "Basic " + Base64.getEncoder().encodeToString(("anyone:" + password).getBytes(StandardCharsets.UTF_8));
    }
}
