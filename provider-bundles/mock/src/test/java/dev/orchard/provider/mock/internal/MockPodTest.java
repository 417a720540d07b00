package dev.orchard.provider.mock.internal;

import static dev.orchard.provider.mock.internal.Fixtures.NOW;
import static dev.orchard.provider.mock.internal.Fixtures.named;
import static dev.orchard.provider.mock.internal.Fixtures.phaseOf;
import static dev.orchard.provider.mock.internal.Fixtures.pod;
import static dev.orchard.provider.mock.internal.Fixtures.podClaiming;
import static dev.orchard.provider.mock.internal.Fixtures.podWithLabels;
import static dev.orchard.provider.mock.internal.Fixtures.requesting;
import static dev.orchard.provider.mock.internal.Fixtures.volume;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.RestartPolicy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MockPodTest {
    private final MockInstance mock = Fixtures.provider();

    @AfterEach
    void close() {
        mock.close();
    }

    // ------------------------------------------------------------------ lifecycle

    @Test
    void createdPodIsRunningWithIdentityAndRunningContainers() {
        Pod in = pod("default", "web", Fixtures.logging(), Container.of("side", "alpine", "sleep", "300"));
        mock.pods().createPod(in);
        Pod p = mock.pods().getPod("default", "web");

        assertEquals("web", p.name());
        assertEquals("default", p.namespace());
        assertFalse(p.metadata().uid().isBlank());
        assertEquals(NOW, p.metadata().creationTime());
        assertEquals(in.spec(), p.spec());

        PodStatus st = p.status();
        assertEquals(PodPhase.RUNNING, st.phase());
        assertEquals(NOW, st.startTime());
        assertFalse(st.podIp().isBlank());
        assertFalse(st.hostIp().isBlank());
        assertEquals(2, st.containerStatuses().size());
        assertEquals(
                List.of("c", "side"),
                st.containerStatuses().stream().map(ContainerStatus::name).toList());
        assertEquals(
                List.of("busybox", "alpine"),
                st.containerStatuses().stream().map(ContainerStatus::image).toList());
        for (ContainerStatus cs : st.containerStatuses()) {
            assertEquals(ContainerState.RUNNING, cs.state());
            assertTrue(cs.ready());
            assertEquals(0, cs.restartCount());
            assertNull(cs.exitCode());
            assertEquals(NOW, cs.startedAt());
            assertNull(cs.finishedAt());
        }
    }

    @Test
    void theStatusPassedInIsIgnored() {
        Pod in = pod("default", "web").withStatus(PodStatus.NONE.withPhase(PodPhase.FAILED));
        mock.pods().createPod(in);
        assertEquals(
                PodPhase.RUNNING, mock.pods().getPodStatus("default", "web").phase());
    }

    @Test
    void podsGetDistinctUidsAndIps() {
        mock.pods().createPod(pod("default", "a"));
        mock.pods().createPod(pod("default", "b"));
        Pod a = mock.pods().getPod("default", "a");
        Pod b = mock.pods().getPod("default", "b");
        assertNotEquals(a.metadata().uid(), b.metadata().uid());
        assertNotEquals(a.status().podIp(), b.status().podIp());
    }

    @Test
    void createOfAnExistingPodIsAlreadyExistsAndKeepsTheOriginal() {
        mock.pods().createPod(pod("default", "web"));
        Pod original = mock.pods().getPod("default", "web");
        assertThrows(
                AlreadyExistsException.class,
                () -> mock.pods().createPod(pod("default", "web", Container.of("other", "alpine", "true"))));
        assertEquals(original, mock.pods().getPod("default", "web"));
        assertEquals(1, mock.pods().getPods().size());
    }

    @Test
    void samePodNameInAnotherNamespaceIsAnotherPod() {
        mock.pods().createPod(pod("ns-a", "web"));
        mock.pods().createPod(pod("ns-b", "web"));
        assertEquals(2, mock.pods().getPods().size());
        mock.pods().deletePod("ns-a", "web");
        assertEquals("ns-b", mock.pods().getPod("ns-b", "web").namespace());
    }

    @Test
    void getPodStatusIsTheStatusOfGetPod() {
        mock.pods().createPod(pod("default", "web"));
        assertEquals(mock.pods().getPod("default", "web").status(), mock.pods().getPodStatus("default", "web"));
    }

    @Test
    void getPodsIsSortedByNamespaceThenName() {
        mock.pods().createPod(pod("zz", "a"));
        mock.pods().createPod(pod("aa", "zeta"));
        mock.pods().createPod(pod("mm", "m"));
        mock.pods().createPod(pod("aa", "alpha"));
        mock.pods().createPod(pod("aa-b", "c"));
        List<String> order = mock.pods().getPods().stream()
                .map(p -> p.namespace() + "/" + p.name())
                .toList();
        assertEquals(List.of("aa/alpha", "aa/zeta", "aa-b/c", "mm/m", "zz/a"), order);
    }

    @Test
    void getPodsIsEmptyForANewProvider() {
        assertEquals(List.of(), mock.pods().getPods());
    }

    @Test
    void unknownPodIsNotFound() {
        assertThrows(NotFoundException.class, () -> mock.pods().getPod("default", "nothing"));
        assertThrows(NotFoundException.class, () -> mock.pods().getPodStatus("default", "nothing"));
        mock.pods().createPod(pod("other", "web"));
        assertThrows(NotFoundException.class, () -> mock.pods().getPod("default", "web"));
    }

    @Test
    void updateChangesLabelsAndSpecAndKeepsIdentity() {
        mock.pods().createPod(podWithLabels("default", "web", Map.of("v", "1"), Fixtures.logging()));
        Pod before = mock.pods().getPod("default", "web");

        Container replaced = Container.of("c", "busybox:2", "sh", "-c", "echo updated");
        mock.pods().updatePod(podWithLabels("default", "web", Map.of("v", "2", "extra", "yes"), replaced));
        Pod after = mock.pods().getPod("default", "web");

        assertEquals(Map.of("v", "2", "extra", "yes"), after.metadata().labels());
        assertEquals(List.of(replaced), after.spec().containers());
        assertEquals(before.metadata().uid(), after.metadata().uid());
        assertEquals(before.metadata().creationTime(), after.metadata().creationTime());
        assertEquals(before.status().podIp(), after.status().podIp());
        assertEquals(PodPhase.RUNNING, after.status().phase());
        assertEquals("busybox:2", after.status().containerStatuses().get(0).image());
    }

    @Test
    void updateOfOnlyLabelsKeepsTheStatus() {
        mock.pods().createPod(podWithLabels("default", "web", Map.of("v", "1"), Fixtures.logging()));
        PodStatus before = mock.pods().getPodStatus("default", "web");
        mock.pods().updatePod(podWithLabels("default", "web", Map.of("v", "2"), Fixtures.logging()));
        assertEquals(before, mock.pods().getPodStatus("default", "web"));
        assertEquals(
                Map.of("v", "2"),
                mock.pods().getPod("default", "web").metadata().labels());
    }

    @Test
    void updateCannotChangeTheUid() {
        mock.pods().createPod(pod("default", "web"));
        String uid = mock.pods().getPod("default", "web").metadata().uid();
        Pod forged = new Pod(
                new ObjectMeta("web", "default", "forged-uid", Map.of(), Map.of(), NOW.minusSeconds(60)),
                PodSpec.of(Fixtures.logging()),
                null);
        mock.pods().updatePod(forged);
        assertEquals(uid, mock.pods().getPod("default", "web").metadata().uid());
        assertEquals(NOW, mock.pods().getPod("default", "web").metadata().creationTime());
    }

    @Test
    void updateOfAnUnknownPodIsNotFoundAndCreatesNothing() {
        assertThrows(NotFoundException.class, () -> mock.pods().updatePod(pod("default", "nothing")));
        assertEquals(List.of(), mock.pods().getPods());
    }

    @Test
    void deleteRemovesThePodAndASecondDeleteIsNotFound() {
        mock.pods().createPod(pod("default", "web"));
        mock.pods().deletePod("default", "web");
        assertThrows(NotFoundException.class, () -> mock.pods().getPod("default", "web"));
        assertEquals(List.of(), mock.pods().getPods());
        assertThrows(NotFoundException.class, () -> mock.pods().deletePod("default", "web"));
    }

    @Test
    void deleteOfAnUnknownPodIsNotFound() {
        assertThrows(NotFoundException.class, () -> mock.pods().deletePod("default", "nothing"));
    }

    @Test
    void aDeletedPodCanBeCreatedAgainWithANewUid() {
        mock.pods().createPod(pod("default", "web"));
        String first = mock.pods().getPod("default", "web").metadata().uid();
        mock.pods().deletePod("default", "web");
        mock.pods().createPod(pod("default", "web"));
        assertNotEquals(first, mock.pods().getPod("default", "web").metadata().uid());
    }

    // ------------------------------------------------------------------ keys

    @Test
    void podKeysOfHyphenatedNamesNeverCollide() {
        assertNotEquals(new NamespacedName("a-b", "c"), new NamespacedName("a", "b-c"));
        assertNotEquals(0, new NamespacedName("a-b", "c").compareTo(new NamespacedName("a", "b-c")));

        mock.pods().createPod(pod("a-b", "c"));
        mock.pods().createPod(pod("a", "b-c"));
        assertEquals(2, mock.pods().getPods().size());
        mock.pods().deletePod("a-b", "c");
        assertEquals("b-c", mock.pods().getPod("a", "b-c").name());
        assertThrows(NotFoundException.class, () -> mock.pods().getPod("a-b", "c"));
    }

    @Test
    void volumeKeysOfHyphenatedNamesNeverCollide() {
        mock.storage().addStorage(volume("a-b", "c", "1Gi"));
        mock.storage().addStorage(volume("a", "b-c", "2Gi"));
        assertEquals(
                1L << 30,
                mock.storage().readStorage(named("a-b", "c")).orElseThrow().capacityBytes());
        assertEquals(
                2L << 30,
                mock.storage().readStorage(named("a", "b-c")).orElseThrow().capacityBytes());
        assertTrue(mock.storage().deleteStorage(named("a-b", "c")));
        assertTrue(mock.storage().readStorage(named("a", "b-c")).isPresent());
    }

    @Test
    void podKeysOrderByNamespaceThenName() {
        List<NamespacedName> keys = new ArrayList<>(
                List.of(new NamespacedName("b", "a"), new NamespacedName("a", "z"), new NamespacedName("a", "b")));
        java.util.Collections.sort(keys);
        assertEquals(
                List.of(new NamespacedName("a", "b"), new NamespacedName("a", "z"), new NamespacedName("b", "a")),
                keys);
    }

    // ------------------------------------------------------------------ capacity

    private static final Resources SMALL = new Resources(1000, 1 << 30, 2);

    @Test
    void aThirdPodDoesNotFitTwoPodSlots() {
        MockInstance small = Fixtures.provider(SMALL);
        try {
            small.pods().createPod(pod("default", "one"));
            small.pods().createPod(pod("default", "two"));
            UnavailableException e =
                    assertThrows(UnavailableException.class, () -> small.pods().createPod(pod("default", "three")));
            assertTrue(e.retryable());
            assertTrue(e.getMessage().contains("three"), e.getMessage());
            assertEquals(2, small.pods().getPods().size());
            assertThrows(NotFoundException.class, () -> small.pods().getPod("default", "three"));
        } finally {
            small.close();
        }
    }

    @Test
    void aPodAskingForMoreCpuThanIsLeftDoesNotFit() {
        MockInstance small = Fixtures.provider(SMALL);
        try {
            small.pods().createPod(pod("default", "big", requesting("c", 600, 0)));
            assertThrows(
                    UnavailableException.class,
                    () -> small.pods().createPod(pod("default", "more", requesting("c", 401, 0))));
            small.pods().createPod(pod("default", "exact", requesting("c", 400, 0)));
            assertEquals(2, small.pods().getPods().size());
        } finally {
            small.close();
        }
    }

    @Test
    void aPodAskingForMoreMemoryThanTheNodeHasDoesNotFit() {
        MockInstance small = Fixtures.provider(SMALL);
        try {
            assertThrows(
                    UnavailableException.class,
                    () -> small.pods().createPod(pod("default", "huge", requesting("c", 0, (1L << 30) + 1))));
            assertEquals(List.of(), small.pods().getPods());
        } finally {
            small.close();
        }
    }

    @Test
    void requestsOfAllContainersAreSummed() {
        MockInstance small = Fixtures.provider(SMALL);
        try {
            assertThrows(
                    UnavailableException.class,
                    () -> small.pods()
                            .createPod(pod("default", "pair", requesting("a", 600, 0), requesting("b", 600, 0))));
            small.pods().createPod(pod("default", "pair", requesting("a", 500, 0), requesting("b", 500, 0)));
        } finally {
            small.close();
        }
    }

    @Test
    void deletingAPodFreesItsCapacity() {
        MockInstance small = Fixtures.provider(SMALL);
        try {
            small.pods().createPod(pod("default", "one", requesting("c", 700, 0)));
            small.pods().createPod(pod("default", "two"));
            assertThrows(UnavailableException.class, () -> small.pods().createPod(pod("default", "three")));
            small.pods().deletePod("default", "one");
            small.pods().createPod(pod("default", "three", requesting("c", 1000, 0)));
            assertEquals(
                    List.of("three", "two"),
                    small.pods().getPods().stream().map(Pod::name).toList());
        } finally {
            small.close();
        }
    }

    @Test
    void updateCountsThePodItReplacesOnlyOnce() {
        MockInstance small = Fixtures.provider(SMALL);
        try {
            small.pods().createPod(pod("default", "one", requesting("c", 800, 0)));
            small.pods().createPod(pod("default", "two", requesting("c", 200, 0)));
            small.pods().updatePod(pod("default", "one", requesting("c", 800, 1024)));
            UnavailableException e = assertThrows(
                    UnavailableException.class,
                    () -> small.pods().updatePod(pod("default", "one", requesting("c", 801, 0))));
            assertTrue(e.getMessage().contains("one"), e.getMessage());
            assertEquals(
                    1024,
                    small.pods()
                            .getPod("default", "one")
                            .spec()
                            .containers()
                            .get(0)
                            .requests()
                            .memoryBytes(),
                    "a refused update must leave the pod as it was");
        } finally {
            small.close();
        }
    }

    // ------------------------------------------------------------------ volumes of pods

    @Test
    void aPodClaimingAMissingVolumeIsInvalidAndNotCreated() {
        InvalidInputException e = assertThrows(
                InvalidInputException.class, () -> mock.pods().createPod(podClaiming("default", "db", "data")));
        assertTrue(e.getMessage().contains("data"), e.getMessage());
        assertEquals(List.of(), mock.pods().getPods());
    }

    @Test
    void aVolumeOfAnotherNamespaceDoesNotSatisfyAClaim() {
        mock.storage().addStorage(volume("other", "data", "1Gi"));
        assertThrows(InvalidInputException.class, () -> mock.pods().createPod(podClaiming("default", "db", "data")));
        assertEquals(VolumePhase.AVAILABLE, phaseOf(mock, "other", "data"));
    }

    @Test
    void aClaimedVolumeIsBoundAndReleasedWhenThePodIsDeleted() {
        mock.storage().addStorage(volume("default", "data", "1Gi"));
        mock.storage().addStorage(volume("default", "spare", "1Gi"));
        mock.pods().createPod(podClaiming("default", "db", "data"));
        assertEquals(VolumePhase.BOUND, phaseOf(mock, "default", "data"));
        assertEquals(VolumePhase.AVAILABLE, phaseOf(mock, "default", "spare"));

        mock.pods().deletePod("default", "db");
        assertEquals(VolumePhase.RELEASED, phaseOf(mock, "default", "data"));
        assertEquals(VolumePhase.AVAILABLE, phaseOf(mock, "default", "spare"));
    }

    @Test
    void aRefusedPodBindsNothing() {
        MockInstance small = Fixtures.provider(SMALL);
        try {
            small.storage().addStorage(volume("default", "data", "1Gi"));
            small.pods().createPod(pod("default", "one"));
            small.pods().createPod(pod("default", "two"));
            assertThrows(
                    UnavailableException.class, () -> small.pods().createPod(podClaiming("default", "db", "data")));
            assertEquals(
                    VolumePhase.AVAILABLE,
                    small.storage()
                            .readStorage(named("default", "data"))
                            .orElseThrow()
                            .phase());
        } finally {
            small.close();
        }
    }

    @Test
    void updateMovesTheBindingToTheNewClaims() {
        mock.storage().addStorage(volume("default", "old", "1Gi"));
        mock.storage().addStorage(volume("default", "new", "1Gi"));
        mock.pods().createPod(podClaiming("default", "db", "old"));
        mock.pods().updatePod(podClaiming("default", "db", "new"));
        assertEquals(VolumePhase.RELEASED, phaseOf(mock, "default", "old"));
        assertEquals(VolumePhase.BOUND, phaseOf(mock, "default", "new"));
        assertThrows(InvalidInputException.class, () -> mock.pods().updatePod(podClaiming("default", "db", "missing")));
        assertEquals(VolumePhase.BOUND, phaseOf(mock, "default", "new"));
    }

    @Test
    void updateKeepingAClaimKeepsTheVolumeBound() {
        mock.storage().addStorage(volume("default", "data", "1Gi"));
        mock.pods().createPod(podClaiming("default", "db", "data"));
        mock.pods().updatePod(podClaiming("default", "db", "data"));
        assertEquals(VolumePhase.BOUND, phaseOf(mock, "default", "data"));
    }

    // ------------------------------------------------------------------ immutability

    @Test
    void getPodsIsImmutableAndASnapshot() {
        mock.pods().createPod(pod("default", "a"));
        List<Pod> pods = mock.pods().getPods();
        assertThrows(UnsupportedOperationException.class, () -> pods.add(pods.get(0)));
        assertThrows(UnsupportedOperationException.class, () -> pods.remove(0));
        assertThrows(UnsupportedOperationException.class, pods::clear);
        mock.pods().createPod(pod("default", "b"));
        assertEquals(1, pods.size());
        assertEquals(2, mock.pods().getPods().size());
    }

    @Test
    void returnedPodsCannotBeMutated() {
        mock.pods().createPod(podWithLabels("default", "a", Map.of("k", "v"), Fixtures.logging()));
        Pod p = mock.pods().getPod("default", "a");
        assertThrows(
                UnsupportedOperationException.class, () -> p.metadata().labels().put("k", "x"));
        assertThrows(
                UnsupportedOperationException.class, () -> p.spec().containers().clear());
        assertThrows(
                UnsupportedOperationException.class,
                () -> p.status().containerStatuses().clear());
        assertThrows(
                UnsupportedOperationException.class,
                () -> p.spec().containers().get(0).command().add("echo"));
        assertEquals(p, mock.pods().getPod("default", "a"));
    }

    @Test
    void mutatingTheSourceCollectionsAfterCreateDoesNotChangeTheStoredPod() {
        Map<String, String> labels = new HashMap<>(Map.of("app", "web"));
        Map<String, String> annotations = new HashMap<>(Map.of("note", "first"));
        List<String> command = new ArrayList<>(List.of("sh", "-c", "echo hi"));
        List<String> args = new ArrayList<>();
        Map<String, String> env = new HashMap<>(Map.of("A", "1"));
        Container c = new Container("c", "busybox", command, args, env, "", new ArrayList<>(), Resources.NONE);
        List<Container> containers = new ArrayList<>(List.of(c));
        Pod in = new Pod(
                new ObjectMeta("web", "default", "", labels, annotations, null),
                new PodSpec(containers, new ArrayList<>(), RestartPolicy.ALWAYS, 5, ""),
                null);
        mock.pods().createPod(in);
        Pod stored = mock.pods().getPod("default", "web");

        labels.put("app", "hacked");
        labels.put("more", "x");
        annotations.clear();
        command.set(2, "echo hacked");
        args.add("extra");
        env.put("B", "2");
        containers.add(Container.of("evil", "x", "true"));

        Pod now = mock.pods().getPod("default", "web");
        assertEquals(stored, now);
        assertEquals(Map.of("app", "web"), now.metadata().labels());
        assertEquals(Map.of("note", "first"), now.metadata().annotations());
        assertEquals(
                List.of("sh", "-c", "echo hi"), now.spec().containers().get(0).command());
        assertEquals(List.of(), now.spec().containers().get(0).args());
        assertEquals(Map.of("A", "1"), now.spec().containers().get(0).env());
        assertEquals(1, now.spec().containers().size());
        assertEquals(1, now.status().containerStatuses().size());
    }

    // ------------------------------------------------------------------ construction

    @Test
    void anInvalidProviderNameIsRefused() {
        assertThrows(
                InvalidInputException.class,
                () -> new MockInstance("Mock", "mock", "local", Fixtures.DEFAULT_CAPACITY, 1L << 40, Fixtures.CLOCK));
        assertThrows(
                InvalidInputException.class,
                () -> new MockInstance("", "mock", "local", Fixtures.DEFAULT_CAPACITY, 1L << 40, Fixtures.CLOCK));
        assertThrows(
                InvalidInputException.class,
                () -> new MockInstance(
                        "my_mock", "mock", "local", Fixtures.DEFAULT_CAPACITY, 1L << 40, Fixtures.CLOCK));
    }

    @Test
    void zeroCapacityIsRefused() {
        for (Resources r :
                List.of(Resources.NONE, new Resources(0, 1, 1), new Resources(1, 0, 1), new Resources(1, 1, 0))) {
            assertThrows(
                    InvalidInputException.class,
                    () -> new MockInstance("mock", "mock", "local", r, 1L << 40, Fixtures.CLOCK),
                    r.toString());
        }
    }

    @Test
    void aNonPositiveStoragePoolIsRefused() {
        assertThrows(
                InvalidInputException.class,
                () -> new MockInstance("mock", "mock", "local", Fixtures.DEFAULT_CAPACITY, 0, Fixtures.CLOCK));
        assertThrows(
                InvalidInputException.class,
                () -> new MockInstance("mock", "mock", "local", Fixtures.DEFAULT_CAPACITY, -1, Fixtures.CLOCK));
    }

    @Test
    void nullLabelAndRegionBecomeEmpty() {
        MockInstance m = new MockInstance("edge", null, null, Fixtures.DEFAULT_CAPACITY, 1, Fixtures.CLOCK);
        try {
            assertEquals("edge", m.orchestrator().name());
            assertEquals("", m.orchestrator().label());
            assertEquals("", m.orchestrator().region());
        } finally {
            m.close();
        }
    }
}
