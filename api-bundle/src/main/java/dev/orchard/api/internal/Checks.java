package dev.orchard.api.internal;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks that the API's records run on their fields: labels, annotations and lists. Internal to the API bundle
 * (not exported), because providers and callers validate through the records themselves.
 */
public final class Checks {
    // Label keys may carry a DNS prefix ("example.com/key"), as Kubernetes label keys do.
    private static final Pattern LABEL_KEY_NAME = Pattern.compile("[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?");
    private static final Pattern LABEL_VALUE = Pattern.compile("([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?");

    private Checks() {}

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
            if (keyName.length() > Names.MAX_LABEL_LENGTH
                    || !LABEL_KEY_NAME.matcher(keyName).matches()) {
                throw new InvalidInputException(
                        field + " key " + Names.quote(key) + " must be at most 63 letters, digits,"
                                + " '-', '_' or '.', starting and ending with a letter or digit, after an optional prefix/");
            }
            if (slash >= 0) {
                String prefix = key.substring(0, slash);
                if (prefix.isEmpty() || prefix.length() > 253 || !isDnsSubdomain(prefix)) {
                    throw new InvalidInputException(field + " key " + Names.quote(key)
                            + " has a prefix that is not a DNS subdomain of at most 253 characters");
                }
            }
            if (value == null
                    || value.length() > Names.MAX_LABEL_LENGTH
                    || !LABEL_VALUE.matcher(value).matches()) {
                throw new InvalidInputException(field + " value " + Names.quote(value) + " of key " + Names.quote(key)
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
                throw new InvalidInputException(
                        field + " value of key " + Names.quote(e.getKey()) + " must not be null");
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
    public static <T> List<T> requireElements(String field, List<T> list) {
        if (list == null) {
            return List.of();
        }
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == null) {
                throw new InvalidInputException(field + " must not contain null (at index " + i + ")");
            }
        }
        return List.copyOf(list);
    }

    /**
     * Tells whether a string is a DNS subdomain: DNS-1123 labels joined by '.'. The caller checks the length.
     *
     * @param s the candidate
     * @return true if every part is a DNS-1123 label
     */
    public static boolean isDnsSubdomain(String s) {
        for (String part : s.split("\\.", -1)) {
            if (!Names.isDns1123Label(part)) {
                return false;
            }
        }
        return true;
    }
}
