package dev.orchard.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.OrchardException;
import org.junit.jupiter.api.function.Executable;

/** Assertions shared by the validation tests: the failure is an InvalidInputException of category INVALID_INPUT. */
public final class InvalidInput {
    private InvalidInput() {}

    /**
     * Asserts that the call fails as invalid input, not retryable, and returns the exception.
     *
     * @param call the call expected to fail
     * @return the exception
     */
    public static InvalidInputException assertInvalidInput(Executable call) {
        InvalidInputException e = assertThrows(InvalidInputException.class, call);
        assertEquals(OrchardException.Category.INVALID_INPUT, e.category());
        assertFalse(e.retryable(), "invalid input must not be retryable");
        assertNotNull(e.getMessage());
        return e;
    }

    /**
     * Asserts that the call fails as invalid input with exactly this message.
     *
     * @param expectedMessage the whole message
     * @param call the call expected to fail
     * @return the exception
     */
    public static InvalidInputException assertInvalidInput(String expectedMessage, Executable call) {
        InvalidInputException e = assertInvalidInput(call);
        assertEquals(expectedMessage, e.getMessage());
        return e;
    }

    /**
     * Asserts that the call fails as invalid input with a message containing every fragment.
     *
     * @param call the call expected to fail
     * @param fragments the parts the message must contain
     * @return the exception
     */
    public static InvalidInputException assertInvalidInputContaining(Executable call, String... fragments) {
        InvalidInputException e = assertInvalidInput(call);
        for (String f : fragments) {
            assertTrue(e.getMessage().contains(f), () -> "message <" + e.getMessage() + "> lacks <" + f + ">");
        }
        return e;
    }
}
