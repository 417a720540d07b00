package dev.orchard.api.naming;

import dev.orchard.api.error.InvalidInputException;
import java.util.regex.Pattern;

/**
 * Validation of names, as Kubernetes validates them.
 *
 * <p>Provider, volume, pod, container and namespace names are DNS-1123 labels: 1 to 63 characters of lower
 * case ASCII letters, digits and '-', starting and ending with a letter or digit.
 */
public final class Names {
    /** The longest DNS-1123 label. */
    public static final int MAX_LABEL_LENGTH = 63;

    private static final Pattern DNS_1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

    private Names() {}

    /**
     * Tells whether a string is a DNS-1123 label.
     *
     * @param name the candidate; may be null
     * @return true if it is a valid name
     */
    public static boolean isDns1123Label(String name) {
        return name != null
                && name.length() <= MAX_LABEL_LENGTH
                && DNS_1123_LABEL.matcher(name).matches();
    }

    /**
     * Explains why a string is not a DNS-1123 label.
     *
     * @param name the candidate; may be null
     * @return a reason a person can act on, or null if the name is valid
     */
    public static String whyNotDns1123Label(String name) {
        if (name == null || name.isEmpty()) {
            return "must not be empty";
        }
        if (name.length() > MAX_LABEL_LENGTH) {
            return "is " + name.length() + " characters long; at most " + MAX_LABEL_LENGTH + " are allowed";
        }
        if (!DNS_1123_LABEL.matcher(name).matches()) {
            return "must consist of lower case letters a-z, digits 0-9 and '-', and start and end with a letter"
                    + " or digit (a DNS-1123 label)";
        }
        return null;
    }

    /**
     * Checks that a value is a DNS-1123 label.
     *
     * @param field the name of the field, for the message (e.g. "volume name")
     * @param name the value to check
     * @return the value, unchanged
     * @throws InvalidInputException if the value is null, empty, too long or has a character not allowed
     */
    public static String requireDns1123Label(String field, String name) {
        String why = whyNotDns1123Label(name);
        if (why != null) {
            throw new InvalidInputException(field + " " + quote(name) + " " + why);
        }
        return name;
    }

    /**
     * Quotes a value for an error message, escaping what a terminal would not show.
     *
     * @param value the value; may be null
     * @return the value in double quotes, or {@code null}
     */
    public static String quote(String value) {
        if (value == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder(value.length() + 2).append('"');
        int shown = Math.min(value.length(), 80);
        for (int i = 0; i < shown; i++) {
            char c = value.charAt(i);
            if (Character.isISOControl(c)
                    || Character.getType(c) == Character.FORMAT
                    || c == '\u2028'
                    || c == '\u2029') {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        if (shown < value.length()) {
            b.append("...");
        }
        return b.append('"').toString();
    }
}
