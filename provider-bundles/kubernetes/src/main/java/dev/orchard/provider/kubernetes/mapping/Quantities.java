package dev.orchard.provider.kubernetes.mapping;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.math.RoundingMode;

/** Kubernetes quantities to and from Orchard's whole numbers: bytes, millicores and counts. */
public final class Quantities {
    private Quantities() {}

    /**
     * A quantity of bytes as Kubernetes writes it.
     *
     * @param bytes the bytes
     * @return the quantity, e.g. {@code 1048576}
     */
    public static Quantity ofBytes(long bytes) {
        return new Quantity(Long.toString(bytes));
    }

    /**
     * A quantity of CPU as Kubernetes writes it.
     *
     * @param millicores the millicores
     * @return the quantity, e.g. {@code 250m}, or {@code 2} for whole cores, as Kubernetes users write it
     */
    public static Quantity ofMillicores(long millicores) {
        return millicores % 1000 == 0 ? new Quantity(Long.toString(millicores / 1000)) : new Quantity(millicores + "m");
    }

    /**
     * The bytes of a quantity, rounded up.
     *
     * @param what the field, for the message
     * @param q the quantity, possibly null
     * @return the bytes, 0 for null
     * @throws InvalidInputException if the quantity does not parse or does not fit a long
     */
    public static long bytes(String what, Quantity q) {
        return scaled(what, q, BigDecimal.ONE);
    }

    /**
     * The millicores of a CPU quantity, rounded up.
     *
     * @param what the field, for the message
     * @param q the quantity, possibly null
     * @return the millicores, 0 for null
     * @throws InvalidInputException if the quantity does not parse or does not fit a long
     */
    public static long millicores(String what, Quantity q) {
        return scaled(what, q, BigDecimal.valueOf(1000));
    }

    /**
     * The nano-cores of a CPU quantity, rounded up.
     *
     * @param what the field, for the message
     * @param q the quantity, possibly null
     * @return the nano-cores, 0 for null
     */
    public static long nanoCores(String what, Quantity q) {
        return scaled(what, q, BigDecimal.valueOf(1_000_000_000L));
    }

    private static long scaled(String what, Quantity q, BigDecimal factor) {
        if (q == null) {
            return 0;
        }
        try {
            return Quantity.getAmountInBytes(q)
                    .multiply(factor)
                    .setScale(0, RoundingMode.CEILING)
                    .longValueExact();
        } catch (ArithmeticException | IllegalArgumentException e) {
            throw new InvalidInputException(
                    what + " " + Names.quote(String.valueOf(q)) + " is not a quantity that fits: " + e.getMessage());
        }
    }
}
