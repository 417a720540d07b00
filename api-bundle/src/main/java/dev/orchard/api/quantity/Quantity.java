package dev.orchard.api.quantity;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parsing and formatting of Kubernetes resource quantities, such as {@code 10Mi}, {@code 1.5Gi},
 * {@code 500m} or {@code 2e3}.
 *
 * <p>Binary suffixes are Ki, Mi, Gi, Ti, Pi and Ei (powers of 1024); decimal suffixes are m (1/1000), k, M,
 * G, T, P and E (powers of 1000); an exponent form {@code <number>e<n>} is also accepted. Results that do
 * not fit in a {@code long} are rejected, never wrapped.
 */
public final class Quantity {
    private static final Pattern FORMAT = Pattern.compile(
            "([+-]?)([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(Ki|Mi|Gi|Ti|Pi|Ei|m|k|M|G|T|P|E|[eE][+-]?[0-9]{1,3})?");
    private static final String[] BINARY = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
    private static final String ALLOWED = "a positive number with an optional suffix Ki, Mi, Gi, Ti, Pi, Ei, k, M,"
            + " G, T, P, E or m, such as 512Mi or 1.5Gi";

    private Quantity() {}

    /**
     * Parses a quantity of bytes, for capacities and memory.
     *
     * @param field the name of the field, for the message (e.g. "capacity")
     * @param text the quantity, e.g. {@code 10Gi}
     * @return the number of bytes, at least 1
     * @throws InvalidInputException if the text is not a quantity, is not positive, is a fraction of a byte or
     *     exceeds {@link Long#MAX_VALUE}
     */
    public static long parseBytes(String field, String text) {
        BigDecimal value = parse(field, text);
        return toPositiveLong(field, text, value, "bytes");
    }

    /**
     * Parses a CPU quantity into millicores, e.g. {@code 2} is 2000 and {@code 250m} is 250.
     *
     * @param field the name of the field, for the message (e.g. "cpu")
     * @param text the quantity
     * @return the millicores, at least 1
     * @throws InvalidInputException if the text is not a quantity, is not positive, is finer than 1m or is too
     *     large
     */
    public static long parseMillis(String field, String text) {
        BigDecimal value = parse(field, text).movePointRight(3);
        return toPositiveLong(field, text, value, "millicores");
    }

    /**
     * Parses a plain count, such as a number of pods; suffixes such as {@code k} are accepted.
     *
     * @param field the name of the field, for the message
     * @param text the quantity
     * @return the count, at least 1
     * @throws InvalidInputException if the text is not a positive whole quantity
     */
    public static long parseCount(String field, String text) {
        return toPositiveLong(field, text, parse(field, text), "units");
    }

    /**
     * Checks that an already numeric quantity is positive.
     *
     * @param field the name of the field, for the message
     * @param value the value
     * @return the value
     * @throws InvalidInputException if the value is zero or negative
     */
    public static long requirePositive(String field, long value) {
        if (value <= 0) {
            throw new InvalidInputException(field + " " + value + " must be positive");
        }
        return value;
    }

    /**
     * Formats bytes with the largest binary suffix that divides them exactly, e.g. 1073741824 as {@code 1Gi}.
     *
     * @param bytes the number of bytes
     * @return the quantity text, parseable by {@link #parseBytes}
     */
    public static String formatBytes(long bytes) {
        int i = 0;
        long v = bytes;
        while (i < BINARY.length - 1 && v != 0 && v % 1024 == 0) {
            v /= 1024;
            i++;
        }
        return v + BINARY[i];
    }

    /**
     * Formats millicores, e.g. 2000 as {@code 2} and 250 as {@code 250m}.
     *
     * @param millis the millicores
     * @return the quantity text, parseable by {@link #parseMillis}
     */
    public static String formatMillis(long millis) {
        return millis % 1000 == 0 ? Long.toString(millis / 1000) : millis + "m";
    }

    private static BigDecimal parse(String field, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException(field + " must not be empty; expected " + ALLOWED);
        }
        if (text.length() > 64) {
            throw new InvalidInputException(field + " " + Names.quote(text) + " is too long; expected " + ALLOWED);
        }
        Matcher m = FORMAT.matcher(text);
        if (!m.matches()) {
            throw new InvalidInputException(
                    field + " " + Names.quote(text) + " is not a quantity; expected " + ALLOWED);
        }
        BigDecimal number = new BigDecimal(m.group(2).endsWith(".") ? m.group(2) + "0" : m.group(2));
        if ("-".equals(m.group(1))) {
            number = number.negate();
        }
        String suffix = m.group(3);
        if (suffix == null) {
            return number;
        }
        switch (suffix) {
            case "m":
                return number.movePointLeft(3);
            case "k":
                return number.movePointRight(3);
            case "M":
                return number.movePointRight(6);
            case "G":
                return number.movePointRight(9);
            case "T":
                return number.movePointRight(12);
            case "P":
                return number.movePointRight(15);
            case "E":
                return number.movePointRight(18);
            default:
                break;
        }
        int power = Arrays.asList(BINARY).indexOf(suffix);
        if (power > 0) {
            return number.multiply(BigDecimal.valueOf(1024).pow(power));
        }
        // What remains is the exponent form, e.g. 2e3 (the decimal suffix E was handled above).
        int exp = Integer.parseInt(suffix.substring(1).replace("+", ""));
        if (exp > 30 && number.signum() > 0) {
            throw new InvalidInputException(
                    field + " " + Names.quote(text) + " is too large; at most " + Long.MAX_VALUE + " is allowed");
        }
        return number.scaleByPowerOfTen(exp);
    }

    private static long toPositiveLong(String field, String text, BigDecimal value, String unit) {
        if (value.signum() <= 0) {
            throw new InvalidInputException(field + " " + Names.quote(text) + " must be positive; expected " + ALLOWED);
        }
        BigDecimal whole = value.setScale(0, RoundingMode.CEILING);
        if (whole.compareTo(value) != 0) {
            throw new InvalidInputException(field + " " + Names.quote(text) + " is not a whole number of " + unit);
        }
        if (whole.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new InvalidInputException(field + " " + Names.quote(text) + " is too large; at most " + Long.MAX_VALUE
                    + " " + unit + " are allowed");
        }
        return whole.longValueExact();
    }
}
