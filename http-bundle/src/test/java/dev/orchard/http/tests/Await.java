package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for what DS, ConfigAdmin and Jetty do asynchronously, with an explicit timeout instead of a fixed sleep. */
final class Await {
    static final Duration TIMEOUT = Duration.ofSeconds(20);

    private Await() {}

    static void until(String what, BooleanSupplier condition) {
        until(what, condition, () -> "");
    }

    static void until(String what, BooleanSupplier condition, Supplier<String> state) {
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
