package dev.orchard.benchmarks.harness;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * What JMH would do for us outside OSGi: calibrated batches, methods interleaved in shuffled order so that drift
 * and noise hit each alike, and medians rather than means.
 */
final class Timing {
    private Timing() {}

    /**
     * Measures each method in rounds of calibrated batches, interleaved in a shuffled order each round.
     *
     * @param methods the methods by name; each returns something derived from its result, kept alive
     * @param batchNanos how long one batch of each method should take
     * @param rounds how many batches of each method to time
     * @return the median nanoseconds per call of each method
     */
    static Map<String, Double> interleaved(Map<String, LongSupplier> methods, long batchNanos, int rounds) {
        Map<String, Integer> batch = new LinkedHashMap<>();
        long sink = 0;
        // Calibration doubles as warm-up: every method runs until one batch takes batchNanos.
        for (Map.Entry<String, LongSupplier> m : methods.entrySet()) {
            int size = 1;
            long t;
            do {
                size *= 2;
                t = System.nanoTime();
                for (int i = 0; i < size; i++) {
                    sink += m.getValue().getAsLong();
                }
            } while (System.nanoTime() - t < batchNanos && size < (1 << 26));
            batch.put(m.getKey(), size);
        }
        Map<String, List<Double>> samples = new LinkedHashMap<>();
        methods.keySet().forEach(k -> samples.put(k, new ArrayList<>()));
        List<String> order = new ArrayList<>(methods.keySet());
        Random random = new Random(42);
        for (int r = 0; r < rounds; r++) {
            Collections.shuffle(order, random);
            for (String k : order) {
                LongSupplier m = methods.get(k);
                int size = batch.get(k);
                long t = System.nanoTime();
                for (int i = 0; i < size; i++) {
                    sink += m.getAsLong();
                }
                samples.get(k).add((System.nanoTime() - t) / (double) size);
            }
        }
        if (sink == 42) {
            System.out.print(""); // keeps the results alive
        }
        Map<String, Double> median = new LinkedHashMap<>();
        samples.forEach((k, v) -> median.put(k, median(v)));
        return median;
    }

    /**
     * The median of some samples.
     *
     * @param samples the samples; sorted in place
     * @return the median
     */
    static double median(List<Double> samples) {
        Collections.sort(samples);
        return samples.get(samples.size() / 2);
    }

    /**
     * Spins until a condition holds, for latencies too short to sleep through.
     *
     * @param what what is awaited, for the error
     * @param condition the condition
     * @param timeoutMillis how long to wait at most
     * @throws IllegalStateException if the condition does not hold in time
     */
    static void spinUntil(String what, BooleanSupplier condition, long timeoutMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out after " + timeoutMillis + " ms waiting for " + what);
            }
            Thread.onSpinWait();
        }
    }

    /**
     * Polls until a condition holds, for set-up steps that may take seconds.
     *
     * @param what what is awaited, for the error
     * @param condition the condition
     * @throws IllegalStateException if the condition does not hold within 60 s
     * @throws InterruptedException if interrupted
     */
    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out after 60 s waiting for " + what);
            }
            Thread.sleep(5);
        }
    }
}
