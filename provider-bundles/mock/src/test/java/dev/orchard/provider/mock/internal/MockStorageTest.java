package dev.orchard.provider.mock.internal;

import static dev.orchard.provider.mock.internal.Fixtures.NOW;
import static dev.orchard.provider.mock.internal.Fixtures.inNamespace;
import static dev.orchard.provider.mock.internal.Fixtures.named;
import static dev.orchard.provider.mock.internal.Fixtures.phaseOf;
import static dev.orchard.provider.mock.internal.Fixtures.volume;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeList;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.orchestrator.VolumeProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MockStorageTest {
    private final MockInstance mock = Fixtures.provider();

    @AfterEach
    void close() {
        mock.close();
    }

    @Test
    void storageOpsIsTheInstancesStorage() {
        assertSame(mock.storage(), mock.orchestrator().storageOps().orElseThrow());
        assertEquals("mock", mock.orchestrator().name());
        assertEquals("mock", mock.orchestrator().label());
        assertEquals("local", mock.orchestrator().region());
    }

    @Test
    void addReturnsAnAvailableVolumeDescribedByTheProfile() {
        VolumeProfile p = volume("data")
                .namespace("team-a")
                .capacity("10Gi")
                .replicas(3)
                .storageClass("fast")
                .label("app", "db")
                .build();
        Volume v = mock.storage().addStorage(p);
        assertEquals("data", v.name());
        assertEquals("team-a", v.namespace());
        assertEquals(10L << 30, v.capacityBytes());
        assertEquals(3, v.replicas());
        assertEquals("fast", v.storageClass());
        assertEquals(Map.of("app", "db"), v.labels());
        assertEquals(VolumePhase.AVAILABLE, v.phase());
        assertEquals(NOW, v.creationTime());
        assertFalse(v.uid().isBlank());
    }

    @Test
    void readReturnsWhatWasAdded() {
        Volume added = mock.storage().addStorage(volume("default", "data", "1Gi"));
        assertEquals(Optional.of(added), mock.storage().readStorage(named("default", "data")));
    }

    @Test
    void eachVolumeGetsItsOwnUid() {
        Volume a = mock.storage().addStorage(volume("default", "a", "1Gi"));
        Volume b = mock.storage().addStorage(volume("default", "b", "1Gi"));
        assertNotEquals(a.uid(), b.uid());
    }

    @Test
    void readOfAnUnknownVolumeIsEmpty() {
        assertEquals(Optional.empty(), mock.storage().readStorage(named("default", "nothing")));
        mock.storage().addStorage(volume("other", "data", "1Gi"));
        assertEquals(
                Optional.empty(),
                mock.storage().readStorage(named("default", "data")),
                "a volume of another namespace must not be found");
    }

    @Test
    void listFiltersByNamespaceAndIsOrderedByName() {
        mock.storage().addStorage(volume("ns-a", "zeta", "1Gi"));
        mock.storage().addStorage(volume("ns-a", "alpha", "1Gi"));
        mock.storage().addStorage(volume("ns-b", "beta", "1Gi"));
        assertEquals(List.of("alpha", "zeta"), names(mock.storage().listStorage(inNamespace("ns-a"))));
        assertEquals(List.of("beta"), names(mock.storage().listStorage(inNamespace("ns-b"))));
        assertEquals(0, mock.storage().listStorage(inNamespace("ns-c")).size());
    }

    @Test
    void listFiltersByEveryLabelOfTheProfile() {
        mock.storage()
                .addStorage(volume("a")
                        .capacity("1Gi")
                        .label("app", "db")
                        .label("tier", "gold")
                        .build());
        mock.storage()
                .addStorage(volume("b")
                        .capacity("1Gi")
                        .label("app", "db")
                        .label("tier", "silver")
                        .build());
        mock.storage()
                .addStorage(volume("c").capacity("1Gi").label("app", "web").build());
        mock.storage().addStorage(volume("d").capacity("1Gi").build());

        assertEquals(List.of("a", "b", "c", "d"), names(mock.storage().listStorage(inNamespace("default"))));
        assertEquals(
                List.of("a", "b"),
                names(mock.storage()
                        .listStorage(VolumeProfile.builder().label("app", "db").build())));
        assertEquals(
                List.of("a"),
                names(mock.storage()
                        .listStorage(VolumeProfile.builder()
                                .label("app", "db")
                                .label("tier", "gold")
                                .build())));
        assertEquals(
                List.of(),
                names(mock.storage()
                        .listStorage(
                                VolumeProfile.builder().label("app", "cache").build())));
    }

    @Test
    void listIgnoresTheProfilesNameAndCapacity() {
        mock.storage().addStorage(volume("default", "a", "1Gi"));
        mock.storage().addStorage(volume("default", "b", "1Gi"));
        assertEquals(List.of("a", "b"), names(mock.storage().listStorage(volume("default", "a", "5Gi"))));
    }

    @Test
    void deleteRemovesTheVolume() {
        mock.storage().addStorage(volume("default", "data", "1Gi"));
        assertTrue(mock.storage().deleteStorage(named("default", "data")));
        assertEquals(Optional.empty(), mock.storage().readStorage(named("default", "data")));
        assertEquals(0, mock.storage().listStorage(inNamespace("default")).size());
    }

    @Test
    void deleteOfAnUnknownVolumeIsFalseAndIdempotent() {
        assertFalse(mock.storage().deleteStorage(named("default", "nothing")));
        assertFalse(mock.storage().deleteStorage(named("default", "nothing")));
        mock.storage().addStorage(volume("default", "data", "1Gi"));
        assertTrue(mock.storage().deleteStorage(named("default", "data")));
        assertFalse(mock.storage().deleteStorage(named("default", "data")));
    }

    @Test
    void deleteOnlyTouchesItsNamespace() {
        mock.storage().addStorage(volume("ns-a", "data", "1Gi"));
        mock.storage().addStorage(volume("ns-b", "data", "1Gi"));
        assertTrue(mock.storage().deleteStorage(named("ns-a", "data")));
        assertTrue(mock.storage().readStorage(named("ns-b", "data")).isPresent());
    }

    @Test
    void aNameCanBeAddedAgainAfterDelete() {
        Volume first = mock.storage().addStorage(volume("default", "data", "1Gi"));
        mock.storage().deleteStorage(named("default", "data"));
        Volume second = mock.storage().addStorage(volume("default", "data", "2Gi"));
        assertEquals(2L << 30, second.capacityBytes());
        assertNotEquals(first.uid(), second.uid());
    }

    @Test
    void addOfAnExistingNameIsAlreadyExistsAndKeepsTheOriginal() {
        Volume original = mock.storage().addStorage(volume("default", "data", "1Gi"));
        AlreadyExistsException e = assertThrows(
                AlreadyExistsException.class, () -> mock.storage().addStorage(volume("default", "data", "2Gi")));
        assertEquals(OrchardException.Category.ALREADY_EXISTS, e.category());
        assertTrue(e.getMessage().contains("data"), e.getMessage());
        assertEquals(Optional.of(original), mock.storage().readStorage(named("default", "data")));
    }

    @Test
    void sameNameInAnotherNamespaceIsAllowed() {
        mock.storage().addStorage(volume("ns-a", "data", "1Gi"));
        Volume other = mock.storage().addStorage(volume("ns-b", "data", "1Gi"));
        assertEquals("ns-b", other.namespace());
    }

    @Test
    void profilesWithoutANameAreInvalid() {
        VolumeProfile nameless = VolumeProfile.builder().capacity("1Gi").build();
        assertThrows(InvalidInputException.class, () -> mock.storage().addStorage(nameless));
        assertThrows(InvalidInputException.class, () -> mock.storage().readStorage(nameless));
        assertThrows(InvalidInputException.class, () -> mock.storage().deleteStorage(nameless));
        assertEquals(0, mock.storage().listStorage(inNamespace("default")).size());
    }

    @Test
    void addWithoutCapacityIsInvalidAndAddsNothing() {
        InvalidInputException e =
                assertThrows(InvalidInputException.class, () -> mock.storage().addStorage(named("default", "data")));
        assertTrue(e.getMessage().contains("capacity"), e.getMessage());
        assertEquals(Optional.empty(), mock.storage().readStorage(named("default", "data")));
    }

    @Test
    void exhaustingThePoolIsUnavailableSaysWhatIsLeftAndAddsNothing() {
        MockInstance small = Fixtures.provider(Fixtures.DEFAULT_CAPACITY, 10L << 30);
        try {
            small.storage().addStorage(volume("default", "a", "4Gi"));
            small.storage().addStorage(volume("default", "b", "4Gi"));
            VolumeList before = small.storage().listStorage(inNamespace("default"));

            UnavailableException e = assertThrows(
                    UnavailableException.class, () -> small.storage().addStorage(volume("default", "c", "3Gi")));
            assertTrue(e.retryable());
            assertTrue(e.getMessage().contains("2Gi"), "message should say 2Gi are left: " + e.getMessage());
            assertTrue(e.getMessage().contains("3Gi"), "message should say what was asked: " + e.getMessage());

            assertEquals(before, small.storage().listStorage(inNamespace("default")));
            assertEquals(Optional.empty(), small.storage().readStorage(named("default", "c")));

            // Exactly what is left still fits, and then nothing does.
            small.storage().addStorage(volume("default", "c", "2Gi"));
            assertThrows(
                    UnavailableException.class,
                    () -> small.storage()
                            .addStorage(VolumeProfile.builder()
                                    .name("d")
                                    .capacityBytes(1)
                                    .build()));
        } finally {
            small.close();
        }
    }

    @Test
    void thePoolIsSharedByAllNamespacesAndFreedByDelete() {
        MockInstance small = Fixtures.provider(Fixtures.DEFAULT_CAPACITY, 2L << 30);
        try {
            small.storage().addStorage(volume("ns-a", "a", "1Gi"));
            small.storage().addStorage(volume("ns-b", "b", "1Gi"));
            assertThrows(UnavailableException.class, () -> small.storage().addStorage(volume("ns-c", "c", "1Gi")));
            assertTrue(small.storage().deleteStorage(named("ns-a", "a")));
            assertEquals(
                    "c", small.storage().addStorage(volume("ns-c", "c", "1Gi")).name());
        } finally {
            small.close();
        }
    }

    @Test
    void concurrentAddsOfOneNameLeaveExactlyOneVolume() throws Exception {
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            AtomicInteger alreadyExists = new AtomicInteger();
            List<Future<Volume>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                long bytes = (i + 1L) << 30;
                Callable<Volume> add = () -> {
                    start.await();
                    try {
                        return mock.storage()
                                .addStorage(VolumeProfile.builder()
                                        .name("shared")
                                        .capacityBytes(bytes)
                                        .build());
                    } catch (AlreadyExistsException e) {
                        alreadyExists.incrementAndGet();
                        return null;
                    }
                };
                results.add(pool.submit(add));
            }
            start.countDown();
            Volume winner = null;
            int created = 0;
            for (Future<Volume> f : results) {
                Volume v = f.get(30, TimeUnit.SECONDS);
                if (v != null) {
                    winner = v;
                    created++;
                }
            }
            assertEquals(1, created);
            assertEquals(threads - 1, alreadyExists.get());
            VolumeList list = mock.storage().listStorage(inNamespace("default"));
            assertEquals(1, list.size());
            assertEquals(winner, list.items().get(0));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void deleteOfAVolumeBoundToAPodIsUnavailable() {
        mock.storage().addStorage(volume("default", "data", "1Gi"));
        mock.pods().createPod(Fixtures.podClaiming("default", "db", "data"));
        assertEquals(VolumePhase.BOUND, phaseOf(mock, "default", "data"));

        UnavailableException e =
                assertThrows(UnavailableException.class, () -> mock.storage().deleteStorage(named("default", "data")));
        assertTrue(e.getMessage().contains("bound"), e.getMessage());
        assertTrue(mock.storage().readStorage(named("default", "data")).isPresent());

        mock.pods().deletePod("default", "db");
        assertTrue(mock.storage().deleteStorage(named("default", "data")));
    }

    @Test
    void aVolumeSharedByTwoPodsStaysBoundUntilTheLastIsDeleted() {
        mock.storage().addStorage(volume("default", "data", "1Gi"));
        mock.pods().createPod(Fixtures.podClaiming("default", "one", "data"));
        mock.pods().createPod(Fixtures.podClaiming("default", "two", "data"));

        mock.pods().deletePod("default", "one");
        assertEquals(VolumePhase.BOUND, phaseOf(mock, "default", "data"), "pod two still uses the volume");
        assertThrows(UnavailableException.class, () -> mock.storage().deleteStorage(named("default", "data")));

        mock.pods().deletePod("default", "two");
        assertEquals(VolumePhase.RELEASED, phaseOf(mock, "default", "data"));
        assertTrue(mock.storage().deleteStorage(named("default", "data")));
    }

    @Test
    void anUpdateDroppingASharedClaimKeepsTheVolumeBoundForTheOtherPod() {
        mock.storage().addStorage(volume("default", "data", "1Gi"));
        mock.pods().createPod(Fixtures.podClaiming("default", "one", "data"));
        mock.pods().createPod(Fixtures.podClaiming("default", "two", "data"));

        mock.pods().updatePod(Fixtures.pod("default", "one"));
        assertEquals(VolumePhase.BOUND, phaseOf(mock, "default", "data"), "pod two still uses the volume");
        assertThrows(UnavailableException.class, () -> mock.storage().deleteStorage(named("default", "data")));

        mock.pods().updatePod(Fixtures.pod("default", "two"));
        assertEquals(VolumePhase.RELEASED, phaseOf(mock, "default", "data"));
    }

    @Test
    void listIsImmutable() {
        mock.storage().addStorage(volume("default", "data", "1Gi"));
        VolumeList list = mock.storage().listStorage(inNamespace("default"));
        Volume v = list.items().get(0);
        assertThrows(UnsupportedOperationException.class, () -> list.items().clear());
        assertThrows(UnsupportedOperationException.class, () -> list.items().add(v));
        assertThrows(UnsupportedOperationException.class, () -> v.labels().put("x", "y"));
        assertEquals(1, mock.storage().listStorage(inNamespace("default")).size());
    }

    @Test
    void laterAddsDoNotChangeAListAlreadyReturned() {
        mock.storage().addStorage(volume("default", "a", "1Gi"));
        VolumeList list = mock.storage().listStorage(inNamespace("default"));
        mock.storage().addStorage(volume("default", "b", "1Gi"));
        mock.storage().deleteStorage(named("default", "a"));
        assertEquals(List.of("a"), names(list));
    }

    @Test
    void mutatingTheProfilesLabelSourceDoesNotChangeTheVolume() {
        Map<String, String> labels = new java.util.HashMap<>(Map.of("app", "db"));
        VolumeProfile.Builder b = volume("data").capacity("1Gi").labels(labels);
        mock.storage().addStorage(b.build());
        labels.put("app", "changed");
        b.label("app", "changed-too");
        assertEquals(
                Map.of("app", "db"),
                mock.storage()
                        .readStorage(named("default", "data"))
                        .orElseThrow()
                        .labels());
    }

    private static List<String> names(VolumeList list) {
        List<String> names = new ArrayList<>();
        for (Volume v : list.items()) {
            names.add(v.name());
        }
        if (names.size() != list.size()) {
            fail("size() disagrees with items()");
        }
        return names;
    }
}
