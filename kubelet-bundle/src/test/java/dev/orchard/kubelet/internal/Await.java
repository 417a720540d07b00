package dev.orchard.kubelet.internal;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for what the bridge does asynchronously, with an explicit timeout instead of a fixed sleep. */
public final class Await {
    /** How long a wait may take. */
    static final Duration TIMEOUT = Duration.ofSeconds(20);

    private Await() {}

    /**
     * Waits for a condition.
     *
     * @param what what is awaited, for the failure
     * @param condition the condition
     */
    public static void until(String what, BooleanSupplier condition) {
        until(what, condition, () -> "");
    }

    /**
     * Waits for a condition, and fails with a description of the state if it does not come.
     *
     * @param what what is awaited, for the failure
     * @param condition the condition
     * @param state the state to report on a timeout
     */
    public static void until(String what, BooleanSupplier condition, Supplier<String> state) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("Timed out after " + TIMEOUT.toSeconds() + " s waiting for " + what + "; state: " + state.get());
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("Interrupted while waiting for " + what);
            }
        }
    }
}
