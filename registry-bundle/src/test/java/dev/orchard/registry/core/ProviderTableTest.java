package dev.orchard.registry.core;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderListener;
import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.api.registry.ProviderState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/** The single-threaded behaviour of {@link ProviderTable}: filing, ordering, updates, failures and reads. */
class ProviderTableTest {
    private final List<ProviderListener> listeners = new CopyOnWriteArrayList<>();
    private final RecordingListener events = new RecordingListener();
    private ProviderTable<FakeHandle<FakeService>, FakeService> table;

    @BeforeEach
    void setUp() {
        listeners.add(events);
        table = new ProviderTable<>(ProviderKind.ORCHESTRATOR, FakeHandle.access(), () -> listeners);
    }

    private static List<ProviderState> states(List<ProviderInfo> infos) {
        return infos.stream().map(ProviderInfo::state).toList();
    }

    private static List<Long> ids(List<ProviderInfo> infos) {
        return infos.stream().map(ProviderInfo::serviceId).toList();
    }

    // Removing a registration waits for its calls in flight: with none counted, it returns at once, not after the
    // minute it would otherwise wait.
    private void assertNoCallInFlight(FakeHandle<FakeService> h) {
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> table.remove(h.key(), 1, TimeUnit.MINUTES));
    }

    private static ProviderInfo only(List<ProviderInfo> infos) {
        assertEquals(1, infos.size(), () -> "expected one candidate: " + infos);
        return infos.get(0);
    }

    // ------------------------------------------------------------------ declared failures

    /** A registration that says it cannot serve ({@code orchard.provider.failure}): FAILED, never called. */
    @Nested
    class DeclaredFailure {
        @Test
        void isFailedWithItsReasonAndNeverObtained() {
            FakeHandle<FakeService> h = FakeHandle.of("edge", 0).declareFailure("max.pods \"abc\" is not a count");
            table.add(h);
            ProviderInfo info = only(table.candidates("edge"));
            assertEquals(ProviderState.FAILED, info.state());
            assertEquals(Optional.of("max.pods \"abc\" is not a count"), info.failureReason());
            assertEquals(Set.of(), table.names());
            UnavailableException e = assertThrows(UnavailableException.class, () -> table.get("edge"));
            assertTrue(e.getMessage().contains("max.pods"), e.getMessage());
            assertThrows(UnavailableException.class, () -> table.call("edge", s -> s));
            assertEquals(0, h.obtains());
            assertEquals(List.of("failed edge#" + h.serviceId()), events.drain());
        }

        @Test
        void aReasonIsRecordedWithoutTheCredentialsItCarries() {
            // Whoever worded it, a reason leaves the registry redacted: the shell, HTTP and the console read it here.
            FakeHandle<FakeService> h = FakeHandle.of("edge", 0)
                    .declareFailure("kubeconfig is not a kubeconfig: token: s3cr3t-tok \"broken; master"
                            + " https://admin:hunter2@10.0.0.1:6443");
            table.add(h);
            String reason = only(table.candidates("edge")).failureReason().orElseThrow();
            assertFalse(reason.contains("s3cr3t-tok"), reason);
            assertFalse(reason.contains("hunter2"), reason);
            UnavailableException e = assertThrows(UnavailableException.class, () -> table.get("edge"));
            assertFalse(e.getMessage().contains("s3cr3t-tok") || e.getMessage().contains("hunter2"), e.getMessage());
        }

        @Test
        void doesNotShadowAWorkingCandidateOfTheSameName() {
            FakeHandle<FakeService> working = FakeHandle.of("local", 0);
            FakeHandle<FakeService> broken = FakeHandle.of("local", 10).declareFailure("pool \"lots\"");
            table.add(working);
            table.add(broken);
            assertSame(working.service(), table.get("local"));
            assertEquals(List.of(ProviderState.FAILED, ProviderState.ACTIVE), states(table.candidates("local")));
        }

        @Test
        void recoversWhenItClearsTheFailureAndFailsAgainWhenItSetsIt() {
            FakeHandle<FakeService> low = FakeHandle.of("local", 0);
            FakeHandle<FakeService> high = FakeHandle.of("local", 10).declareFailure("waiting for the data root");
            table.add(low);
            table.add(high);
            assertSame(low.service(), table.get("local"));
            events.drain();

            table.update(high.declareFailure(null));
            assertSame(high.service(), table.get("local"), "the recovered higher candidate serves");
            assertEquals(List.of(ProviderState.ACTIVE, ProviderState.SHADOWED), states(table.candidates("local")));
            assertEquals(List.of("replaced local#" + low.serviceId() + "->local#" + high.serviceId()), events.drain());

            table.update(high.declareFailure("disk full"));
            assertSame(low.service(), table.get("local"), "the next candidate takes over at once");
            assertEquals(
                    Optional.of("disk full"), table.candidates("local").get(0).failureReason());
            assertEquals(
                    List.of(
                            "replaced local#" + high.serviceId() + "->local#" + low.serviceId(),
                            "failed local#" + high.serviceId()),
                    events.drain());
        }

        @Test
        void aLoneCandidateRecoversToo() {
            FakeHandle<FakeService> h = FakeHandle.of("edge", 0).declareFailure("not yet");
            table.add(h);
            events.drain();
            table.update(h.declareFailure(null));
            assertSame(h.service(), table.get("edge"));
            assertEquals(List.of("added edge#" + h.serviceId()), events.drain());
        }

        @Test
        void aRenameCarriesTheDeclaredFailure() {
            FakeHandle<FakeService> h = FakeHandle.of("old", 0);
            table.add(h);
            table.update(h.name("new").declareFailure("broken"));
            assertEquals(ProviderState.FAILED, only(table.candidates("new")).state());
            assertEquals(List.of(), table.candidates("old"));
        }
    }

    // ------------------------------------------------------------------ one candidate

    @Nested
    class OneCandidate {
        @Test
        void becomesActiveAndIsReachable() {
            FakeHandle<FakeService> h = FakeHandle.of("mock", 0);
            table.add(h);

            ProviderInfo info = only(table.candidates("mock"));
            assertAll(
                    () -> assertEquals(ProviderState.ACTIVE, info.state()),
                    () -> assertEquals("mock", info.name()),
                    () -> assertEquals(ProviderKind.ORCHESTRATOR, info.kind()),
                    () -> assertEquals(h.serviceId(), info.serviceId()),
                    () -> assertEquals("test.bundle", info.bundleSymbolicName()),
                    () -> assertEquals("1.0.0", info.bundleVersion()),
                    () -> assertEquals(Optional.empty(), info.failureReason()),
                    () -> assertEquals(Set.of("mock"), table.names()),
                    () -> assertEquals(1, table.providers().size()),
                    () -> assertSame(h.service(), table.get("mock")),
                    () -> assertEquals(Optional.of(h.service()), table.find("mock")),
                    () -> assertSame(h.service(), table.call("mock", s -> s)));
        }

        @Test
        void obtainsTheServiceLazilyAndOnce() {
            FakeHandle<FakeService> h = FakeHandle.of("mock", 0);
            table.add(h);
            assertEquals(0, h.obtains(), "add must not obtain the service");
            table.names();
            table.providers();
            table.candidates("mock");
            assertEquals(0, h.obtains(), "descriptions must not obtain the service");

            assertSame(h.service(), table.get("mock"));
            assertEquals(1, h.obtains());

            for (int i = 0; i < 50; i++) {
                table.get("mock");
                table.find("mock");
                table.call("mock", FakeService::use);
            }
            assertEquals(1, h.obtains(), "the service must be obtained once and then reused");
            assertEquals(50, h.service().calls());
            assertEquals(0, h.releases());
        }

        @Test
        void callObtainsLazilyToo() {
            FakeHandle<FakeService> h = FakeHandle.of("mock", 0);
            table.add(h);
            assertEquals("mock#" + h.serviceId(), table.call("mock", FakeService::label));
            assertEquals(1, h.obtains());
        }

        @Test
        void addingTheSameKeyTwiceIsIgnored() {
            FakeHandle<FakeService> h = FakeHandle.of("mock", 0);
            table.add(h);
            table.add(h);
            assertEquals(1, table.providers().size());
            assertEquals(1, table.candidates("mock").size());
            assertEquals(List.of("added mock#" + h.serviceId()), events.drain());
        }

        @Test
        void removeDrainsAndReleasesAnObtainedService() {
            FakeHandle<FakeService> h = FakeHandle.of("mock", 0);
            table.add(h);
            table.get("mock");

            assertTrue(table.remove(h.key(), 1, TimeUnit.SECONDS));
            assertEquals(Set.of(), table.names());
            assertEquals(0, table.providers().size());
            assertEquals(1, h.releases());
            assertTrue(h.service().released());
            assertThrows(NotFoundException.class, () -> table.get("mock"));
        }

        @Test
        void drainDoesNotReleaseAServiceNeverObtained() {
            FakeHandle<FakeService> h = FakeHandle.of("mock", 0);
            table.add(h);
            assertTrue(table.remove(h.key(), 1, TimeUnit.SECONDS));
            assertEquals(0, h.obtains());
            assertEquals(0, h.releases());
        }

        @Test
        void removeOfAnUnknownKeyReturnsFalse() {
            assertFalse(table.remove(FakeHandle.of(-5, "mock", 0), 1, TimeUnit.SECONDS));
            table.add(FakeHandle.of("mock", 0));
            assertFalse(table.remove(FakeHandle.of(-5, "mock", 0), 1, TimeUnit.SECONDS));
            assertEquals(1, table.providers().size());
        }

        @Test
        void updateOfAnUnknownKeyDoesNothing() {
            table.add(FakeHandle.of("mock", 0));
            events.drain();
            table.update(FakeHandle.of(-5, "mock", 0));
            assertEquals(1, table.providers().size());
            assertEquals(List.of(), events.drain());
        }

        @Test
        void keysHaveValueEquality() {
            FakeHandle<FakeService> h = FakeHandle.of(77, "mock", 0);
            table.add(h);
            assertTrue(table.remove(FakeHandle.of(77, "mock", 0), 1, TimeUnit.SECONDS));
            assertEquals(0, table.providers().size());
        }

        @Test
        void anExceptionOfTheCallReachesTheCallerAndTheCallIsCountedOut() {
            FakeHandle<FakeService> h = FakeHandle.of("mock", 0);
            table.add(h);
            IllegalStateException thrown = assertThrows(
                    IllegalStateException.class,
                    () -> table.call("mock", s -> {
                        throw new IllegalStateException("provider bug");
                    }));
            assertEquals("provider bug", thrown.getMessage());
            assertEquals(
                    ProviderState.ACTIVE,
                    only(table.candidates("mock")).state(),
                    "an exception of the call must not fail the provider");
            assertNoCallInFlight(h);
        }
    }

    // ------------------------------------------------------------------ ordering and shadowing

    @Nested
    class Shadowing {
        @Test
        void higherRankingShadowsLowerWhicheverArrivesFirst() {
            FakeHandle<FakeService> low = FakeHandle.of("mock", 0);
            FakeHandle<FakeService> high = FakeHandle.of("mock", 10);
            table.add(low);
            table.add(high);

            List<ProviderInfo> candidates = table.candidates("mock");
            assertEquals(List.of(high.serviceId(), low.serviceId()), ids(candidates));
            assertEquals(List.of(ProviderState.ACTIVE, ProviderState.SHADOWED), states(candidates));
            assertEquals(
                    List.of(10, 0),
                    candidates.stream().map(ProviderInfo::ranking).toList());
            assertSame(high.service(), table.get("mock"));
            assertSame(high.service(), table.call("mock", s -> s));
            assertEquals(0, low.obtains(), "a shadowed candidate must not be obtained");
            assertEquals(Set.of("mock"), table.names());
            assertEquals(2, table.providers().size());

            ProviderTable<FakeHandle<FakeService>, FakeService> other =
                    new ProviderTable<>(ProviderKind.POD, FakeHandle.access(), List::of);
            FakeHandle<FakeService> low2 = FakeHandle.of("mock", 0);
            FakeHandle<FakeService> high2 = FakeHandle.of("mock", 10);
            other.add(high2);
            other.add(low2);
            assertEquals(List.of(high2.serviceId(), low2.serviceId()), ids(other.candidates("mock")));
            assertSame(high2.service(), other.get("mock"));
        }

        @Test
        void sameRankingPrefersTheLowerServiceId() {
            FakeHandle<FakeService> h5 = FakeHandle.of(5, "mock", 3);
            FakeHandle<FakeService> h3 = FakeHandle.of(3, "mock", 3);
            FakeHandle<FakeService> h9 = FakeHandle.of(9, "mock", 3);
            table.add(h5);
            table.add(h3);
            table.add(h9);
            List<ProviderInfo> candidates = table.candidates("mock");
            assertEquals(List.of(3L, 5L, 9L), ids(candidates));
            assertEquals(
                    List.of(ProviderState.ACTIVE, ProviderState.SHADOWED, ProviderState.SHADOWED), states(candidates));
            assertSame(h3.service(), table.get("mock"));
        }

        @Test
        void negativeRankingsOrderToo() {
            FakeHandle<FakeService> a = FakeHandle.of(1, "mock", -5);
            FakeHandle<FakeService> b = FakeHandle.of(2, "mock", Integer.MIN_VALUE);
            FakeHandle<FakeService> c = FakeHandle.of(3, "mock", Integer.MAX_VALUE);
            table.add(a);
            table.add(b);
            table.add(c);
            assertEquals(List.of(3L, 1L, 2L), ids(table.candidates("mock")));
        }

        @Test
        void removingTheActiveOneActivatesTheShadowedOne() {
            FakeHandle<FakeService> low = FakeHandle.of("mock", 0);
            FakeHandle<FakeService> mid = FakeHandle.of("mock", 5);
            FakeHandle<FakeService> high = FakeHandle.of("mock", 10);
            table.add(low);
            table.add(high);
            table.add(mid);
            assertSame(high.service(), table.get("mock"));

            table.remove(high.key(), 1, TimeUnit.SECONDS);
            assertEquals(1, high.releases());
            List<ProviderInfo> candidates = table.candidates("mock");
            assertEquals(List.of(mid.serviceId(), low.serviceId()), ids(candidates));
            assertEquals(List.of(ProviderState.ACTIVE, ProviderState.SHADOWED), states(candidates));
            assertSame(mid.service(), table.get("mock"));

            table.remove(mid.key(), 1, TimeUnit.SECONDS);
            assertEquals(ProviderState.ACTIVE, only(table.candidates("mock")).state());
            assertSame(low.service(), table.call("mock", s -> s));
        }

        @Test
        void removingAShadowedOneLeavesTheActiveOneAlone() {
            FakeHandle<FakeService> low = FakeHandle.of("mock", 0);
            FakeHandle<FakeService> high = FakeHandle.of("mock", 10);
            table.add(low);
            table.add(high);
            events.drain();
            table.remove(low.key(), 1, TimeUnit.SECONDS);
            assertEquals(List.of(high.serviceId()), ids(table.candidates("mock")));
            assertEquals(List.of(), events.drain());
        }

        @Test
        void namesAreIndependent() {
            FakeHandle<FakeService> a = FakeHandle.of("alpha", 0);
            FakeHandle<FakeService> b = FakeHandle.of("beta", 100);
            table.add(a);
            table.add(b);
            assertEquals(List.of("alpha", "beta"), new ArrayList<>(table.names()));
            assertSame(a.service(), table.get("alpha"));
            assertSame(b.service(), table.get("beta"));
            assertEquals(ProviderState.ACTIVE, only(table.candidates("alpha")).state());
        }
    }

    // ------------------------------------------------------------------ update

    @Nested
    class Update {
        @Test
        void aRankingChangeReorders() {
            FakeHandle<FakeService> a = FakeHandle.of("mock", 0);
            FakeHandle<FakeService> b = FakeHandle.of("mock", 5);
            table.add(a);
            table.add(b);
            assertSame(b.service(), table.get("mock"));
            events.drain();

            a.ranking(10);
            table.update(a.key());
            String ia = "mock#" + a.serviceId();
            String ib = "mock#" + b.serviceId();
            assertEquals(List.of("replaced " + ib + "->" + ia), events.drain());
            List<ProviderInfo> candidates = table.candidates("mock");
            assertEquals(List.of(a.serviceId(), b.serviceId()), ids(candidates));
            assertEquals(List.of(ProviderState.ACTIVE, ProviderState.SHADOWED), states(candidates));
            assertEquals(10, candidates.get(0).ranking(), "the new ranking must be shown");
            assertSame(a.service(), table.get("mock"));

            a.ranking(1);
            table.update(a.key());
            assertEquals(List.of(b.serviceId(), a.serviceId()), ids(table.candidates("mock")));
            assertSame(b.service(), table.get("mock"));
            assertEquals(2, table.providers().size());
            assertEquals(List.of("replaced " + ia + "->" + ib), events.drain());
        }

        @Test
        void aRankingChangeOfAFailedCandidateKeepsItFailed() {
            FakeHandle<FakeService> broken = FakeHandle.of("mock", 10).failObtain("boom");
            FakeHandle<FakeService> spare = FakeHandle.of("mock", 5);
            table.add(broken);
            table.add(spare);
            assertSame(spare.service(), table.get("mock"));
            events.drain();

            broken.ranking(1);
            table.update(broken.key());
            assertEquals(List.of(spare.serviceId(), broken.serviceId()), ids(table.candidates("mock")));
            assertEquals(List.of(ProviderState.ACTIVE, ProviderState.FAILED), states(table.candidates("mock")));
            broken.ranking(20);
            table.update(broken.key());
            assertEquals(List.of(ProviderState.FAILED, ProviderState.ACTIVE), states(table.candidates("mock")));
            assertSame(spare.service(), table.get("mock"));
            assertEquals(List.of(), events.drain());
            assertEquals(1, broken.obtains());
        }

        @Test
        void aRankingChangeThatKeepsTheOrderTellsNoListener() {
            FakeHandle<FakeService> a = FakeHandle.of("mock", 5);
            FakeHandle<FakeService> b = FakeHandle.of("mock", 0);
            table.add(a);
            table.add(b);
            events.drain();

            a.ranking(7);
            table.update(a.key());
            b.ranking(1);
            table.update(b.key());
            assertEquals(List.of(), events.drain(), "the active provider did not change");
            assertEquals(
                    List.of(7, 1),
                    table.candidates("mock").stream().map(ProviderInfo::ranking).toList());
        }

        @Test
        void updatingTheOnlyCandidateTellsNoListener() {
            FakeHandle<FakeService> a = FakeHandle.of("mock", 5);
            table.add(a);
            events.drain();
            a.ranking(7);
            table.update(a.key());
            table.update(a.key());
            assertEquals(List.of(), events.drain(), "the name never lost its provider");
            assertEquals(7, only(table.candidates("mock")).ranking());
        }

        @Test
        void readersNeverMissTheNameWhileItsOnlyCandidateIsUpdated() {
            FakeHandle<FakeService> a = FakeHandle.of("mock", 5);
            table.add(a);
            table.get("mock");
            List<String> seen = new CopyOnWriteArrayList<>();
            // Reads take no lock, so they can run right here, in the middle of update().
            a.onNameRead(() -> seen.add(table.find("mock").isPresent() + " " + table.names()));
            a.ranking(7);
            table.update(a.key());
            a.onNameRead(() -> {});

            assertFalse(seen.isEmpty());
            assertTrue(seen.stream().allMatch("true [mock]"::equals), () -> "seen mid-update: " + seen);
        }

        @Test
        void readersKeepTheActiveProviderWhileItIsUpdated() {
            FakeHandle<FakeService> a = FakeHandle.of("mock", 5);
            FakeHandle<FakeService> b = FakeHandle.of("mock", 0);
            table.add(a);
            table.add(b);
            table.get("mock");
            List<Object> seen = new CopyOnWriteArrayList<>();
            a.onNameRead(() -> seen.add(table.call("mock", s -> s)));
            a.ranking(6);
            table.update(a.key());
            a.onNameRead(() -> {});

            assertTrue(seen.stream().allMatch(s -> s == a.service()), () -> "seen mid-update: " + seen);
            assertEquals(0, b.obtains(), "the shadowed provider must not be used while the active one is updated");
        }

        @Test
        void aNameChangeReKeysTheCandidate() {
            FakeHandle<FakeService> a = FakeHandle.of("old", 0);
            table.add(a);
            events.drain();

            a.name("new");
            table.update(a.key());
            assertEquals(Set.of("new"), table.names());
            assertEquals(List.of(), table.candidates("old"));
            assertEquals(ProviderState.ACTIVE, only(table.candidates("new")).state());
            assertEquals("new", only(table.candidates("new")).name());
            assertSame(a.service(), table.get("new"));
            assertThrows(NotFoundException.class, () -> table.get("old"));
            assertEquals(1, table.providers().size());
            String id = "#" + a.serviceId();
            assertEquals(List.of("removed old" + id, "added new" + id), events.drain());
        }

        @Test
        void aNameChangeLeavesTheOtherCandidatesOfTheOldName() {
            FakeHandle<FakeService> a = FakeHandle.of("old", 10);
            FakeHandle<FakeService> b = FakeHandle.of("old", 0);
            FakeHandle<FakeService> c = FakeHandle.of("new", 20);
            table.add(a);
            table.add(b);
            table.add(c);
            events.drain();

            a.name("new");
            table.update(a.key());
            assertEquals(Set.of("old", "new"), table.names());
            assertEquals(List.of(b.serviceId()), ids(table.candidates("old")));
            assertEquals(List.of(c.serviceId(), a.serviceId()), ids(table.candidates("new")));
            assertEquals(List.of(ProviderState.ACTIVE, ProviderState.SHADOWED), states(table.candidates("new")));
            assertEquals(List.of("replaced old#" + a.serviceId() + "->old#" + b.serviceId()), events.drain());
        }

        @Test
        void aNameMadeInvalidFailsTheCandidate() {
            FakeHandle<FakeService> a = FakeHandle.of("mock", 0);
            table.add(a);
            events.drain();

            a.name("Mock");
            table.update(a.key());
            assertEquals(Set.of(), table.names());
            assertEquals(List.of(), table.candidates("mock"));
            ProviderInfo info = only(table.providers());
            assertEquals(ProviderState.FAILED, info.state());
            assertEquals("Mock", info.name());
            assertTrue(info.failureReason().orElseThrow().contains(ProviderProperties.NAME));
            assertEquals(1, table.providers().size());
            String id = "#" + a.serviceId();
            assertEquals(List.of("removed mock" + id, "failed Mock" + id), events.drain());
        }

        @Test
        void anUpdateThatFixesTheNameMakesItActive() {
            FakeHandle<FakeService> a = FakeHandle.of("Bad", 0);
            table.add(a);
            assertEquals(ProviderState.FAILED, only(table.providers()).state());
            events.drain();

            a.name("good");
            table.update(a.key());
            ProviderInfo info = only(table.providers());
            assertEquals(ProviderState.ACTIVE, info.state());
            assertEquals("good", info.name());
            assertEquals(Optional.empty(), info.failureReason());
            assertEquals(Set.of("good"), table.names());
            assertSame(a.service(), table.get("good"));
            assertEquals(List.of("added good#" + a.serviceId()), events.drain());
        }

        @Test
        void anUpdateThatFixesTheNameUnderAnActiveOneShadowsIt() {
            FakeHandle<FakeService> active = FakeHandle.of("good", 10);
            FakeHandle<FakeService> a = FakeHandle.of(null, 0);
            table.add(active);
            table.add(a);
            a.name("good");
            table.update(a.key());
            assertEquals(List.of(ProviderState.ACTIVE, ProviderState.SHADOWED), states(table.candidates("good")));
            assertEquals(List.of(active.serviceId(), a.serviceId()), ids(table.candidates("good")));
        }

        @Test
        void anUpdateThatLeavesTheNameInvalidKeepsItFailedWithTheNewReason() {
            FakeHandle<FakeService> a = FakeHandle.of(null, 0);
            table.add(a);
            assertTrue(only(table.providers()).failureReason().orElseThrow().contains("no " + ProviderProperties.NAME));
            events.drain();

            a.name(42).ranking(3);
            table.update(a.key());
            ProviderInfo info = only(table.providers());
            assertEquals(ProviderState.FAILED, info.state());
            assertEquals("42", info.name());
            assertTrue(info.failureReason().orElseThrow().contains("Integer"), info.failureReason()::get);
            assertEquals(3, info.ranking(), "the new ranking must be shown");
            assertEquals(Set.of(), table.names());
            assertEquals(1, table.providers().size());
        }
    }

    // ------------------------------------------------------------------ invalid names

    static Stream<Arguments> invalidNames() {
        return Stream.of(
                Arguments.of(null, "", "no " + ProviderProperties.NAME),
                Arguments.of(42, "42", "must be a String, not Integer"),
                Arguments.of("Bad", "Bad", "DNS-1123"),
                Arguments.of("", "", "must not be empty"),
                Arguments.of("a".repeat(64), "a".repeat(64), "64 characters"),
                Arguments.of("-lead", "-lead", "DNS-1123"),
                Arguments.of("trail-", "trail-", "DNS-1123"),
                Arguments.of("under_score", "under_score", "DNS-1123"),
                Arguments.of(" mock", " mock", "DNS-1123"));
    }

    @ParameterizedTest
    @MethodSource("invalidNames")
    void anInvalidNameIsFailedAndAffectsNoOtherName(Object name, String shown, String reasonPart) {
        FakeHandle<FakeService> good = FakeHandle.of("good", 0);
        table.add(good);
        events.drain();
        FakeHandle<FakeService> bad = FakeHandle.of(name, 50);
        table.add(bad);

        List<ProviderInfo> all = table.providers();
        assertEquals(2, all.size(), all::toString);
        ProviderInfo failed = all.get(1);
        String reason = failed.failureReason().orElseThrow();
        assertAll(
                () -> assertEquals(ProviderState.FAILED, failed.state()),
                () -> assertEquals(bad.serviceId(), failed.serviceId()),
                () -> assertEquals(shown, failed.name()),
                () -> assertEquals(50, failed.ranking()),
                () -> assertTrue(reason.contains(ProviderProperties.NAME), reason),
                () -> assertTrue(reason.contains(reasonPart), reason),
                () -> assertEquals(ProviderState.ACTIVE, all.get(0).state()),
                () -> assertEquals(Set.of("good"), table.names()),
                () -> assertSame(good.service(), table.get("good")),
                () -> assertEquals(List.of(good.serviceId()), ids(table.candidates("good"))),
                () -> assertEquals(2, table.providers().size()),
                () -> assertEquals(0, bad.obtains(), "a candidate without a valid name is never obtained"),
                () -> assertEquals(List.of("failed " + shown + "#" + bad.serviceId()), events.drain()));

        // It can leave again without a trace.
        assertTrue(table.remove(bad.key(), 1, TimeUnit.SECONDS));
        assertEquals(1, table.providers().size());
        assertEquals(List.of(good.serviceId()), ids(table.providers()));
        assertEquals(List.of(), events.drain());
    }

    @Test
    void the63CharacterNameIsValid() {
        String name = "a".repeat(63);
        FakeHandle<FakeService> h = FakeHandle.of(name, 0);
        table.add(h);
        assertEquals(ProviderState.ACTIVE, only(table.candidates(name)).state());
        assertSame(h.service(), table.get(name));
    }

    // ------------------------------------------------------------------ obtain failures

    @Nested
    class ObtainFailure {
        @Test
        void getFallsOverToTheNextCandidate() {
            FakeHandle<FakeService> high = FakeHandle.of("mock", 10).failObtain("activate threw: boom");
            FakeHandle<FakeService> low = FakeHandle.of("mock", 0);
            table.add(high);
            table.add(low);
            events.drain();

            assertSame(low.service(), table.get("mock"));
            List<ProviderInfo> candidates = table.candidates("mock");
            assertEquals(List.of(high.serviceId(), low.serviceId()), ids(candidates));
            assertEquals(List.of(ProviderState.FAILED, ProviderState.ACTIVE), states(candidates));
            String reason = candidates.get(0).failureReason().orElseThrow();
            assertTrue(reason.contains("activate threw: boom"), reason);
            assertTrue(reason.contains("could not be obtained"), reason);
            assertEquals(Optional.empty(), candidates.get(1).failureReason());
            String h = "mock#" + high.serviceId();
            String l = "mock#" + low.serviceId();
            assertEquals(List.of("replaced " + h + "->" + l, "failed " + h), events.drain());

            for (int i = 0; i < 10; i++) {
                assertSame(low.service(), table.get("mock"));
            }
            assertEquals(1, high.obtains(), "a FAILED candidate must not be tried again");
            assertEquals(1, low.obtains());
            assertEquals(Set.of("mock"), table.names());
        }

        @Test
        void callAndFindFallOverToTheNextCandidate() {
            FakeHandle<FakeService> high = FakeHandle.of("mock", 10).failObtain("boom");
            FakeHandle<FakeService> low = FakeHandle.of("mock", 0);
            table.add(high);
            table.add(low);
            assertSame(low.service(), table.call("mock", s -> s));
            assertEquals(Optional.of(low.service()), table.find("mock"));
            assertEquals(ProviderState.FAILED, table.candidates("mock").get(0).state());

            ProviderTable<FakeHandle<FakeService>, FakeService> other =
                    new ProviderTable<>(ProviderKind.POD, FakeHandle.access(), List::of);
            FakeHandle<FakeService> high2 = FakeHandle.of("mock", 10).failObtain("boom");
            FakeHandle<FakeService> low2 = FakeHandle.of("mock", 0);
            other.add(high2);
            other.add(low2);
            assertEquals(Optional.of(low2.service()), other.find("mock"));
            assertEquals(ProviderState.FAILED, other.candidates("mock").get(0).state());
        }

        @Test
        void withoutAnotherCandidateGetThrowsUnavailable() {
            FakeHandle<FakeService> h = FakeHandle.of("mock", 0).failObtain("activate threw: boom");
            table.add(h);
            events.drain();

            UnavailableException e = assertThrows(UnavailableException.class, () -> table.get("mock"));
            assertTrue(e.getMessage().contains("boom"), e.getMessage());
            assertTrue(e.retryable());
            assertEquals(OrchardException.Category.UNAVAILABLE, e.category());
            assertThrows(UnavailableException.class, () -> table.call("mock", s -> s));
            assertEquals(Optional.empty(), table.find("mock"));
            assertEquals(Set.of(), table.names());
            assertEquals(ProviderState.FAILED, only(table.candidates("mock")).state());
            assertEquals(ProviderState.FAILED, only(table.providers()).state());
            assertEquals(1, table.providers().size());
            String id = "mock#" + h.serviceId();
            assertEquals(List.of("removed " + id, "failed " + id), events.drain());
        }

        @Test
        void callWithoutAnotherCandidateThrowsUnavailable() {
            FakeHandle<FakeService> h = FakeHandle.of("mock", 0).failObtain("no way");
            table.add(h);
            UnavailableException e = assertThrows(UnavailableException.class, () -> table.call("mock", s -> s));
            assertTrue(e.getMessage().contains("no way"), e.getMessage());
        }

        @Test
        void aNewCandidateRescuesAFailedName() {
            FakeHandle<FakeService> h = FakeHandle.of("mock", 10).failObtain("boom");
            table.add(h);
            assertThrows(UnavailableException.class, () -> table.get("mock"));
            events.drain();

            FakeHandle<FakeService> next = FakeHandle.of("mock", 0);
            table.add(next);
            assertSame(next.service(), table.get("mock"));
            assertEquals(List.of(ProviderState.FAILED, ProviderState.ACTIVE), states(table.candidates("mock")));
            assertEquals(List.of("added mock#" + next.serviceId()), events.drain());
        }

        @Test
        void aFailedCandidateLeavesCleanly() {
            FakeHandle<FakeService> h = FakeHandle.of("mock", 0).failObtain("boom");
            table.add(h);
            assertThrows(UnavailableException.class, () -> table.get("mock"));
            events.drain();
            table.remove(h.key(), 1, TimeUnit.SECONDS);
            assertEquals(0, h.releases(), "nothing was obtained, so nothing is released");
            assertEquals(0, table.providers().size());
            assertThrows(NotFoundException.class, () -> table.get("mock"));
            assertEquals(List.of(), events.drain(), "the name had no active provider left to remove");
        }
    }

    // ------------------------------------------------------------------ lookup errors

    @Test
    void aNameNobodyHasIsNotFound() {
        table.add(FakeHandle.of("mock", 0));
        NotFoundException e = assertThrows(NotFoundException.class, () -> table.get("nobody"));
        assertTrue(e.getMessage().contains("\"nobody\""), e.getMessage());
        assertTrue(e.getMessage().contains("mock"), "the message lists the known names: " + e.getMessage());
        assertEquals(OrchardException.Category.NOT_FOUND, e.category());
        assertThrows(NotFoundException.class, () -> table.call("nobody", s -> s));
        assertEquals(Optional.empty(), table.find("nobody"));
        assertEquals(List.of(), table.candidates("nobody"));
    }

    @Test
    void anEmptyTableIsNotFound() {
        assertThrows(NotFoundException.class, () -> table.get("mock"));
        assertThrows(NotFoundException.class, () -> table.call("mock", s -> s));
        assertEquals(Set.of(), table.names());
        assertEquals(List.of(), table.providers());
        assertEquals(0, table.providers().size());
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(
            strings = {"Bad", "bad_name", "-x", " ", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            })
    void anInvalidNameIsInvalidInput(String name) {
        table.add(FakeHandle.of("mock", 0));
        InvalidInputException get = assertThrows(InvalidInputException.class, () -> table.get(name));
        assertTrue(get.getMessage().contains("provider name"), get.getMessage());
        assertEquals(OrchardException.Category.INVALID_INPUT, get.category());
        assertThrows(InvalidInputException.class, () -> table.call(name, s -> s));
        assertEquals(Optional.empty(), table.find(name));
        assertEquals(List.of(), table.candidates(name));
    }

    @Test
    void aNullNameFindsNothing() {
        table.add(FakeHandle.of("mock", 0));
        assertEquals(Optional.empty(), table.find(null));
        assertEquals(List.of(), table.candidates(null));
    }

    // ------------------------------------------------------------------ size and providers()

    @Test
    void providersListEveryRegistrationUsableOrNot() {
        FakeHandle<FakeService> a = FakeHandle.of("alpha", 0);
        FakeHandle<FakeService> b = FakeHandle.of("alpha", 5);
        FakeHandle<FakeService> c = FakeHandle.of("Bad", 0);
        FakeHandle<FakeService> d = FakeHandle.of("delta", 0).failObtain("boom");
        table.add(a);
        table.add(b);
        table.add(c);
        table.add(d);
        assertThrows(UnavailableException.class, () -> table.get("delta"));
        assertEquals(4, table.providers().size());
        table.remove(c.key(), 1, TimeUnit.SECONDS);
        assertEquals(3, table.providers().size());
        table.remove(b.key(), 1, TimeUnit.SECONDS);
        table.remove(a.key(), 1, TimeUnit.SECONDS);
        table.remove(d.key(), 1, TimeUnit.SECONDS);
        assertEquals(0, table.providers().size());
    }

    @Test
    void providersAreOrderedByNameThenPreferredThenTheUnnamed() {
        FakeHandle<FakeService> beta0 = FakeHandle.of(10, "beta", 0);
        FakeHandle<FakeService> beta5 = FakeHandle.of(11, "beta", 5);
        FakeHandle<FakeService> beta5b = FakeHandle.of(12, "beta", 5);
        FakeHandle<FakeService> alpha = FakeHandle.of(13, "alpha", -1);
        FakeHandle<FakeService> gamma = FakeHandle.of(14, "gamma", 9).failObtain("boom");
        FakeHandle<FakeService> gammaOk = FakeHandle.of(15, "gamma", 1);
        FakeHandle<FakeService> unnamed30 = FakeHandle.of(30, null, 100);
        FakeHandle<FakeService> unnamed20 = FakeHandle.of(20, "Zed", 100);
        FakeHandle<FakeService> unnamed25 = FakeHandle.of(25, 7L, 0);
        // Added in an order unrelated to the expected one.
        for (FakeHandle<FakeService> h :
                List.of(unnamed30, gamma, beta0, unnamed20, beta5b, alpha, gammaOk, beta5, unnamed25)) {
            table.add(h);
        }
        table.get("gamma");

        List<ProviderInfo> all = table.providers();
        assertEquals(List.of(13L, 11L, 12L, 10L, 14L, 15L, 20L, 25L, 30L), ids(all));
        assertEquals(
                List.of("alpha", "beta", "beta", "beta", "gamma", "gamma", "Zed", "7", ""),
                all.stream().map(ProviderInfo::name).toList());
        assertEquals(
                List.of(
                        ProviderState.ACTIVE,
                        ProviderState.ACTIVE,
                        ProviderState.SHADOWED,
                        ProviderState.SHADOWED,
                        ProviderState.FAILED,
                        ProviderState.ACTIVE,
                        ProviderState.FAILED,
                        ProviderState.FAILED,
                        ProviderState.FAILED),
                states(all));
        assertEquals(9, table.providers().size());
        assertEquals(List.of("alpha", "beta", "gamma"), new ArrayList<>(table.names()));
        assertThrows(UnsupportedOperationException.class, () -> all.add(all.get(0)));
        assertThrows(UnsupportedOperationException.class, () -> table.names().add("x"));
        assertThrows(
                UnsupportedOperationException.class,
                () -> table.candidates("beta").clear());
    }

    @Test
    void aListenerSupplierOfNullIsNoListener() {
        ProviderTable<FakeHandle<FakeService>, FakeService> quiet =
                new ProviderTable<>(ProviderKind.POD, FakeHandle.access(), () -> null);
        FakeHandle<FakeService> h = FakeHandle.of("mock", 0);
        quiet.add(h);
        quiet.add(FakeHandle.of("Bad", 0));
        assertSame(h.service(), quiet.get("mock"));
        quiet.remove(h.key(), 1, TimeUnit.SECONDS);
        assertEquals(1, quiet.providers().size());
    }

    @Test
    void podTablesNameTheirKind() {
        ProviderTable<FakeHandle<FakeService>, FakeService> pods =
                new ProviderTable<>(ProviderKind.POD, FakeHandle.access(), List::of);
        pods.add(FakeHandle.of("vk", 0));
        assertEquals(ProviderKind.POD, only(pods.candidates("vk")).kind());
        NotFoundException e = assertThrows(NotFoundException.class, () -> pods.get("nobody"));
        assertTrue(e.getMessage().contains("pod provider"), e.getMessage());
        NotFoundException o = assertThrows(NotFoundException.class, () -> table.get("nobody"));
        assertTrue(o.getMessage().contains("orchestrator provider"), o.getMessage());
    }

    // ------------------------------------------------------------------ a name's value: key, candidate, slot

    @Test
    void aRegistrationWhoseNameChangedWithoutAnUpdateIsStillRemoved() {
        FakeHandle<FakeService> h = FakeHandle.of("mock", 0);
        table.add(h);
        table.get("mock");
        h.name("renamed"); // the framework changed it, but no update reached the table
        assertTrue(table.remove(h.key(), 1, TimeUnit.SECONDS), "found by a scan of every name");
        assertEquals(Set.of(), table.names());
        assertEquals(0, table.providers().size());
        assertEquals(1, h.releases());
    }

    @Test
    void manyFirstUsesAtOnceObtainTheServiceOnce() throws Exception {
        FakeHandle<FakeService> h = FakeHandle.of("mock", 0);
        table.add(h);
        int threads = 8;
        CyclicBarrier start = new CyclicBarrier(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<FakeService>> got = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                boolean viaCall = i % 2 == 0;
                got.add(pool.submit(() -> {
                    start.await();
                    return viaCall ? table.call("mock", s -> s) : table.get("mock");
                }));
            }
            for (Future<FakeService> f : got) {
                assertSame(h.service(), f.get(10, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, h.obtains(), "one candidate, one obtain, however many callers raced to use it first");
        assertNoCallInFlight(h);
    }

    @Test
    void aSecondCandidateOfANameNeverUsedKeepsOrderAndBothStayReachable() {
        FakeHandle<FakeService> low = FakeHandle.of("mock", 0);
        FakeHandle<FakeService> high = FakeHandle.of("mock", 5);
        table.add(low); // held as its bare key: never used
        table.add(high);
        assertEquals(List.of(high.serviceId(), low.serviceId()), ids(table.candidates("mock")));
        assertSame(high.service(), table.get("mock"));
        assertEquals(0, low.obtains(), "the shadowed one is not obtained");
        table.remove(high.key(), 1, TimeUnit.SECONDS);
        assertSame(low.service(), table.get("mock"));
        table.remove(low.key(), 1, TimeUnit.SECONDS);
        assertEquals(1, low.releases());
        assertEquals(1, high.releases());
        assertEquals(Set.of(), table.names());
    }
}
