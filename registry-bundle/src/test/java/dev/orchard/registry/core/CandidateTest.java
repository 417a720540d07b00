package dev.orchard.registry.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderState;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The in-flight count, lazy obtain and release of one {@link Candidate}, and the {@link FakeHandle} order. */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class CandidateTest {
    @Test
    void theFakeHandleOrdersAsServiceReferencesDo() {
        FakeHandle<FakeService> low = FakeHandle.of(1, "x", 0);
        FakeHandle<FakeService> high = FakeHandle.of(2, "x", 5);
        FakeHandle<FakeService> older = FakeHandle.of(3, "x", 5);
        FakeHandle<FakeService> newer = FakeHandle.of(4, "x", 5);
        assertTrue(high.compareTo(low) > 0, "the higher ranking is greater");
        assertTrue(low.compareTo(high) < 0);
        assertTrue(older.compareTo(newer) > 0, "with equal rankings the lower service id is greater");
        assertTrue(newer.compareTo(older) < 0);
        assertEquals(0, older.compareTo(older));
    }

    @Test
    void theServiceIsObtainedOnFirstUseOnly() {
        FakeHandle<FakeService> h = FakeHandle.of("x", 0);
        Candidate<FakeService> c = new Candidate<>(h, ProviderKind.POD);
        assertEquals(0, h.obtains());
        assertSame(h.service(), c.service());
        assertSame(h.service(), c.service());
        assertEquals(1, h.obtains());
    }

    @Test
    void aFailedObtainIsRetriedOnTheNextUse() {
        FakeHandle<FakeService> h = FakeHandle.of("x", 0).failObtain("not yet");
        Candidate<FakeService> c = new Candidate<>(h, ProviderKind.POD);
        assertNull(c.service());
        assertNull(c.service());
        assertEquals(2, h.obtains());
    }

    @Test
    void enterAndExitCount() {
        Candidate<FakeService> c = new Candidate<>(FakeHandle.of("x", 0), ProviderKind.POD);
        assertTrue(c.usable());
        assertTrue(c.enter());
        assertTrue(c.enter());
        assertEquals(2, c.inFlight());
        c.exit();
        c.exit();
        assertEquals(0, c.inFlight());
    }

    @Test
    void aRetiredCandidateTakesNoCallAndObtainsNothing() {
        FakeHandle<FakeService> h = FakeHandle.of("x", 0);
        Candidate<FakeService> c = new Candidate<>(h, ProviderKind.POD);
        c.retire();
        assertFalse(c.usable());
        assertFalse(c.enter());
        assertEquals(0, c.inFlight(), "a refused enter must not stay counted");
        assertNull(c.service());
        assertEquals(0, h.obtains());
    }

    @Test
    void drainReleasesOnceAndOnlyWhatWasObtained() throws InterruptedException {
        FakeHandle<FakeService> h = FakeHandle.of("x", 0);
        Candidate<FakeService> c = new Candidate<>(h, ProviderKind.POD);
        c.service();
        assertEquals(0, c.drainAndRelease(1, TimeUnit.SECONDS));
        assertEquals(1, h.releases());
        assertEquals(0, c.drainAndRelease(1, TimeUnit.SECONDS));
        assertEquals(1, h.releases(), "a second drain must not release again");
        assertNull(c.service(), "a drained candidate hands out nothing");
        assertEquals(1, h.obtains());

        FakeHandle<FakeService> never = FakeHandle.of("y", 0);
        Candidate<FakeService> unused = new Candidate<>(never, ProviderKind.POD);
        assertEquals(0, unused.drainAndRelease(1, TimeUnit.SECONDS));
        assertEquals(0, never.releases());
    }

    @Test
    void drainReportsTheCallsLeftAtTheTimeout() throws InterruptedException {
        FakeHandle<FakeService> h = FakeHandle.of("x", 0);
        Candidate<FakeService> c = new Candidate<>(h, ProviderKind.POD);
        c.service();
        assertTrue(c.enter());
        assertEquals(1, c.drainAndRelease(20, TimeUnit.MILLISECONDS));
        assertEquals(1, h.releases());
        c.exit();
        assertEquals(0, c.inFlight());
    }

    @Test
    void infoDescribesTheCandidate() {
        FakeHandle<FakeService> h = FakeHandle.of(42, "x", 7);
        Candidate<FakeService> c = new Candidate<>(h, ProviderKind.ORCHESTRATOR);
        c.name("x");
        ProviderInfo info = c.info(ProviderState.SHADOWED);
        assertEquals(new ProviderInfo("x", ProviderKind.ORCHESTRATOR, ProviderState.SHADOWED, "test.bundle", "1.0.0",
                42, 7, Optional.empty()), info);
        c.failure("broken");
        assertEquals(Optional.of("broken"), c.info(ProviderState.FAILED).failureReason());
        assertFalse(c.usable());
        assertTrue(c.toString().contains("42"), c.toString());
    }
}
