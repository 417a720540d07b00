package dev.orchard.provider.local.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The handover of the roots between an owner that leaves and the instance that waits for them. */
class HandoverTest {
    @TempDir
    Path root;

    private Handover handover;

    @BeforeEach
    void stateFolder() throws Exception {
        Files.createDirectories(root.resolve(".orchard"));
        handover = new Handover(root);
    }

    @Test
    void anOwnerWithNobodyWaitingLeavesAtOnce() throws Exception {
        long start = System.nanoTime();
        assertFalse(handover.ask(5_000));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(1), "it did not wait for a successor");
        assertTrue(handover.claim().isEmpty(), "and left no request behind");
    }

    @Test
    void theOwnerLeavesOnceTheWaiterHasClaimedTheRootsAndServes() throws Exception {
        Path announced = handover.announce().orElseThrow();
        CompletableFuture<Boolean> asked = CompletableFuture.supplyAsync(() -> {
            try {
                return handover.ask(10_000);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Optional<Path> claim = Optional.empty();
        while (claim.isEmpty()) {
            claim = handover.claim();
            Thread.sleep(1);
        }
        assertTrue(handover.claim().isEmpty(), "one instance claims a request");
        Thread.sleep(100);
        assertFalse(asked.isDone(), "the owner waits until its successor says it serves");
        handover.finish(claim.get());
        assertTrue(asked.get(5, TimeUnit.SECONDS), "a successor took the roots");
        handover.finish(announced);
    }

    @Test
    void aWaiterThatNeverClaimsIsWaitedForOnceAndItsAnnouncementRemoved() throws Exception {
        handover.announce().orElseThrow(); // a waiter killed while it waited
        assertFalse(handover.ask(200), "nobody claimed the roots");
        assertTrue(handover.claim().isEmpty(), "the request is withdrawn");
        long start = System.nanoTime();
        assertFalse(handover.ask(5_000));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(1), "the stale announcement is gone");
    }
}
