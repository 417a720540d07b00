package dev.orchard.api.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class QuantityTest {
    @ParameterizedTest
    @CsvSource({"1, 1", "10Mi, 10485760", "1Gi, 1073741824", "1.5Gi, 1610612736", "1k, 1000", "1M, 1000000",
            "2e3, 2000", "1Ei, 1152921504606846976", "7Ei, 8070450532247928832", "512Ki, 524288", "+3, 3",
            "9223372036854775807, 9223372036854775807"})
    void parsesBytes(String text, long bytes) {
        assertEquals(bytes, Quantity.parseBytes("capacity", text));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {" ", "0", "0Gi", "-1Gi", "-1", "0.5", "1.5", "abc", "10MB", "1Zi", "Gi", "1 Gi",
            "9223372036854775808", "8Ei", "16Ei", "1e400", "1e19", "0x10"})
    void rejectsBadByteQuantities(String text) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Quantity.parseBytes("capacity", text));
        assertTrue(e.getMessage().startsWith("capacity"), e.getMessage());
    }

    @Test
    void hugeTextIsRejectedWithoutParsingIt() {
        String digits = "9".repeat(100);
        String message = assertThrows(InvalidInputException.class, () -> Quantity.parseBytes("capacity", digits))
                .getMessage();
        assertTrue(message.contains("too long"), message);
    }

    @Test
    void negativeAndOverflowingQuantitiesSayWhatIsAllowed() {
        assertTrue(assertThrows(InvalidInputException.class, () -> Quantity.parseBytes("capacity", "-1Gi"))
                .getMessage().contains("must be positive"));
        assertTrue(assertThrows(InvalidInputException.class, () -> Quantity.parseBytes("capacity", "8Ei"))
                .getMessage().contains("too large"));
    }

    @ParameterizedTest
    @CsvSource({"250m, 250", "2, 2000", "0.5, 500", "1.5, 1500", "100m, 100"})
    void parsesMillicores(String text, long millis) {
        assertEquals(millis, Quantity.parseMillis("cpu", text));
    }

    @Test
    void rejectsCpuFinerThanAMillicore() {
        assertThrows(InvalidInputException.class, () -> Quantity.parseMillis("cpu", "0.1m"));
        assertThrows(InvalidInputException.class, () -> Quantity.parseMillis("cpu", "0"));
    }

    @Test
    void formatsRoundTrip() {
        assertEquals("1Gi", Quantity.formatBytes(1073741824L));
        assertEquals("1500", Quantity.formatBytes(1500));
        for (long bytes : new long[] {1, 1024, 1536, 10485760L, 1L << 40, 123456789L}) {
            assertEquals(bytes, Quantity.parseBytes("x", Quantity.formatBytes(bytes)));
        }
        assertEquals("2", Quantity.formatMillis(2000));
        assertEquals("250m", Quantity.formatMillis(250));
        assertEquals(250, Quantity.parseMillis("cpu", Quantity.formatMillis(250)));
    }

    @Test
    void requirePositive() {
        assertEquals(5, Quantity.requirePositive("capacity", 5));
        assertThrows(InvalidInputException.class, () -> Quantity.requirePositive("capacity", 0));
        assertThrows(InvalidInputException.class, () -> Quantity.requirePositive("capacity", -5));
    }
}
