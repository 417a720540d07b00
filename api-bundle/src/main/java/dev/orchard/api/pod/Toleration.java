package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.internal.Checks;
import dev.orchard.api.naming.Names;
import java.util.Map;

/**
 * A taint a pod tolerates, as in Kubernetes. Immutable.
 *
 * @param key the taint's key, or empty to match every key (then the operator must be {@code EXISTS})
 * @param operator how the value matches; {@code EQUAL} if null
 * @param value the value to match; empty with {@code EXISTS}
 * @param effect the effect to match, or null for every effect
 * @param tolerationSeconds how long a pod stays bound after a {@code NO_EXECUTE} taint appears, or -1 for ever
 * @since 1.1
 */
public record Toleration(
        String key, TolerationOperator operator, String value, TaintEffect effect, long tolerationSeconds) {

    /** Validates the combination as Kubernetes does. */
    public Toleration {
        key = key == null ? "" : key;
        value = value == null ? "" : value;
        operator = operator == null ? TolerationOperator.EQUAL : operator;
        // A label key and value: the same rules, checked by the one label check.
        Checks.requireLabels("toleration", key.isEmpty() ? Map.of() : Map.of(key, value));
        if (key.isEmpty() && operator != TolerationOperator.EXISTS) {
            throw new InvalidInputException("a toleration with an empty key must use the operator EXISTS");
        }
        if (operator == TolerationOperator.EXISTS && !value.isEmpty()) {
            throw new InvalidInputException("toleration of key " + Names.quote(key) + " uses EXISTS and must have no"
                    + " value, not " + Names.quote(value));
        }
        if (tolerationSeconds < -1) {
            throw new InvalidInputException(
                    "tolerationSeconds " + tolerationSeconds + " must be -1 (for ever) or 0 or more");
        }
        if (tolerationSeconds >= 0 && effect != TaintEffect.NO_EXECUTE) {
            throw new InvalidInputException("tolerationSeconds applies only to the effect NO_EXECUTE, not " + effect);
        }
    }

    /**
     * Tolerates every taint of a key, whatever its value and effect.
     *
     * @param key the taint's key
     * @return the toleration
     */
    public static Toleration exists(String key) {
        return new Toleration(key, TolerationOperator.EXISTS, "", null, -1);
    }
}
