package dev.orchard.api.pod;

import static dev.orchard.api.InvalidInput.assertInvalidInput;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Log options follow the kubelet's rules. */
class LogOptionsValidationTest {
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:10Z");

    @ParameterizedTest
    @ValueSource(ints = {-1, -2, -100, Integer.MIN_VALUE})
    void rejectsANegativeTail(int tail) {
        assertInvalidInput(
                "tail " + tail + " must be 0 or more lines",
                () -> LogOptions.builder().tail(tail).build());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 10, Integer.MAX_VALUE})
    void acceptsATailOfZeroOrMore(int tail) {
        assertEquals(
                OptionalInt.of(tail), LogOptions.builder().tail(tail).build().tail());
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1, Long.MIN_VALUE})
    void rejectsALimitBelowOneByte(long limit) {
        assertInvalidInput(
                "limitBytes " + limit + " must be at least 1",
                () -> LogOptions.builder().limitBytes(limit).build());
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 4096, Long.MAX_VALUE})
    void acceptsALimitOfOneByteOrMore(long limit) {
        assertEquals(
                OptionalLong.of(limit),
                LogOptions.builder().limitBytes(limit).build().limitBytes());
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1, Long.MIN_VALUE})
    void rejectsSinceSecondsBelowOne(long seconds) {
        assertInvalidInput(
                "sinceSeconds " + seconds + " must be at least 1",
                () -> LogOptions.builder().sinceSeconds(seconds).build());
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 60, Long.MAX_VALUE})
    void acceptsSinceSecondsOfOneOrMore(long seconds) {
        assertEquals(
                OptionalLong.of(seconds),
                LogOptions.builder().sinceSeconds(seconds).build().sinceSeconds());
    }

    @Test
    void rejectsSinceSecondsTogetherWithSinceTime() {
        assertInvalidInput(
                "sinceSeconds and sinceTime must not both be given; choose one",
                () -> LogOptions.builder()
                        .sinceSeconds(5)
                        .sinceTime(Instant.EPOCH)
                        .build());
        assertInvalidInput(
                "sinceSeconds and sinceTime must not both be given; choose one",
                () -> LogOptions.builder()
                        .sinceTime(Instant.EPOCH)
                        .sinceSeconds(5)
                        .build());
    }

    @Test
    void clearingSinceTimeAllowsSinceSeconds() {
        LogOptions o = LogOptions.builder()
                .sinceTime(Instant.EPOCH)
                .sinceSeconds(5)
                .sinceTime(null)
                .build();
        assertEquals(OptionalLong.of(5), o.sinceSeconds());
        assertEquals(Optional.empty(), o.sinceTime());
    }

    @Test
    void defaultsAreTheWholeLog() {
        for (LogOptions o :
                new LogOptions[] {LogOptions.DEFAULT, LogOptions.builder().build()}) {
            assertEquals(OptionalInt.empty(), o.tail());
            assertEquals(OptionalLong.empty(), o.limitBytes());
            assertEquals(OptionalLong.empty(), o.sinceSeconds());
            assertEquals(Optional.empty(), o.sinceTime());
            assertEquals(Optional.empty(), o.since(NOW));
            assertFalse(o.timestamps());
            assertFalse(o.follow());
            assertFalse(o.previous());
        }
        assertEquals(LogOptions.DEFAULT, LogOptions.builder().build());
        assertEquals(LogOptions.DEFAULT.hashCode(), LogOptions.builder().build().hashCode());
    }

    @Test
    void keepsTheFlags() {
        LogOptions o = LogOptions.builder()
                .timestamps(true)
                .follow(true)
                .previous(true)
                .build();
        assertTrue(o.timestamps());
        assertTrue(o.follow());
        assertTrue(o.previous());
    }

    @Test
    void sinceIsComputedFromSinceSeconds() {
        assertEquals(
                Optional.of(Instant.parse("2026-01-01T00:00:00Z")),
                LogOptions.builder().sinceSeconds(10).build().since(NOW));
        assertEquals(
                Optional.of(Instant.parse("2025-12-31T23:00:10Z")),
                LogOptions.builder().sinceSeconds(3600).build().since(NOW));
        Instant withNanos = NOW.plusNanos(123);
        assertEquals(
                Optional.of(withNanos.minusSeconds(1)),
                LogOptions.builder().sinceSeconds(1).build().since(withNanos));
    }

    @Test
    void sinceIsSinceTimeWhateverTheCurrentTime() {
        Instant t = Instant.parse("2025-06-01T12:00:00Z");
        LogOptions o = LogOptions.builder().sinceTime(t).build();
        assertEquals(Optional.of(t), o.since(NOW));
        assertEquals(Optional.of(t), o.since(Instant.EPOCH));
        assertEquals(Optional.of(t), o.sinceTime());
    }

    @ParameterizedTest
    @ValueSource(longs = {Long.MAX_VALUE, 40_000_000_000_000_000L})
    void sinceSecondsBeforeTheEarliestInstantMeanTheWholeLogInsteadOfFailing(long seconds) {
        // Any sinceSeconds of 1 or more is valid; since(now) must not then throw DateTimeException.
        assertEquals(
                Optional.of(Instant.MIN),
                LogOptions.builder().sinceSeconds(seconds).build().since(NOW));
    }

    @Test
    void sinceSecondsCountFromTheGivenNow() {
        long seconds = 40_000_000_000_000_000L;
        assertEquals(
                Optional.of(Instant.MIN),
                LogOptions.builder().sinceSeconds(Long.MAX_VALUE).build().since(Instant.MAX));
        assertEquals(
                Optional.of(Instant.MAX.minusSeconds(seconds)),
                LogOptions.builder().sinceSeconds(seconds).build().since(Instant.MAX));
    }

    @Test
    void sinceSecondsReachingExactlyTheEarliestSecondStillSubtracts() {
        long seconds = NOW.getEpochSecond() - Instant.MIN.getEpochSecond();
        assertEquals(
                Optional.of(Instant.MIN),
                LogOptions.builder().sinceSeconds(seconds).build().since(NOW));
        Instant later = NOW.plusNanos(5);
        assertEquals(
                Optional.of(Instant.MIN.plusNanos(5)),
                LogOptions.builder().sinceSeconds(seconds).build().since(later));
    }

    @Test
    void equalityIsByValue() {
        assertEquals(
                LogOptions.builder().tail(3).follow(true).build(),
                LogOptions.builder().tail(3).follow(true).build());
        assertNotEquals(
                LogOptions.builder().tail(3).build(),
                LogOptions.builder().tail(4).build());
        assertNotEquals(LogOptions.builder().tail(0).build(), LogOptions.DEFAULT);
        assertNotEquals(LogOptions.builder().limitBytes(1).build(), LogOptions.DEFAULT);
        assertNotEquals(LogOptions.builder().sinceSeconds(1).build(), LogOptions.DEFAULT);
        assertNotEquals(LogOptions.builder().sinceTime(Instant.EPOCH).build(), LogOptions.DEFAULT);
        assertNotEquals(LogOptions.builder().timestamps(true).build(), LogOptions.DEFAULT);
        assertNotEquals(LogOptions.builder().follow(true).build(), LogOptions.DEFAULT);
        assertNotEquals(LogOptions.builder().previous(true).build(), LogOptions.DEFAULT);
    }
}
