package dev.orchard.provider.local.internal.files;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;

/**
 * Reading the text fields of the provider's stored records back into values. A field that does not parse fails
 * with an {@link InvalidInputException} naming the field, the value and what is allowed, as the API's records
 * fail; the caller turns it into a provider fault, since the value came from a file, not from a caller.
 */
public final class StoredFields {
    private StoredFields() {}

    /**
     * An instant written with {@link Instant#toString()}.
     *
     * @param field the field's name, for the message
     * @param text the stored text
     * @return the instant
     * @throws InvalidInputException if the text is missing or no ISO-8601 instant
     */
    public static Instant instant(String field, String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException | NullPointerException e) {
            throw new InvalidInputException(field + " " + Names.quote(text) + " is not an ISO-8601 instant");
        }
    }

    /**
     * An enum constant written with {@link Enum#name()}.
     *
     * @param <E> the enum
     * @param type the enum's class
     * @param field the field's name, for the message
     * @param text the stored text
     * @return the constant
     * @throws InvalidInputException if the text names none of the constants
     */
    public static <E extends Enum<E>> E constant(Class<E> type, String field, String text) {
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(text)) {
                return e;
            }
        }
        throw new InvalidInputException(
                field + " " + Names.quote(text) + " is none of " + Arrays.toString(type.getEnumConstants()));
    }
}
