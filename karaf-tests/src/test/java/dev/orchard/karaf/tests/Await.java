package dev.orchard.karaf.tests;

import static org.junit.Assert.fail;

import java.util.function.BooleanSupplier;

/** Waiting with an explicit timeout: on 2 shared cores, Karaf, DS and the registry take their time. */
final class Await {
    private Await() {}

    /**
     * Polls a condition until it holds, and fails if it still does not after the timeout.
     *
     * @param what what is awaited, for the failure message
     * @param timeoutMs how long to wait
     * @param condition the condition
     */
    static void until(String what, long timeoutMs, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail("timed out after " + timeoutMs + " ms waiting until " + what);
            }
            try {
                Thread.sleep(5); // a poll interval, not the assertion: the loop ends as soon as the condition holds
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting until " + what, e);
            }
        }
    }
}
