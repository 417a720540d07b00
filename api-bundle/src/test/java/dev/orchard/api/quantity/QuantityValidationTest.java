package dev.orchard.api.quantity;

import static dev.orchard.api.InvalidInput.assertInvalidInput;
import static dev.orchard.api.InvalidInput.assertInvalidInputContaining;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orchard.api.naming.Names;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Parsing and formatting of Kubernetes quantities. */
class QuantityValidationTest {
    private static final String ALLOWED = "a positive number with an optional suffix Ki, Mi, Gi, Ti, Pi, Ei, k, M, G,"
            + " T, P, E or m, such as 512Mi or 1.5Gi";
    private static final long KI = 1024;
    private static final long EI = 1L << 60;

    @ParameterizedTest(name = "\"{0}\" is {1} bytes")
    @CsvSource({
        "1, 1",
        "10Mi, 10485760",
        "1Gi, 1073741824",
        "1.5Gi, 1610612736",
        "1k, 1000",
        "1M, 1000000",
        "1G, 1000000000",
        "1T, 1000000000000",
        "1P, 1000000000000000",
        "1E, 1000000000000000000",
        "2e3, 2000",
        "2E3, 2000",
        "1e0, 1",
        "1e+3, 1000",
        "1.5e3, 1500",
        "10e-1, 1",
        "1Ki, 1024",
        "512Ki, 524288",
        "0.5Ki, 512",
        ".5Ki, 512",
        "1., 1",
        "1.0, 1",
        "+3, 3",
        "1000m, 1",
        "0.001k, 1",
        "1Ti, 1099511627776",
        "1Pi, 1125899906842624",
        "1Ei, 1152921504606846976",
        "7Ei, 8070450532247928832",
        "7.5Ei, 8646911284551352320",
        "9223372036854775807, 9223372036854775807",
        "9.223372036854775807E18, 9223372036854775807",
    })
    void parsesBytes(String text, long bytes) {
        assertEquals(bytes, Quantity.parseBytes("capacity", text));
    }

