package dev.orchard.registry.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderListener;
import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.api.registry.ProviderState;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The events {@link ProviderTable} sends its listeners, and how it sends them. */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class ProviderTableListenerTest {
    // The service id of the candidate that serves a name, as callers see it; null if none does.
    private static Long activeId(ProviderTable<?, ?> table, String name) {
        return table.candidates(name).stream()
                .filter(p -> p.state() == ProviderState.ACTIVE)
                .map(ProviderInfo::serviceId)
                .findFirst()
                .orElse(null);
    }

    private final List<ProviderListener> listeners = new CopyOnWriteArrayList<>();
    private final RecordingListener events = new RecordingListener();
    private ProviderTable<FakeHandle<FakeService>, FakeService> table;

    @BeforeEach
    void setUp() {
        listeners.add(events);
        table = new ProviderTable<>(ProviderKind.ORCHESTRATOR, FakeHandle.access(), () -> listeners);
    }

    private static String id(FakeHandle<?> h, String name) {
        return name + "#" + h.serviceId();
    }

    @Test
    void addedWhenANameGetsItsFirstActiveProvider() {
        FakeHandle<FakeService> a = FakeHandle.of("mock", 5);
        table.add(a);
        assertEquals(List.of("added " + id(a, "mock")), events.events);
        ProviderInfo info = events.infos.get(0);
        assertEquals(ProviderState.ACTIVE, info.state());
        assertEquals(5, info.ranking());
        assertEquals(ProviderKind.ORCHESTRATOR, info.kind());
        assertEquals("test.bundle/1.0.0", info.bundle());
        events.drain();

        FakeHandle<FakeService> lower = FakeHandle.of("mock", 0);
        table.add(lower);
        assertEquals(List.of(), events.drain(), "a shadowed arrival changes nothing callers see");

        FakeHandle<FakeService> other = FakeHandle.of("other", 0);
        table.add(other);
        assertEquals(List.of("added " + id(other, "other")), events.drain());
    }

    @Test
    void replacedWhenAHigherOneArrives() {
        FakeHandle<FakeService> low = FakeHandle.of("mock", 0);
        FakeHandle<FakeService> high = FakeHandle.of("mock", 10);
        table.add(low);
        events.drain();
        table.add(high);
        assertEquals(List.of("replaced " + id(low, "mock") + "->" + id(high, "mock")), events.events);
        ProviderInfo previous = events.infos.get(0);
        ProviderInfo current = events.infos.get(1);
        assertEquals(low.serviceId(), previous.serviceId());
        assertEquals(0, previous.ranking());
        assertEquals(high.serviceId(), current.serviceId());
        assertEquals(10, current.ranking());
        assertEquals(ProviderState.ACTIVE, current.state());
    }

    @Test
    void replacedWhenTheActiveOneLeavesWithAShadowedOnePresent() {
        FakeHandle<FakeService> low = FakeHandle.of("mock", 0);
        FakeHandle<FakeService> high = FakeHandle.of("mock", 10);
        table.add(low);
        table.add(high);
        events.drain();
        table.remove(high.key(), 1, TimeUnit.SECONDS);
        assertEquals(List.of("replaced " + id(high, "mock") + "->" + id(low, "mock")), events.drain());
    }

    @Test
    void removedWhenTheLastOneLeaves() {
        FakeHandle<FakeService> low = FakeHandle.of("mock", 0);
        FakeHandle<FakeService> high = FakeHandle.of("mock", 10);
        table.add(low);
        table.add(high);
        table.remove(high.key(), 1, TimeUnit.SECONDS);
        events.drain();
        table.remove(low.key(), 1, TimeUnit.SECONDS);
        assertEquals(List.of("removed " + id(low, "mock")), events.events);
        assertEquals(low.serviceId(), events.infos.get(0).serviceId());
    }

    @Test
    void failedForAnInvalidName() {
        FakeHandle<FakeService> bad = FakeHandle.of("Not-Valid", 0);
        table.add(bad);
        assertEquals(List.of("failed " + id(bad, "Not-Valid")), events.events);
        ProviderInfo info = events.infos.get(0);
        assertEquals(ProviderState.FAILED, info.state());
        assertTrue(info.failureReason().orElseThrow().contains(ProviderProperties.NAME));
    }

    @Test
    void failedWhenTheServiceCannotBeObtained() {
        FakeHandle<FakeService> broken = FakeHandle.of("mock", 10).failObtain("activate threw");
        FakeHandle<FakeService> spare = FakeHandle.of("mock", 0);
        table.add(broken);
        table.add(spare);
        events.drain();
        assertSame(spare.service(), table.get("mock"));
        assertEquals(
                List.of("replaced " + id(broken, "mock") + "->" + id(spare, "mock"), "failed " + id(broken, "mock")),
                events.events);
        ProviderInfo failed = events.infos.get(2);
        assertEquals(ProviderState.FAILED, failed.state());
        assertTrue(failed.failureReason().orElseThrow().contains("activate threw"));
        events.drain();

        // Failing once is enough: later lookups tell nobody again.
        table.get("mock");
        table.call("mock", s -> s);
        assertEquals(List.of(), events.drain());
    }

    @Test
    void aThrowingListenerDoesNotKeepTheEventFromTheNextOne() {
        List<String> thrown = new CopyOnWriteArrayList<>();
        ProviderListener throwing = new ProviderListener() {
            @Override
            public void added(ProviderInfo provider) {
                thrown.add("added");
                throw new IllegalStateException("listener bug");
            }

            @Override
            public void replaced(ProviderInfo previous, ProviderInfo current) {
                thrown.add("replaced");
                throw new RuntimeException("listener bug");
            }

            @Override
            public void removed(ProviderInfo provider) {
                thrown.add("removed");
                throw new UnsupportedOperationException("listener bug");
            }

            @Override
            public void failed(ProviderInfo provider) {
                thrown.add("failed");
                throw new NullPointerException("listener bug");
            }
        };
        listeners.add(0, throwing); // before the recording one

        FakeHandle<FakeService> a = FakeHandle.of("mock", 0);
        FakeHandle<FakeService> b = FakeHandle.of("mock", 10);
        FakeHandle<FakeService> bad = FakeHandle.of(null, 0);
        table.add(a);
        table.add(b);
        table.add(bad);
        table.remove(b.key(), 1, TimeUnit.SECONDS);
        table.remove(a.key(), 1, TimeUnit.SECONDS);

        assertEquals(List.of("added", "replaced", "failed", "replaced", "removed"), thrown);
        assertEquals(
                List.of(
                        "added " + id(a, "mock"),
                        "replaced " + id(a, "mock") + "->" + id(b, "mock"),
                        "failed " + id(bad, ""),
                        "replaced " + id(b, "mock") + "->" + id(a, "mock"),
                        "removed " + id(a, "mock")),
                events.drain());

        // The table still works, and still tells both.
        FakeHandle<FakeService> c = FakeHandle.of("mock", 0);
        table.add(c);
        assertSame(c.service(), table.get("mock"));
        assertEquals(Set.of("mock"), table.names());
        assertEquals(2, table.providers().size());
        assertEquals(List.of("added " + id(c, "mock")), events.drain());
        assertEquals("added", thrown.get(thrown.size() - 1));
    }

    @Test
    void aThrowingListenerDoesNotBreakAFallOver() {
        listeners.add(0, new ProviderListener() {
            @Override
            public void failed(ProviderInfo provider) {
                throw new IllegalStateException("listener bug");
            }

            @Override
            public void replaced(ProviderInfo previous, ProviderInfo current) {
                throw new IllegalStateException("listener bug");
            }
        });
        FakeHandle<FakeService> broken = FakeHandle.of("mock", 10).failObtain("boom");
        FakeHandle<FakeService> spare = FakeHandle.of("mock", 0);
        table.add(broken);
        table.add(spare);
        assertSame(spare.service(), table.call("mock", s -> s));
        // With no call counted in flight, removing the one serving returns at once, not after a minute.
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> table.remove(spare.key(), 1, TimeUnit.MINUTES));
    }

    @Test
    void aListenerCanReadTheTableFromInsideTheCallback() {
        List<String> seen = new CopyOnWriteArrayList<>();
        listeners.add(new ProviderListener() {
            @Override
            public void added(ProviderInfo provider) {
                look("added", provider);
            }

            @Override
            public void replaced(ProviderInfo previous, ProviderInfo current) {
                look("replaced", current);
            }

            @Override
            public void removed(ProviderInfo provider) {
                look("removed", provider);
            }

            @Override
            public void failed(ProviderInfo provider) {
                look("failed", provider);
            }

            private void look(String event, ProviderInfo p) {
                seen.add(event + " names=" + table.names() + " providers="
                        + table.providers().size() + " size="
                        + table.providers().size() + " active="
                        + activeId(table, "mock")
                        + " candidates=" + table.candidates("mock").size());
            }
        });

        FakeHandle<FakeService> a = FakeHandle.of(1, "mock", 0);
        FakeHandle<FakeService> b = FakeHandle.of(2, "mock", 10);
        table.add(a);
        table.add(b);
        table.add(FakeHandle.of(3, "BAD", 0));
        table.remove(b.key(), 1, TimeUnit.SECONDS);
        table.remove(a.key(), 1, TimeUnit.SECONDS);
        assertEquals(
                List.of(
                        "added names=[mock] providers=1 size=1 active=1 candidates=1",
                        "replaced names=[mock] providers=2 size=2 active=2 candidates=2",
                        "failed names=[mock] providers=3 size=3 active=2 candidates=2",
                        "replaced names=[mock] providers=2 size=2 active=1 candidates=1",
                        "removed names=[] providers=1 size=1 active=null candidates=0"),
                seen);
    }

    @Test
    void aListenerCanChangeTheTableFromInsideTheCallback() {
        FakeHandle<FakeService> follower = FakeHandle.of("follower", 0);
        listeners.add(new ProviderListener() {
            @Override
            public void added(ProviderInfo provider) {
                if (provider.name().equals("leader")) {
                    table.add(follower);
                }
            }
        });
        table.add(FakeHandle.of("leader", 0));
        assertEquals(Set.of("follower", "leader"), table.names());
        assertSame(follower.service(), table.get("follower"));
    }

    @Test
    void eventsAreDeliveredOutsideTheLock() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        listeners.add(new ProviderListener() {
            @Override
            public void added(ProviderInfo provider) {
                fromAnotherThread("added " + provider.name());
            }

            @Override
            public void replaced(ProviderInfo previous, ProviderInfo current) {
                fromAnotherThread("replaced " + current.name());
            }

            @Override
            public void removed(ProviderInfo provider) {
                fromAnotherThread("removed " + provider.name());
            }

            @Override
            public void failed(ProviderInfo provider) {
                fromAnotherThread("failed " + provider.name());
            }

            // If the event came under the table's lock, an update on another thread would block until the timeout.
            private void fromAnotherThread(String event) {
                Thread reader = new Thread(
                        () -> {
                            try {
                                table.update(FakeHandle.of(-1, "unknown", 0)); // takes the writer's lock
                                seen.add(event + " size=" + table.providers().size() + " names=" + table.names()
                                        + " providers=" + table.providers().size() + " active="
                                        + activeId(table, "mock"));
                            } catch (Throwable t) {
                                failure.set(t);
                            }
                        },
                        "listener-reader");
                reader.setDaemon(true);
                reader.start();
                try {
                    reader.join(TimeUnit.SECONDS.toMillis(2));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                if (reader.isAlive()) {
                    seen.add(event + " DEADLOCK");
                }
            }
        });

        FakeHandle<FakeService> a = FakeHandle.of(1, "mock", 0);
        FakeHandle<FakeService> b = FakeHandle.of(2, "mock", 10);
        FakeHandle<FakeService> c = FakeHandle.of(3, "mock", 20).failObtain("boom");
        table.add(a);
        table.add(b);
        table.add(FakeHandle.of(4, null, 0));
        table.add(c);
        assertSame(b.service(), table.get("mock"));
        table.remove(b.key(), 1, TimeUnit.SECONDS);
        table.remove(a.key(), 1, TimeUnit.SECONDS);

        assertEquals(null, failure.get());
        assertEquals(
                List.of(
                        "added mock size=1 names=[mock] providers=1 active=1",
                        "replaced mock size=2 names=[mock] providers=2 active=2",
                        "failed  size=3 names=[mock] providers=3 active=2",
                        "replaced mock size=4 names=[mock] providers=4 active=3",
                        "replaced mock size=4 names=[mock] providers=4 active=2",
                        "failed mock size=4 names=[mock] providers=4 active=2",
                        "replaced mock size=3 names=[mock] providers=3 active=1",
                        "removed mock size=2 names=[] providers=2 active=null"),
                seen);
    }

    @Test
    void listenersAreLookedUpForEachEvent() {
        RecordingListener late = new RecordingListener();
        FakeHandle<FakeService> a = FakeHandle.of("mock", 0);
        table.add(a);
        listeners.add(late);
        table.remove(a.key(), 1, TimeUnit.SECONDS);
        assertEquals(List.of("removed " + id(a, "mock")), late.events);
        listeners.remove(late);
        table.add(FakeHandle.of("mock", 0));
        assertEquals(1, late.events.size());
        assertFalse(events.events.isEmpty());
    }
}
