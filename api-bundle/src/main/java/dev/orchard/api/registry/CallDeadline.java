package dev.orchard.api.registry;

import java.time.Duration;
import java.util.Objects;

/**
 * How long a caller waits for a call through a registry ({@link ProviderRegistry#call(String, String, CallDeadline,
 * java.util.function.Function)}), and the setting that chose it, so that the error of a call past its deadline
 * tells the person who reads it what to change.
 *
 * @param timeout how long the caller waits, positive
 * @param setBy the setting that chose the timeout, as a person would look for it, e.g. {@code call.timeout.ms in
 *     configuration dev.orchard.http}
 * @since 1.4
 */
public record CallDeadline(Duration timeout, String setBy) {
    /**
     * Checks the components.
     *
     * @throws IllegalArgumentException if the timeout is not positive or the setting is blank
     */
    public CallDeadline {
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(setBy, "setBy");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("a call deadline must be positive, not " + timeout);
        }
        if (setBy.isBlank()) {
            throw new IllegalArgumentException("a call deadline must name the setting that chose it");
        }
    }

    /**
     * A deadline in milliseconds.
     *
     * @param millis how long the caller waits, at least 1
     * @param setBy the setting that chose it
     * @return the deadline
     */
    public static CallDeadline ofMillis(long millis, String setBy) {
        return new CallDeadline(Duration.ofMillis(millis), setBy);
    }
}
