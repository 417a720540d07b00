package dev.orchard.benchmarks.harness;

import dev.orchard.api.error.InvalidInputException;

/**
 * How big and how long each measurement is: the full run, or the smoke run every build makes so that the
 * harness cannot rot (it checks that everything runs, and measures nothing).
 *
 * @param lookup the provider counts lookups are measured at
 * @param bind the provider counts bind and unbind latency are measured at
 * @param bindRounds bind and unbind rounds per block
 * @param bindBlocks blocks per provider count; they alternate between the counts, so drift hits each alike
 * @param heap the provider count heap is measured at
 * @param startStop bundle start and stop rounds
 * @param swaps v1/v2 swap cycles under load (each is two replacements)
 * @param deploys file drops into deploy/
 * @param batchNanos the length of one timed batch of lookups
 * @param rounds timed batches per lookup method
 * @param loadMillis how long the callers run idle, before and after the swaps
 */
record Sizes(
        int[] lookup,
        int[] bind,
        int bindRounds,
        int bindBlocks,
        int heap,
        int startStop,
        int swaps,
        int deploys,
        long batchNanos,
        int rounds,
        long loadMillis) {

    static final Sizes FULL = new Sizes(
            new int[] {1, 100, 10_000},
            new int[] {0, 1_000, 10_000},
            101,
            3,
            10_000,
            51,
            1_000,
            7,
            20_000_000L,
            21,
            1_500);
    static final Sizes SMOKE = new Sizes(new int[] {1, 10}, new int[] {0, 10}, 5, 1, 100, 3, 5, 1, 200_000L, 3, 50);

    static Sizes of(String mode) {
        switch (mode) {
            case "full":
                return FULL;
            case "smoke":
                return SMOKE;
            default:
                throw new InvalidInputException("the mode must be full or smoke, not \"" + mode + "\"");
        }
    }
}
