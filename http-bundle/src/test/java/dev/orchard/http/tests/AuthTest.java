package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Hashtable;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/**
 * Authentication: on by default with a token the add-on makes in the runtime's folder, an operator's token file
 * instead, and off only when configured so (loopback only).
 */
class AuthTest {
    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configurations;

    @Test
    void byDefaultEveryRequestNeedsTheTokenTheAddOnMade() throws Exception {
        Api api = Api.await(context);
        Path file = Path.of(context.getProperty("orchard.runtime.dir"), "http", "token");
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS)));
        assertEquals(
                "rwx------",
                PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(file.getParent(), LinkOption.NOFOLLOW_LINKS)));
        assertTrue(Api.defaultToken().length() >= 43, "a 256-bit token, base64");

        Api none = api.withoutToken();
        for (String path : new String[] {"/providers", "/openapi.json", "/orchestrators/mock/volumes"}) {
            Api.Response r = none.get(path);
            assertEquals(401, r.status(), path + ": " + r);
            assertEquals("UNAUTHORIZED", r.category(), r::toString);
        }
        Api.Response maya = none.send(
                HttpRequest.newBuilder(api.base().resolve("/latest/volumes/")).GET());
        assertEquals(401, maya.status(), maya::toString);
        assertEquals(401, Scrape.get(api.base(), "", null).statusCode());
        assertEquals(200, api.get("/providers").status());
    }

    @Test
    void aTokenFileOpenToOthersIsRefusedNotReplaced() throws Exception {
        Api api = Api.await(context);
        Path file = Path.of(context.getProperty("orchard.runtime.dir"), "http", "token");
        String token = Api.defaultToken();
        Configuration orchard = configurations.getConfiguration("dev.orchard.http", "?");
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
            orchard.update(props("max.body", "2Mi"));
            Api.await(
                    context,
                    "the readable token file to be refused",
                    a -> a.get("/providers").status() == 401);
            assertEquals(token, Api.defaultToken(), "the file is left as it was");
            assertEquals(401, api.withToken(token).get("/providers").status(), "nothing passes");
        } finally {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            orchard.delete();
        }
        Api.await(
                context, "the token file usable again", a -> a.get("/providers").status() == 200);
        assertEquals(token, Api.defaultToken(), "kept, not replaced");
    }

    @Test
    void withAnOperatorsTokenEveryRequestNeedsIt() throws Exception {
        Path token = tokenFile("s3cret-token\n", "rw-------");
        Configuration orchard = configurations.getConfiguration("dev.orchard.http", "?");
        try {
            orchard.update(properties(token));
            Api api = Api.await(
                    context,
                    "requests without that token to get 401",
                    a -> a.get("/providers").status() == 401);
            Api.Response none = api.withoutToken().get("/providers");
            assertEquals("UNAUTHORIZED", none.category(), none::toString);
            assertTrue(none.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"));
            assertEquals(401, api.withToken("wrong").get("/providers").status());
            Api.Response with = api.withToken("s3cret-token").get("/providers");
            assertEquals(200, with.status(), with::toString);
            assertEquals(200, api.withToken("s3cret-token").get("/openapi.json").status());

            // A token file that others may read is no token: nothing passes, not even its own text.
            Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-r--r--"));
            orchard.update(properties(token, "max.body", "2Mi"));
            Api.await(
                    context,
                    "the group-readable token file to be refused",
                    a -> a.withToken("s3cret-token").get("/providers").status() == 401);
        } finally {
            orchard.delete();
        }
        Api api = Api.await(
                context,
                "the add-on's own token again",
                a -> a.get("/providers").status() == 200);
        assertEquals(401, api.withoutToken().get("/providers").status());
    }

    @Test
    void authNoneTurnsItOffButMayasGetDeleteStaysRefused() throws Exception {
        Configuration orchard = configurations.getConfiguration("dev.orchard.http", "?");
        try {
            orchard.update(props("auth", "none"));
            Api api = Api.await(
                    context,
                    "authentication off",
                    a -> a.withoutToken().get("/providers").status() == 200);
            Api none = api.withoutToken();
            Api.Response created =
                    none.post("/orchestrators/mock/volumes", "{\"name\":\"open-vol\",\"capacity\":\"1Mi\"}");
            assertEquals(201, created.status(), created::toString);
            Api.Response byGet = none.send(HttpRequest.newBuilder(api.base().resolve("/latest/volumes/delete/open-vol"))
                    .GET());
            assertEquals(403, byGet.status(), byGet::toString);
            assertEquals(
                    200,
                    none.get("/orchestrators/mock/volumes/default/open-vol").status(),
                    "still there");
            assertEquals(
                    204,
                    none.delete("/orchestrators/mock/volumes/default/open-vol").status());
        } finally {
            orchard.delete();
        }
        Api api = Api.await(
                context,
                "authentication on again",
                a -> a.withoutToken().get("/providers").status() == 401);
        assertNotEquals(null, Api.defaultToken());
        assertFalse(api.get("/providers").status() != 200);
    }

    static Path tokenFile(String text, String permissions) throws IOException {
        Path dir = Files.createTempDirectory("orchard-http-test");
        Path token = dir.resolve("token");
        Files.writeString(token, text);
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString(permissions));
        return token;
    }

    static Hashtable<String, Object> properties(Path token, Object... more) {
        Hashtable<String, Object> props = props(more);
        props.put("token.file", token.toString());
        return props;
    }

    static Hashtable<String, Object> props(Object... more) {
        Hashtable<String, Object> props = new Hashtable<>();
        for (int i = 0; i < more.length; i += 2) {
            props.put((String) more[i], more[i + 1]);
        }
        return props;
    }
}
