package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Hashtable;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/** Authentication on and off: with a token file configured every request needs the token, and only then. */
class AuthTest {
    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configurations;

    @Test
    void withATokenEveryRequestNeedsIt() throws Exception {
        Path token = tokenFile("s3cret-token\n", "rw-------");
        Configuration orchard = configurations.getConfiguration("dev.orchard.http", "?");
        try {
            update(orchard, token);
            Api api = Api.await(
                    context,
                    "requests without the token to get 401",
                    a -> a.get("/providers").status() == 401);
            Api.Response none = api.get("/providers");
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
                context, "authentication off again", a -> a.get("/providers").status() == 200);
        assertEquals(200, api.get("/providers").status());
    }

    static Path tokenFile(String text, String permissions) throws IOException {
        Path dir = Files.createTempDirectory("orchard-http-test");
        Path token = dir.resolve("token");
        Files.writeString(token, text);
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString(permissions));
        return token;
    }

    private static void update(Configuration orchard, Path token) throws IOException {
        orchard.update(properties(token));
    }

    static Hashtable<String, Object> properties(Path token, Object... more) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("token.file", token.toString());
        for (int i = 0; i < more.length; i += 2) {
            props.put((String) more[i], more[i + 1]);
        }
        return props;
    }
}
