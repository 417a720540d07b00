package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;

/**
 * The size of a terminal. Immutable.
 *
 * @param width columns, 1 to 65535
 * @param height rows, 1 to 65535
 */
public record TermSize(int width, int height) {
    /** Validates the size. */
    public TermSize {
        if (width < 1 || width > 65535 || height < 1 || height > 65535) {
            throw new InvalidInputException(
                    "terminal size " + width + "x" + height + " must be between 1x1 and 65535x65535");
        }
    }
}
