package dev.orchard.benchmarks.harness;

/**
 * Call latencies in logarithmic buckets, 16 per power of two (about 4% wide), so that millions of calls can be
 * recorded without allocation or locking. One per thread; merged at the end.
 */
final class LatencyHistogram {
    private static final int SUB = 16;
    private final long[] counts = new long[64 * SUB];
    private long total;

    /**
     * Records one latency.
     *
     * @param nanos the latency
     */
    void record(long nanos) {
        counts[bucket(Math.max(1, nanos))]++;
        total++;
    }

    private static int bucket(long v) {
        int exp = 63 - Long.numberOfLeadingZeros(v);
        if (exp < 4) {
            return (int) v; // 1..15: exact
        }
        int sub = (int) ((v >>> (exp - 4)) & (SUB - 1));
        return exp * SUB + sub;
    }

    // The lowest latency a bucket holds.
    private static long lower(int bucket) {
        int exp = bucket / SUB;
        if (exp < 4) {
            return bucket;
        }
        return (1L << exp) | ((long) (bucket % SUB) << (exp - 4));
    }

    /**
     * Adds another histogram's counts to this one.
     *
     * @param other the other histogram
     */
    void add(LatencyHistogram other) {
        for (int i = 0; i < counts.length; i++) {
            counts[i] += other.counts[i];
        }
        total += other.total;
    }

    /**
     * The number of latencies recorded.
     *
     * @return the count
     */
    long count() {
        return total;
    }

    /**
     * A percentile, as the lower bound of the bucket it falls in.
     *
     * @param p the percentile, 0 to 100
     * @return nanoseconds
     */
    long percentile(double p) {
        long rank = (long) Math.ceil(total * p / 100.0);
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank && counts[i] > 0) {
                return lower(i);
            }
        }
        return 0;
    }
}
