package dev.orchard.api.pod;

import static dev.orchard.api.InvalidInput.assertInvalidInput;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TermSizeTest {
    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({
        "0, 10",
        "10, 0",
        "0, 0",
        "-1, 24",
        "80, -1",
        "65536, 24",
        "80, 65536",
        "-2147483648, 1",
        "1, 2147483647"
    })
    void rejectsSizesOutside1To65535(int width, int height) {
        assertInvalidInput(
                "terminal size " + width + "x" + height + " must be between 1x1 and 65535x65535",
                () -> new TermSize(width, height));
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1, 1", "80, 24", "65535, 65535", "1, 65535", "65535, 1"})
    void acceptsSizesFrom1To65535(int width, int height) {
        TermSize size = new TermSize(width, height);
        assertEquals(width, size.width());
        assertEquals(height, size.height());
    }
}
