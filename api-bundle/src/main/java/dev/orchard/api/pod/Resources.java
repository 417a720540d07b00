package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.quantity.Quantity;

/**
 * An amount of compute resources: requested by a container, or offered by a node. Immutable.
 *
 * @param cpuMillis CPU in millicores; 0 means none requested
 * @param memoryBytes memory in bytes; 0 means none requested
 * @param pods a number of pods; 0 for a container's request
 */
public record Resources(long cpuMillis, long memoryBytes, long pods) {
    /** No resources. */
    public static final Resources NONE = new Resources(0, 0, 0);

    /** Rejects negative amounts. */
    public Resources {
        if (cpuMillis < 0 || memoryBytes < 0 || pods < 0) {
            throw new InvalidInputException("resources must not be negative: cpu " + cpuMillis + "m, memory "
                    + memoryBytes + " bytes, pods " + pods);
        }
    }

    /**
     * Parses Kubernetes quantities, e.g. {@code of("500m", "256Mi", null)}.
     *
     * @param cpu CPU, e.g. {@code 2} or {@code 250m}; null for 0
     * @param memory memory, e.g. {@code 512Mi}; null for 0
     * @param pods a count of pods; null for 0
     * @return the resources
     * @throws InvalidInputException if a quantity is malformed or not positive
     */
    public static Resources of(String cpu, String memory, String pods) {
        return new Resources(
                cpu == null ? 0 : Quantity.parseMillis("cpu", cpu),
                memory == null ? 0 : Quantity.parseBytes("memory", memory),
                pods == null ? 0 : Quantity.parseCount("pods", pods));
    }

    /**
     * Adds two amounts, refusing to overflow.
     *
     * @param other the amount to add
     * @return the sum
     */
    public Resources plus(Resources other) {
        return new Resources(
                Math.addExact(cpuMillis, other.cpuMillis),
                Math.addExact(memoryBytes, other.memoryBytes),
                Math.addExact(pods, other.pods));
    }

    /**
     * Tells whether this amount fits within a limit in every dimension.
     *
     * @param limit the limit
     * @return true if no dimension exceeds the limit
     */
    public boolean fitsWithin(Resources limit) {
        return cpuMillis <= limit.cpuMillis && memoryBytes <= limit.memoryBytes && pods <= limit.pods;
    }
}
