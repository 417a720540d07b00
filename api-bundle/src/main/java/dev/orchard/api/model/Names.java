package dev.orchard.api.model;

import dev.orchard.api.error.InvalidInputException;
import java.util.Map;
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
    // Label keys may carry a DNS prefix ("example.com/key"), as Kubernetes label keys do.
    private static final Pattern LABEL_KEY_NAME = Pattern.compile("[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?");
    private static final Pattern LABEL_VALUE = Pattern.compile("([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?");

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
     * Checks the keys and values of a label map as Kubernetes does and returns an immutable copy.
     *
     * <p>A key is an optional DNS prefix and '/', then a name of at most 63 characters of letters, digits, '-',
     * '_' and '.'. A value is empty or such a name.
     *
     * @param field the name of the field, for the message (e.g. "labels")
     * @param labels the labels; null means none
     * @return an immutable copy, never null
     * @throws InvalidInputException if a key or value is not allowed
     */
    public static Map<String, String> requireLabels(String field, Map<String, String> labels) {
        if (labels == null) {
            return Map.of();
        }
        for (Map.Entry<String, String> e : labels.entrySet()) {
            String key = e.getKey();
            String value = e.getValue();
            if (key == null || key.isEmpty()) {
                throw new InvalidInputException(field + " key must not be empty");
            }
            int slash = key.lastIndexOf('/');
            String keyName = slash < 0 ? key : key.substring(slash + 1);
            if (keyName.length() > MAX_LABEL_LENGTH
                    || !LABEL_KEY_NAME.matcher(keyName).matches()) {
                throw new InvalidInputException(field + " key " + quote(key) + " must be at most 63 letters, digits,"
                        + " '-', '_' or '.', starting and ending with a letter or digit, after an optional prefix/");
            }
            if (slash >= 0) {
                String prefix = key.substring(0, slash);
                if (prefix.isEmpty() || prefix.length() > 253 || !isDnsSubdomain(prefix)) {
                    throw new InvalidInputException(field + " key " + quote(key)
                            + " has a prefix that is not a DNS subdomain of at most 253 characters");
                }
            }
            if (value == null
                    || value.length() > MAX_LABEL_LENGTH
                    || !LABEL_VALUE.matcher(value).matches()) {
                throw new InvalidInputException(field + " value " + quote(value) + " of key " + quote(key)
                        + " must be empty or at most 63 letters, digits, '-', '_' or '.', starting and ending with a"
                        + " letter or digit");
            }
        }
        return Map.copyOf(labels);
    }

    /**
     * Checks free-form annotations (keys not empty, no null values) and returns an immutable copy.
     *
     * @param field the name of the field, for the message (e.g. "annotations")
     * @param annotations the annotations; null means none
     * @return an immutable copy, never null
     * @throws InvalidInputException if a key is null or empty or a value is null
     */
    public static Map<String, String> requireAnnotations(String field, Map<String, String> annotations) {
        if (annotations == null) {
            return Map.of();
        }
        for (Map.Entry<String, String> e : annotations.entrySet()) {
            if (e.getKey() == null || e.getKey().isEmpty()) {
                throw new InvalidInputException(field + " key must not be empty");
            }
            if (e.getValue() == null) {
                throw new InvalidInputException(field + " value of key " + quote(e.getKey()) + " must not be null");
            }
        }
        return Map.copyOf(annotations);
    }

    /**
     * Returns an immutable copy of a list that must not contain null.
     *
     * @param <T> the element type
     * @param field the name of the field, for the message (e.g. "containers")
     * @param list the list; null means empty
     * @return an immutable copy, never null
     * @throws InvalidInputException if an element is null
     */
    public static <T> java.util.List<T> requireElements(String field, java.util.List<T> list) {
        if (list == null) {
            return java.util.List.of();
        }
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == null) {
                throw new InvalidInputException(field + " must not contain null (at index " + i + ")");
            }
        }
        return java.util.List.copyOf(list);
    }

    private static boolean isDnsSubdomain(String s) {
        for (String part : s.split("\\.", -1)) {
            if (!isDns1123Label(part)) {
                return false;
            }
        }
        return true;
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
