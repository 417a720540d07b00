package dev.orchard.kubelet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.http.streaming.StreamLimit;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.websocket.api.Session;
import org.junit.jupiter.api.Test;

/**
 * An exec session's slot of the server's stream bound comes back exactly once on every path, including the one where
 * the upgrade answered true but the socket never opened (the 101 could not be written), where Jetty calls nothing.
 */
class ExecSessionSlotTest {
    private static final long OPEN_TIMEOUT_MS = 200;

    private final StreamLimit streams = new StreamLimit();
    private final ExecRequest request =
            new ExecRequest("default", "web", "main", List.of("true"), false, true, false, false);

    private StreamLimit.Slot take() {
        StreamLimit.Slot slot = streams.take(null, "a test exec");
        assertEquals(streams.limit() - 1, streams.available());
        return slot;
    }

    private ExecSession session(StreamLimit.Slot slot) throws Exception {
        // No provider: a command that does start fails at once, which is enough to end it and free its slot.
        return new ExecSession(null, request, true, slot, OPEN_TIMEOUT_MS);
    }

    private void awaitAllFree() throws InterruptedException {
        long end = System.nanoTime() + 5_000_000_000L;
        while (streams.available() != streams.limit() && System.nanoTime() < end) {
            Thread.sleep(10);
        }
        assertEquals(streams.limit(), streams.available(), "every slot is free again");
    }

    private static Session closedSession(AtomicInteger closes) {
        return (Session) Proxy.newProxyInstance(
                Session.class.getClassLoader(), new Class<?>[] {Session.class}, (p, m, a) -> {
                    switch (m.getName()) {
                        case "isOpen":
                            return false;
                        case "close":
                            closes.incrementAndGet();
                            return null;
                        default:
                            return m.getReturnType() == boolean.class ? false : null;
                    }
                });
    }

    @Test
    void aSocketThatNeverOpensGivesItsSlotBack() throws Exception {
        session(take());
        awaitAllFree();
    }

    @Test
    void openThenCloseGivesTheSlotBackOnce() throws Exception {
        ExecSession exec = session(take());
        exec.onWebSocketOpen(closedSession(new AtomicInteger()));
        awaitAllFree();
        exec.onWebSocketClose(1000, null);
        Thread.sleep(OPEN_TIMEOUT_MS * 3); // the open check has passed too
        assertEquals(streams.limit(), streams.available(), "no slot given back twice");
    }

    @Test
    void anErrorBeforeTheOpenGivesTheSlotBackOnce() throws Exception {
        ExecSession exec = session(take());
        exec.onWebSocketError(new java.io.IOException("reset"));
        assertEquals(streams.limit(), streams.available());
        Thread.sleep(OPEN_TIMEOUT_MS * 3);
        assertEquals(streams.limit(), streams.available(), "no slot given back twice");
    }

    @Test
    void anOpenAfterTheSlotWasGivenBackIsClosedWithoutRunning() throws Exception {
        ExecSession exec = session(take());
        awaitAllFree();
        StreamLimit.Slot other = take(); // someone else has the freed place now
        AtomicInteger closes = new AtomicInteger();
        exec.onWebSocketOpen(closedSession(closes));
        Thread.sleep(OPEN_TIMEOUT_MS);
        assertEquals(1, closes.get(), "the late socket is closed");
        assertEquals(streams.limit() - 1, streams.available(), "the late session frees nobody else's slot");
        other.close();
        assertTrue(streams.available() == streams.limit());
    }
}
