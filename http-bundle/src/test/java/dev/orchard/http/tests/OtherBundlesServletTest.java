package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.ServiceRegistration;

/**
 * A servlet that another bundle (here the tests' bundle) registers on the whiteboard of the main server, without
 * Orchard knowing of it, meets every rule Orchard's own paths meet: without the token it is never reached (401),
 * with it it answers; a foreign Origin or Host is refused (403), TRACE is refused (405), a GET with a body is refused
 * (400). Each refusal happens before the servlet runs.
 */
class OtherBundlesServletTest extends ApiTest {
    private static final String PATH = "/another-bundle/hello";

    private final AtomicInteger served = new AtomicInteger();
    private ServiceRegistration<Servlet> registration;
    private URI base;

    @BeforeEach
    void registerServlet() {
        Dictionary<String, Object> props = new Hashtable<>();
        // No target: the whiteboard's default, every server; the main server is the one that matters here.
        props.put("osgi.http.whiteboard.servlet.pattern", "/another-bundle/*");
        props.put("osgi.http.whiteboard.servlet.name", "another-bundle");
        registration = context.registerService(
                Servlet.class,
                new HttpServlet() {
                    private static final long serialVersionUID = 1L;

                    @Override
                    protected void service(HttpServletRequest request, HttpServletResponse response)
                            throws IOException {
                        served.incrementAndGet();
                        response.setContentType("text/plain");
                        response.getOutputStream().write("hello from another bundle".getBytes(StandardCharsets.UTF_8));
                    }
                },
                props);
        base = api.base();
        Await.until(
                "the other bundle's servlet",
                () -> send("GET " + PATH, bearer()).status() == 200);
        served.set(0);
    }

    @AfterEach
    void unregister() {
        registration.unregister();
    }

    @Test
    void withoutTheTokenItIsNeverReached() throws Exception {
        for (String method : new String[] {"GET", "POST", "OPTIONS", "DELETE"}) {
            Raw.Answer a = send(method + " " + PATH, "");
            assertEquals(401, a.status(), method + ": " + a);
            assertTrue(a.head().toLowerCase().contains("www-authenticate: bearer"), a::toString);
            assertFalse(a.body().contains("hello"), a::toString);
        }
        Raw.Answer wrong = send("GET " + PATH, "\r\nAuthorization: Bearer not-the-token");
        assertEquals(401, wrong.status(), wrong::toString);
        assertEquals(0, served.get(), "the servlet never ran");
    }

    @Test
    void withTheTokenItAnswers() throws Exception {
        Raw.Answer a = send("GET " + PATH, bearer());
        assertEquals(200, a.status(), a::toString);
        assertEquals("hello from another bundle", a.body());
        assertEquals(1, served.get());
    }

    @Test
    void aForeignOriginOrHostIsRefusedEvenWithTheToken() throws Exception {
        Raw.Answer origin = send("POST " + PATH, bearer() + "\r\nOrigin: http://evil.example");
        assertEquals(403, origin.status(), origin::toString);
        Raw.Answer host = Raw.send(
                base,
                "GET " + PATH + " HTTP/1.1\r\nHost: evil.example:" + base.getPort() + "\r\nAuthorization: Bearer "
                        + Api.defaultToken(),
                new byte[0]);
        assertEquals(403, host.status(), host::toString);
        assertEquals(0, served.get(), "the servlet never ran");
    }

    @Test
    void traceIsRefusedAndEchoesNothing() throws Exception {
        Raw.Answer a = send("TRACE " + PATH, bearer());
        assertEquals(405, a.status(), a::toString);
        assertFalse(a.body().contains(Api.defaultToken()), a::toString);
        assertEquals(0, served.get(), "the servlet never ran");
    }

    @Test
    void aGetWithABodyIsRefused() throws Exception {
        Raw.Answer a = Raw.send(
                base,
                "GET " + PATH + " HTTP/1.1\r\nHost: 127.0.0.1:" + base.getPort() + bearer() + "\r\nContent-Length: 2",
                "{}".getBytes(StandardCharsets.US_ASCII));
        assertEquals(400, a.status(), a::toString);
        assertEquals(0, served.get(), "the servlet never ran");
    }

    private static String bearer() {
        return "\r\nAuthorization: Bearer " + Api.defaultToken();
    }

    private Raw.Answer send(String requestLine, String moreHeaders) {
        try {
            return Raw.send(
                    base, requestLine + " HTTP/1.1\r\nHost: 127.0.0.1:" + base.getPort() + moreHeaders, new byte[0]);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
