package dev.orchard.api.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SecretsTest {
    private static final String TOKEN = "eyJhbGciOiJSUzI1NiJ9.c2VjcmV0LXBheWxvYWQ.QUJD";

    @Test
    void aUrlLosesItsUserInformationAndKeepsItsHost() {
        assertEquals(
                "the API server at https://***@10.0.0.1:6443/api could not be reached",
                Secrets.redact("the API server at https://admin:hunter2@10.0.0.1:6443/api could not be reached"));
        assertEquals("http://***@127.0.0.1:8080", Secrets.redactUrl("http://tok3n@127.0.0.1:8080"));
        assertEquals("https://host/a@b", Secrets.redact("https://host/a@b"), "an @ in the path is no user");
    }

    /**
     * Every spelling of a secret that a provider's or a library's message may carry, and what it becomes. The secret
     * in each is {@code S3cr3t}; the expected text keeps everything else a reader needs.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            # URL user information, to the last '@' of the authority
            https://user:p@ss@S3cr3t@host/x              | https://***@host/x
            https://user:p:S3cr3t@host:6443              | https://***@host:6443
            https://user:p%40S3cr3t@host                 | https://***@host
            https://user:pa/S3cr3t@host/api failed       | https://***@host/api failed
            at jdbc:postgresql://u:S3cr3t@db:5432/x now  | at jdbc:postgresql://***@db:5432/x now
            # keys, whatever their spelling
            oauthToken: S3cr3t                           | oauthToken: ***
            keyPassword=S3cr3t                           | keyPassword=***
            secretKey = S3cr3t                           | secretKey = ***
            client-key-data: S3cr3t                      | client-key-data: ***
            clientSecret: S3cr3t                         | clientSecret: ***
            apiKey=S3cr3t                                | apiKey=***
            X-Api-Key: S3cr3t                            | X-Api-Key: ***
            access_token=S3cr3t                          | access_token=***
            AWS_SECRET_ACCESS_KEY=S3cr3t                 | AWS_SECRET_ACCESS_KEY=***
            id-token: S3cr3t                             | id-token: ***
            `  token: S3cr3t "unclosed`                  | `  token: ***`
            `{"kind":"x","token": "S3cr3t"}`             | `{"kind":"x","token": ***}`
            `{'password':'S3cr3t'}`                      | `{'password':***}`
            `{\\"token\\":\\"S3cr3t\\",\\"kind\\":\\"x\\"}`    | `{\\"token\\":***,\\"kind\\":\\"x\\"}`
            `log: "{\\"password\\": \\"S3cr3t\\"}"`            | `log: "{\\"password\\": ***}"`
            DB_PASS=S3cr3t                               | DB_PASS=***
            env DB_PASS=S3cr3t ./run                     | env DB_PASS=*** ./run
            sessionid=S3cr3t                             | sessionid=***
            cookie session_id=S3cr3t; path=/            | cookie session_id=***; path=/
            jwt=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.S3cr3t | jwt=***
            sent eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.S3cr3t once | sent *** once
            sent Bearer abcdefghijklmnop                 | sent Bearer ***
            sent Bearer sthreecrthreet now               | sent Bearer *** now
            # where a value ends: a key in prose owns one word; a key starting its line owns the line
            `invalid token: S3cr3t; see docs`            | `invalid token: ***; see docs`
            `bad token: S3cr3t, expected base64 string; see docs` | `bad token: ***, expected base64 string; see docs`
            `password: my S3cr3t phrase`                 | `password: ***`
            `  - password: my S3cr3t phrase`             | `  - password: ***`
            `password=my S3cr3t phrase`                  | `password=***`
            `login failed (Authorization: Bearer S3cr3t) at x` | `login failed (Authorization: *** at x`
            `token: "S3cr3t" is quoted, this stays`      | `token: *** is quoted, this stays`
            # headers and schemes
            Authorization: bearer S3cr3t                 | Authorization: ***
            authorization=Basic S3cr3t                   | authorization=***
            Proxy-Authorization: Basic S3cr3t            | Proxy-Authorization: ***
            sent Basic YWRtaW46S3cr3t=                   | sent Basic ***
            sent bearer S3cr3t.x                         | sent bearer ***
            Cookie: JSESSIONID=S3cr3t                    | Cookie: ***
            # a query string: to the end of the parameter
            GET /api?access_token=S3cr3t&limit=5 failed  | GET /api?access_token=***&limit=5 failed
            GET /api?limit=5&token=S3cr3t failed         | GET /api?limit=5&token=*** failed
            # what names no secret stays
            token.file=/etc/orchard/token                | token.file=/etc/orchard/token
            tokenFile: /etc/orchard/token                | tokenFile: /etc/orchard/token
            secretName: db-login                         | secretName: db-login
            tokens=3                                     | tokens=3
            auth=none is allowed on loopback only        | auth=none is allowed on loopback only
            kind: Secret                                 | kind: Secret
            https://host/a@b                             | https://host/a@b
            a bearer token (token.file)                  | a bearer token (token.file)
            Bearer token required                        | Bearer token required
            passes=3 sessions=2                          | passes=3 sessions=2
            """)
    void eachSpellingOfASecretIsHidden(String text, String expected) {
        assertEquals(expected, Secrets.redact(text));
    }

    @Test
    void aPasswordWithAnAtSignIsHiddenWhole() {
        String out = Secrets.redact("the API server at https://admin:p@ss@10.0.0.1:6443/api could not be reached");
        assertEquals("the API server at https://***@10.0.0.1:6443/api could not be reached", out);
        assertFalse(out.contains("ss@"), out);
    }

    @Test
    void anAuthorizationCredentialIsHidden() {
        assertEquals("sent Bearer ***", Secrets.redact("sent Bearer " + TOKEN));
        assertEquals("Basic ***", Secrets.redact("Basic YWRtaW46YWRtaW4="));
        assertEquals("Authorization: ***", Secrets.redact("Authorization: Bearer " + TOKEN));
        // Prose stays prose.
        String prose = "an address other than loopback needs a bearer token (token.file in dev.orchard.http)";
        assertEquals(prose, Secrets.redact(prose));
    }

    @Test
    void kubeconfigSecretLinesAreHiddenToTheirEnd() {
        String yaml = "users:\n- name: me\n  user:\n    token: " + TOKEN + " \"broken\n"
                + "    client-key-data: LS0tLS1CRUdJTiBQUklWQVRF\n    password: pa ss word\n    username: me\n";
        String out = Secrets.redact(yaml);
        assertFalse(out.contains(TOKEN), out);
        assertFalse(out.contains("broken"), "the rest of an unparseable line goes too: " + out);
        assertFalse(out.contains("LS0tLS1"), out);
        assertFalse(out.contains("ss word"), out);
        assertTrue(out.contains("token: ***"), out);
        assertTrue(out.contains("username: me"), "what is no secret stays: " + out);
        assertEquals("{\"token\":***,\"kind\":\"x\"}", Secrets.redact("{\"token\":\"" + TOKEN + "\",\"kind\":\"x\"}"));
        assertEquals("id-token=***", Secrets.redact("id-token=" + TOKEN));
        assertEquals(
                "kubelet.token.file /tmp/t is not a readable file",
                Secrets.redact("kubelet.token.file /tmp/t is not a readable file"));
    }

    @Test
    void aParserMessageThatEchoesTheLineIsRedacted() {
        String snake = "while scanning a quoted scalar\n in 'reader', line 9, column 12:\n        token: \"" + TOKEN
                + "\n               ^\nfound unexpected end of stream";
        String out = Secrets.redact(snake);
        assertFalse(out.contains(TOKEN), out);
        assertTrue(out.contains("line 9, column 12"), "the position stays: " + out);
    }

    @Test
    void aPrivateKeyBlockIsHidden() {
        String out = Secrets.redact("key: -----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI\n-----END EC PRIVATE KEY-----");
        assertFalse(out.contains("MHcCAQEEI"), out);
        String pem = Secrets.redact("x\n-----BEGIN PRIVATE KEY-----\nMHcCAQEEI\n-----END PRIVATE KEY-----\ny");
        assertEquals("x\n-----BEGIN PRIVATE KEY----- ***\ny", pem);
    }

    @Test
    void describeRedactsEveryCause() {
        Exception e =
                new IllegalStateException("wrapped", new RuntimeException("at https://u:p4ss@h/ token: " + TOKEN));
        String out = Secrets.describe(e);
        assertEquals(
                "java.lang.IllegalStateException: wrapped; caused by java.lang.RuntimeException: at https://***@h/ token: ***",
                out);
    }

    @Test
    void aRedactedCopyPrintsLikeTheOriginalWithoutTheSecret() {
        Exception original = new IllegalStateException(
                "GET at: https://u:p4ssw0rd@h/api", new java.io.IOException("password: p4ssw0rd"));
        RuntimeException copy = Secrets.redacted(original);
        java.io.StringWriter printed = new java.io.StringWriter();
        copy.printStackTrace(new java.io.PrintWriter(printed));
        assertFalse(printed.toString().contains("p4ssw0rd"), printed.toString());
        assertTrue(
                printed.toString().startsWith("java.lang.IllegalStateException: GET at: https://***@h/api"),
                printed.toString());
        assertTrue(printed.toString().contains("Caused by: java.io.IOException: password: ***"), printed.toString());
        assertEquals(original.getStackTrace()[0], copy.getStackTrace()[0]);
        assertNull(Secrets.redacted(null));
    }

    @Test
    void nullAndEmptyPassThrough() {
        assertNull(Secrets.redact(null));
        assertEquals("", Secrets.redact(""));
        assertEquals("null", Secrets.describe(null));
    }
}