    /** Invalid byte quantities, with what the message must say after the field and the quoted value. */
    static Stream<Arguments> invalidBytes() {
        String notAQuantity = " is not a quantity; expected " + ALLOWED;
        String notPositive = " must be positive; expected " + ALLOWED;
        String notWhole = " is not a whole number of bytes";
        String tooLarge = " is too large; at most 9223372036854775807 bytes are allowed";
        String tooLargeExponent = " is too large; at most 9223372036854775807 is allowed";
        return Stream.of(
                Arguments.of("0", notPositive),
                Arguments.of("0Gi", notPositive),
                Arguments.of("0.0", notPositive),
                Arguments.of("-0", notPositive),
                Arguments.of("+0", notPositive),
                Arguments.of("-1", notPositive),
                Arguments.of("-1Gi", notPositive),
                Arguments.of("-0.5", notPositive),
                Arguments.of("-1e400", notPositive),
                Arguments.of("0e400", notPositive),
                Arguments.of("0.5", notWhole),
                Arguments.of("1.5", notWhole),
                Arguments.of("0.3Ki", notWhole),
                Arguments.of("1m", notWhole),
                Arguments.of("1e-1", notWhole),
                Arguments.of("1e-400", notWhole),
                Arguments.of("abc", notAQuantity),
                Arguments.of("10MB", notAQuantity),
                Arguments.of("10mb", notAQuantity),
                Arguments.of("1Zi", notAQuantity),
                Arguments.of("1Yi", notAQuantity),
                Arguments.of("1K", notAQuantity),
                Arguments.of("1ki", notAQuantity),
                Arguments.of("1gi", notAQuantity),
                Arguments.of("1KiB", notAQuantity),
                Arguments.of("Gi", notAQuantity),
                Arguments.of("1 Gi", notAQuantity),
                Arguments.of(" 1Gi", notAQuantity),
                Arguments.of("1Gi ", notAQuantity),
                Arguments.of("0x10", notAQuantity),
                Arguments.of("1e", notAQuantity),
                Arguments.of("e3", notAQuantity),
                Arguments.of("1e1000", notAQuantity),
                Arguments.of("1e3Ki", notAQuantity),
                Arguments.of(".", notAQuantity),
                Arguments.of("1..2", notAQuantity),
                Arguments.of("1,5Gi", notAQuantity),
                Arguments.of("+-1", notAQuantity),
                Arguments.of("--1", notAQuantity),
                Arguments.of("\uff11", notAQuantity), // full-width digit one
                Arguments.of("\u0661", notAQuantity), // Arabic-Indic digit one
                Arguments.of("1\u0000", notAQuantity),
                Arguments.of("9223372036854775808", tooLarge),
                Arguments.of("8Ei", tooLarge),
                Arguments.of("16Ei", tooLarge),
                Arguments.of("10E", tooLarge),
                Arguments.of("1e19", tooLarge),
                Arguments.of("9.3e18", tooLarge),
                Arguments.of("99999999999999999999", tooLarge),
                Arguments.of("1e31", tooLargeExponent),
                Arguments.of("1e400", tooLargeExponent),
                Arguments.of("1e999", tooLargeExponent));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @MethodSource("invalidBytes")
    void rejectsBadByteQuantitiesSayingWhy(String text, String why) {
        assertInvalidInput("capacity " + Names.quote(text) + why, () -> Quantity.parseBytes("capacity", text));
    }

    @Test
    void rejectsNullEmptyAndBlankAsEmpty() {
        for (String text : new String[] {null, "", " ", "\t", " \n "}) {
            assertInvalidInput(
                    "memory must not be empty; expected " + ALLOWED, () -> Quantity.parseBytes("memory", text));
        }
    }

    @Test
    void rejectsHugeTextWithoutParsingIt() {
        String digits = "9".repeat(100);
        assertInvalidInput(
                "capacity \"" + "9".repeat(80) + "...\" is too long; expected " + ALLOWED,
                () -> Quantity.parseBytes("capacity", digits));
        assertInvalidInputContaining(() -> Quantity.parseBytes("capacity", "1".repeat(1_000_000)), "is too long");
        assertInvalidInputContaining(() -> Quantity.parseMillis("cpu", "1".repeat(65)), "cpu \"", "is too long");
    }

    @Test
    void sixtyFourCharactersAreStillParsed() {
        String text = "0".repeat(63) + "1";
        assertEquals(1, Quantity.parseBytes("capacity", text));
    }

    @ParameterizedTest(name = "\"{0}\" is {1} millicores")
    @CsvSource({
        "250m, 250",
        "2, 2000",
        "0.5, 500",
        "1.5, 1500",
        "1m, 1",
        "100m, 100",
        "0.001, 1",
        "1k, 1000000",
        "2e-3, 2",
        "1e0, 1000",
        "9223372036854775807m, 9223372036854775807"
    })
    void parsesMillicores(String text, long millis) {
        assertEquals(millis, Quantity.parseMillis("cpu", text));
    }

    @Test
    void rejectsCpuFinerThanAMillicore() {
        assertInvalidInput(
                "cpu \"0.1m\" is not a whole number of millicores", () -> Quantity.parseMillis("cpu", "0.1m"));
        assertInvalidInput(
                "cpu \"1.5m\" is not a whole number of millicores", () -> Quantity.parseMillis("cpu", "1.5m"));
        assertInvalidInput(
                "cpu \"0.0001\" is not a whole number of millicores", () -> Quantity.parseMillis("cpu", "0.0001"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0m", "-250m", "-1"})
    void rejectsCpuThatIsNotPositive(String text) {
        assertInvalidInput(
                "cpu " + Names.quote(text) + " must be positive; expected " + ALLOWED,
                () -> Quantity.parseMillis("cpu", text));
    }

    @Test
    void rejectsCpuTooLargeForALong() {
        assertInvalidInput(
                "cpu \"9223372036854775808m\" is too large; at most 9223372036854775807 millicores are" + " allowed",
                () -> Quantity.parseMillis("cpu", "9223372036854775808m"));
        assertInvalidInputContaining(() -> Quantity.parseMillis("cpu", "9223372036854776"), "too large");
        assertInvalidInputContaining(() -> Quantity.parseMillis("cpu", "8Ei"), "too large");
        assertInvalidInputContaining(() -> Quantity.parseMillis("cpu", "1e400"), "too large");
        assertInvalidInputContaining(() -> Quantity.parseMillis("cpu", "2 cores"), "is not a quantity");
    }

    @Test
    void parsesCounts() {
        assertEquals(110, Quantity.parseCount("pods", "110"));
        assertEquals(1000, Quantity.parseCount("pods", "1k"));
        assertEquals(1024, Quantity.parseCount("pods", "1Ki"));
        assertInvalidInput("pods \"0.5\" is not a whole number of units", () -> Quantity.parseCount("pods", "0.5"));
        assertInvalidInput("pods \"500m\" is not a whole number of units", () -> Quantity.parseCount("pods", "500m"));
        assertInvalidInputContaining(() -> Quantity.parseCount("pods", "0"), "must be positive");
    }

    @Test
    void requirePositive() {
        assertEquals(1, Quantity.requirePositive("capacity", 1));
        assertEquals(Long.MAX_VALUE, Quantity.requirePositive("capacity", Long.MAX_VALUE));
        assertInvalidInput("capacity 0 must be positive", () -> Quantity.requirePositive("capacity", 0));
        assertInvalidInput("capacity -5 must be positive", () -> Quantity.requirePositive("capacity", -5));
        assertInvalidInput(
                "capacity -9223372036854775808 must be positive",
                () -> Quantity.requirePositive("capacity", Long.MIN_VALUE));
    }

    @ParameterizedTest(name = "{0} bytes is \"{1}\"")
    @CsvSource({
        "1073741824, 1Gi",
        "1, 1",
        "1023, 1023",
        "1024, 1Ki",
        "1536, 1536",
        "1048576, 1Mi",
        "3221225472, 3Gi",
        "1024000, 1000Ki",
        "1099511627776, 1Ti",
        "1125899906842624, 1Pi",
        "1152921504606846976, 1Ei",
        "4611686018427387904, 4Ei",
        "2305843009213693952, 2Ei",
        "9223372036854775807, 9223372036854775807"
    })
    void formatsBytesWithTheLargestExactBinarySuffix(long bytes, String text) {
        assertEquals(text, Quantity.formatBytes(bytes));
    }

    @Test
    void formatsLargeMultiplesWithTheLargestSuffixThatDividesThem() {
        assertEquals("7Ei", Quantity.formatBytes(7 * EI));
        assertEquals("9007199254740991Ki", Quantity.formatBytes(Long.MAX_VALUE - 1023));
        assertEquals("1023Pi", Quantity.formatBytes(EI - (1L << 50)));
    }

    @ParameterizedTest
    @ValueSource(
            longs = {
                1,
                2,
                1000,
                1023,
                1024,
                1025,
                1536,
                10485760,
                1L << 30,
                1L << 40,
                123456789,
                7 * (1L << 60),
                (1L << 62) + 1,
                Long.MAX_VALUE,
                Long.MAX_VALUE - 1023,
                999 * KI * KI
            })
    void bytesRoundTrip(long bytes) {
        assertEquals(bytes, Quantity.parseBytes("capacity", Quantity.formatBytes(bytes)));
    }

    @Test
    void formatsMillicores() {
        assertEquals("2", Quantity.formatMillis(2000));
        assertEquals("1", Quantity.formatMillis(1000));
        assertEquals("250m", Quantity.formatMillis(250));
        assertEquals("1500m", Quantity.formatMillis(1500));
        assertEquals("1m", Quantity.formatMillis(1));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 250, 999, 1000, 1500, 2000, 123456789, Long.MAX_VALUE})
    void millicoresRoundTrip(long millis) {
        assertEquals(millis, Quantity.parseMillis("cpu", Quantity.formatMillis(millis)));
    }
}
