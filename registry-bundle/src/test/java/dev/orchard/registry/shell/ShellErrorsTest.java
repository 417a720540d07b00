package dev.orchard.registry.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.ProviderFaultException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The one line a failed command prints, starting with its category's word. */
class ShellErrorsTest {
    @Test
    void everyCategoryHasItsWord() {
        assertEquals("NotFound", ShellErrors.word(OrchardException.Category.NOT_FOUND));
        assertEquals("InvalidInput", ShellErrors.word(OrchardException.Category.INVALID_INPUT));
        assertEquals("AlreadyExists", ShellErrors.word(OrchardException.Category.ALREADY_EXISTS));
        assertEquals("Unavailable", ShellErrors.word(OrchardException.Category.UNAVAILABLE));
        assertEquals("Unsupported", ShellErrors.word(OrchardException.Category.UNSUPPORTED));
        assertEquals("ProviderFault", ShellErrors.word(OrchardException.Category.PROVIDER_FAULT));
    }

    @Test
    void aProviderFaultIsOneLine() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ShellErrors.report(
                new ProviderFaultException("volume default/x on disk has capacity -1"),
                new PrintStream(bytes, true, StandardCharsets.UTF_8),
                null);
        assertEquals(
                "ProviderFault: volume default/x on disk has capacity -1" + System.lineSeparator(),
                bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aProviderMessageIsPrintedWithoutItsCredentials() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ShellErrors.report(
                new dev.orchard.api.error.UnavailableException(
                        "the backend at https://ops:p@ssw0rd@db.example said oauthToken: tok-123"),
                new PrintStream(bytes, true, StandardCharsets.UTF_8),
                null);
        assertEquals(
                "Unavailable: the backend at https://***@db.example said oauthToken: ***" + System.lineSeparator(),
                bytes.toString(StandardCharsets.UTF_8));
    }
}
