package dev.orchard.api.pod;

import static dev.orchard.api.InvalidInput.assertInvalidInput;
import static dev.orchard.api.InvalidInput.assertInvalidInputContaining;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ResourcesTest {
    @Test
    void rejectsANegativeAmountInAnyDimension() {
        assertInvalidInput(
                "resources must not be negative: cpu -1m, memory 0 bytes, pods 0", () -> new Resources(-1, 0, 0));
        assertInvalidInput(
                "resources must not be negative: cpu 0m, memory -1 bytes, pods 0", () -> new Resources(0, -1, 0));
        assertInvalidInput(
                "resources must not be negative: cpu 0m, memory 0 bytes, pods -1", () -> new Resources(0, 0, -1));
        assertInvalidInputContaining(
                () -> new Resources(Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE), "must not be negative");
    }

    @Test
    void acceptsZeroAndTheLargestAmounts() {
        assertEquals(new Resources(0, 0, 0), Resources.NONE);
        Resources max = new Resources(Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE);
        assertEquals(Long.MAX_VALUE, max.cpuMillis());
        assertEquals(Long.MAX_VALUE, max.memoryBytes());
        assertEquals(Long.MAX_VALUE, max.pods());
    }

    @Test
    void plusAddsEachDimension() {
        assertEquals(new Resources(11, 22, 33), new Resources(1, 2, 3).plus(new Resources(10, 20, 30)));
        assertEquals(new Resources(1, 2, 3), new Resources(1, 2, 3).plus(Resources.NONE));
        assertEquals(
                new Resources(Long.MAX_VALUE, 0, 0),
                new Resources(Long.MAX_VALUE - 1, 0, 0).plus(new Resources(1, 0, 0)));
    }

    @Test
    void plusRefusesToOverflowInAnyDimension() {
        Resources one = new Resources(1, 1, 1);
        assertThrows(ArithmeticException.class, () -> new Resources(Long.MAX_VALUE, 0, 0).plus(one));
        assertThrows(ArithmeticException.class, () -> new Resources(0, Long.MAX_VALUE, 0).plus(one));
        assertThrows(ArithmeticException.class, () -> new Resources(0, 0, Long.MAX_VALUE).plus(one));
    }

    @Test
    void fitsWithinEveryDimension() {
        Resources limit = new Resources(1000, 1 << 20, 10);
        assertTrue(limit.fitsWithin(limit));
        assertTrue(Resources.NONE.fitsWithin(limit));
        assertTrue(new Resources(999, 1, 9).fitsWithin(limit));
        assertFalse(new Resources(1001, 0, 0).fitsWithin(limit), "cpu");
        assertFalse(new Resources(0, (1 << 20) + 1, 0).fitsWithin(limit), "memory");
        assertFalse(new Resources(0, 0, 11).fitsWithin(limit), "pods");
        assertFalse(limit.fitsWithin(Resources.NONE));
        assertTrue(Resources.NONE.fitsWithin(Resources.NONE));
    }

    @Test
    void ofParsesQuantities() {
        assertEquals(new Resources(250, 64L << 20, 10), Resources.of("250m", "64Mi", "10"));
        assertEquals(new Resources(2000, 1_000_000_000, 0), Resources.of("2", "1G", null));
        assertEquals(Resources.NONE, Resources.of(null, null, null));
    }

    @Test
    void ofRejectsBadQuantitiesNamingTheField() {
        assertInvalidInputContaining(() -> Resources.of("0", null, null), "cpu \"0\" must be positive");
        assertInvalidInputContaining(() -> Resources.of("0.1m", null, null), "cpu \"0.1m\" is not a whole number");
        assertInvalidInputContaining(() -> Resources.of(null, "10MB", null), "memory \"10MB\" is not a quantity");
        assertInvalidInputContaining(() -> Resources.of(null, "0.5", null), "memory \"0.5\" is not a whole number");
        assertInvalidInputContaining(() -> Resources.of(null, null, "-1"), "pods \"-1\" must be positive");
        assertInvalidInputContaining(() -> Resources.of("", null, null), "cpu must not be empty");
    }
}
