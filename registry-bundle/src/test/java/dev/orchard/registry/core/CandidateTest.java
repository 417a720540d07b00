package dev.orchard.registry.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The in-flight count, lazy obtain and release of one {@link Candidate}, and the {@link FakeHandle} order. */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class CandidateTest {
    private static final ServiceAccess<FakeHandle<FakeService>, FakeService> ACCESS = FakeHandle.access();

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
        Candidate<FakeHandle<FakeService>, FakeService> c = new Candidate<>(h, "x");
        assertEquals(0, h.obtains());
        assertSame(h.service(), c.service(ACCESS));
        assertSame(h.service(), c.service(ACCESS));
        assertEquals(1, h.obtains());
    }

    @Test
    void aFailedObtainIsRetriedOnTheNextUse() {
        FakeHandle<FakeService> h = FakeHandle.of("x", 0).failObtain("not yet");
        Candidate<FakeHandle<FakeService>, FakeService> c = new Candidate<>(h, "x");
        assertNull(c.service(ACCESS));
        assertNull(c.service(ACCESS));
        assertEquals(2, h.obtains());
    }

    @Test
    void enterAndExitCount() {
        Candidate<FakeHandle<FakeService>, FakeService> c = new Candidate<>(FakeHandle.of("x", 0), "x");
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
        Candidate<FakeHandle<FakeService>, FakeService> c = new Candidate<>(h, "x");
        c.retire();
        assertFalse(c.enter());
        assertEquals(0, c.inFlight(), "a refused enter must not stay counted");
        assertNull(c.service(ACCESS));
        assertEquals(0, h.obtains());
    }

    @Test
    void drainReleasesOnceAndOnlyWhatWasObtained() throws InterruptedException {
        FakeHandle<FakeService> h = FakeHandle.of("x", 0);
        Candidate<FakeHandle<FakeService>, FakeService> c = new Candidate<>(h, "x");
        c.service(ACCESS);
        assertEquals(0, c.drainAndRelease(ACCESS, 1, TimeUnit.SECONDS));
        assertEquals(1, h.releases());
        assertEquals(0, c.drainAndRelease(ACCESS, 1, TimeUnit.SECONDS));
        assertEquals(1, h.releases(), "a second drain must not release again");
        assertNull(c.service(ACCESS), "a drained candidate hands out nothing");
        assertEquals(1, h.obtains());

        FakeHandle<FakeService> never = FakeHandle.of("y", 0);
        Candidate<FakeHandle<FakeService>, FakeService> unused = new Candidate<>(never, "x");
        assertEquals(0, unused.drainAndRelease(ACCESS, 1, TimeUnit.SECONDS));
        assertEquals(0, never.releases());
    }

    @Test
    void drainReportsTheCallsLeftAtTheTimeout() throws InterruptedException {
        FakeHandle<FakeService> h = FakeHandle.of("x", 0);
        Candidate<FakeHandle<FakeService>, FakeService> c = new Candidate<>(h, "x");
        c.service(ACCESS);
        assertTrue(c.enter());
        assertEquals(1, c.drainAndRelease(ACCESS, 20, TimeUnit.MILLISECONDS));
        assertEquals(1, h.releases());
        c.exit();
        assertEquals(0, c.inFlight());
    }

    @Test
    void aFailedCandidateIsNotUsableAndSaysWhy() {
        Candidate<FakeHandle<FakeService>, FakeService> c = new Candidate<>(FakeHandle.of(42, "x", 7), "x");
        assertEquals("x", c.name());
        assertNull(c.failure());
        c.failure("broken");
        assertEquals("broken", c.failure());
        assertTrue(c.toString().contains("42"), c.toString());
    }
}
