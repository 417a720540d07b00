package dev.orchard.webconsole.login;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.http.binding.ConsoleLogin;
import org.junit.jupiter.api.Test;

/**
 * The HTTP guard's view of the console's login (it lives in the HTTP bundle, whose tests run in a framework without
 * the console): which passwords are the default one, and where that refuses to bind.
 */
class ConsoleLoginTest {
    @Test
    void theDefaultPasswordInEveryFormTheConsoleReadsIsRecognised() {
        assertTrue(ConsoleLogin.isDefault(null), "none configured");
        assertTrue(ConsoleLogin.isDefault("admin"), "plain");
        // The console's own default: {sha-256} of "admin", no salt.
        assertTrue(ConsoleLogin.isDefault("{sha-256}jGl25bVBBBW96Qi9Te4V37Fnqchz/Eu4qB9vKrRIqRg="));
        // Salted with 1000 iterations: sha-256 applied 1000 times to "cafe" + "admin".
        assertTrue(ConsoleLogin.isDefault("{sha-256}cafe-1000-" + saltedAdmin("cafe", 1000)));
    }

    @Test
    void anyOtherPasswordIsNotTheDefault() {
        assertFalse(ConsoleLogin.isDefault("s3cret"));
        assertFalse(ConsoleLogin.isDefault("{sha-256}cafe-1000-" + saltedOther()));
        assertFalse(ConsoleLogin.isDefault("{no-such-algorithm}abc"));
    }

    @Test
    void onlyANonLoopbackAddressWithTheDefaultLoginIsRefused() {
        ConsoleLogin defaults = new ConsoleLogin(true, null);
        assertTrue(defaults.refusal("127.0.0.1").isEmpty());
        assertTrue(defaults.refusal("0.0.0.0").orElseThrow().contains("default login (admin/admin)"));
        assertTrue(defaults.refusal("").orElseThrow().contains("every interface"));
        assertTrue(new ConsoleLogin(true, "s3cret").refusal("0.0.0.0").isEmpty());
        assertTrue(ConsoleLogin.ABSENT.refusal("0.0.0.0").isEmpty());
    }

    private static String saltedAdmin(String salt, int iterations) {
        return hash(salt + "admin", iterations);
    }

    private static String saltedOther() {
        return hash("cafe" + "other", 1000);
    }

    private static String hash(String text, int iterations) {
        try {
            java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
            byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            for (int i = 0; i < iterations; i++) {
                md.reset();
                bytes = md.digest(bytes);
            }
            return java.util.Base64.getEncoder().encodeToString(bytes);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void orchardsLoginIsRequiredOnlyWhenTheConsoleWaitsForIt() {
        assertTrue(ConsoleLogin.requiresOrchardLogin("orchard"));
        assertTrue(ConsoleLogin.requiresOrchardLogin("other, orchard"));
        assertFalse(ConsoleLogin.requiresOrchardLogin(null));
        assertFalse(ConsoleLogin.requiresOrchardLogin("orchards"));
    }
}
