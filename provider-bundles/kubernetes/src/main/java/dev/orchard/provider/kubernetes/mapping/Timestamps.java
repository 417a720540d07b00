package dev.orchard.provider.kubernetes.mapping;

import dev.orchard.api.error.InvalidInputException;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/** The RFC 3339 times of Kubernetes objects as instants. */
public final class Timestamps {
    private Timestamps() {}

    /**
     * A time the API server wrote.
     *
     * @param field the field, for the message
     * @param timestamp the time, e.g. {@code 2024-05-01T12:00:00Z}, or null
     * @return the instant, or null for null
     * @throws InvalidInputException if it is not an RFC 3339 time
     */
    public static Instant parse(String field, String timestamp) {
        if (timestamp == null || timestamp.isEmpty()) {
            return null;
        }
        try {
            return Instant.parse(timestamp);
        } catch (DateTimeParseException e) {
            throw new InvalidInputException(field + " " + timestamp + " is not an RFC 3339 time");
        }
    }
}
