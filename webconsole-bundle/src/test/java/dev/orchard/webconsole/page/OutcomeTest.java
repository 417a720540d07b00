package dev.orchard.webconsole.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.orchard.api.error.UnavailableException;
import org.junit.jupiter.api.Test;

/** What the console's page shows of a failed call: its category and message, never a credential in it. */
class OutcomeTest {
    private static final String SECRET = "S3cr3t-console";

    @Test
    void anOrchardErrorKeepsItsMessageWithoutTheCredential() {
        Outcome<Object> o = Outcome.of(() -> {
            throw new UnavailableException("https://u:" + SECRET + "@api.example:6443 refused; keyPassword=" + SECRET);
        });
        assertEquals("UNAVAILABLE", o.category());
        assertEquals("https://***@api.example:6443 refused; keyPassword=***", o.message());
    }

    @Test
    void anyOtherExceptionIsAProviderFaultWithoutTheCredential() {
        Outcome<Object> o = Outcome.of(() -> {
            throw new IllegalStateException("Authorization: bearer " + SECRET);
        });
        assertEquals("PROVIDER_FAULT", o.category());
        assertFalse(o.message().contains(SECRET), o.message());
        assertEquals("IllegalStateException: Authorization: ***", o.message());
    }
}
