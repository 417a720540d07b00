package dev.orchard.api.pod;

import static dev.orchard.api.InvalidInput.assertInvalidInput;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PodSpecValidationTest {
    private static Container mounting(String name, String... volumes) {
        List<VolumeMount> mounts = new ArrayList<>();
        for (String v : volumes) {
            mounts.add(new VolumeMount(v, "/" + v, false));
        }
        return new Container(name, "img", List.of("true"), null, null, null, mounts, null);
    }

    private static Container requesting(String name, Resources requests) {
        return new Container(name, "img", null, null, null, null, null, requests);
    }

    @Test
    void rejectsNoContainers() {
        assertInvalidInput("a pod needs at least one container", () -> new PodSpec(List.of(), null, null, 5, null));
        assertInvalidInput("a pod needs at least one container", () -> new PodSpec(null, null, null, 5, null));
        assertInvalidInput("a pod needs at least one container", PodSpec::of);
    }

    @Test
    void rejectsDuplicateContainerNames() {
        assertInvalidInput(
                "container name \"c\" is used twice",
                () -> PodSpec.of(Container.of("c", "i", "true"), Container.of("c", "j", "false")));
        assertInvalidInput(
                "container name \"b\" is used twice",
                () -> PodSpec.of(
                        Container.of("a", "i"),
                        Container.of("b", "i"),
                        Container.of("c", "i"),
                        Container.of("b", "i")));
    }

    @Test
    void rejectsDuplicatePodVolumeNames() {
        assertInvalidInput(
                "pod volume name \"data\" is used twice",
                () -> new PodSpec(
                        List.of(Container.of("c", "i")),
                        List.of(new PodVolume("data", "a"), new PodVolume("data", "b")),
                        null,
                        5,
                        null));
    }

    @Test
    void rejectsAMountOfAnUndeclaredVolume() {
        assertInvalidInput(
                "container \"c\" mounts volume \"data\", which the pod does not declare",
                () -> PodSpec.of(mounting("c", "data")));
        assertInvalidInput(
                "container \"second\" mounts volume \"logs\", which the pod does not declare",
                () -> new PodSpec(
                        List.of(mounting("first", "data"), mounting("second", "data", "logs")),
                        List.of(new PodVolume("data", "vol-1")),
                        null,
                        5,
                        null));
    }

    @Test
    void acceptsMountsOfDeclaredVolumes() {
        PodSpec spec = new PodSpec(
                List.of(mounting("a", "data"), mounting("b", "data", "logs")),
                List.of(new PodVolume("data", "vol-1"), new PodVolume("logs", "vol-2")),
                RestartPolicy.NEVER,
                0,
                "node-1");
        assertEquals(2, spec.containers().size());
        assertEquals(2, spec.volumes().size());
        assertEquals(RestartPolicy.NEVER, spec.restartPolicy());
        assertEquals(0, spec.terminationGracePeriodSeconds());
        assertEquals("node-1", spec.nodeName());
    }

    @ParameterizedTest
    @ValueSource(longs = {-1, 3601, Long.MIN_VALUE, Long.MAX_VALUE})
    void rejectsAGracePeriodOutsideZeroTo3600(long seconds) {
        assertInvalidInput(
                "termination grace period " + seconds + " s must be between 0 and 3600",
                () -> new PodSpec(List.of(Container.of("c", "i")), null, null, seconds, null));
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 5, 30, 3600})
    void acceptsAGracePeriodFromZeroTo3600(long seconds) {
        assertEquals(
                seconds,
                new PodSpec(List.of(Container.of("c", "i")), null, null, seconds, null)
                        .terminationGracePeriodSeconds());
    }

    @Test
    void defaults() {
        PodSpec spec = new PodSpec(List.of(Container.of("c", "i")), null, null, 5, null);
        assertEquals(List.of(), spec.volumes());
        assertEquals(RestartPolicy.ALWAYS, spec.restartPolicy());
        assertEquals("", spec.nodeName());
        PodSpec of = PodSpec.of(Container.of("c", "i"));
        assertEquals(PodSpec.DEFAULT_GRACE_PERIOD_SECONDS, of.terminationGracePeriodSeconds());
        assertEquals(5, PodSpec.DEFAULT_GRACE_PERIOD_SECONDS);
        assertEquals(RestartPolicy.ALWAYS, of.restartPolicy());
    }

    @Test
    void copiesItsListsAndTheyAreImmutable() {
        List<Container> containers = new ArrayList<>(List.of(mounting("c", "data")));
        List<PodVolume> volumes = new ArrayList<>(List.of(new PodVolume("data", "vol-1")));
        PodSpec spec = new PodSpec(containers, volumes, null, 5, null);
        containers.add(Container.of("d", "i"));
        volumes.clear();
        assertEquals(1, spec.containers().size());
        assertEquals(List.of(new PodVolume("data", "vol-1")), spec.volumes());
        assertThrows(
                UnsupportedOperationException.class, () -> spec.containers().clear());
        assertThrows(UnsupportedOperationException.class, () -> spec.volumes().clear());
    }

    @Test
    void totalRequestsSumsTheContainersAndCountsOnePod() {
        PodSpec two = PodSpec.of(
                requesting("a", Resources.of("250m", "64Mi", null)), requesting("b", Resources.of("1", "1Gi", null)));
        assertEquals(new Resources(1250, (64L << 20) + (1L << 30), 1), two.totalRequests());
        assertEquals(new Resources(0, 0, 1), PodSpec.of(Container.of("c", "i")).totalRequests());
        assertEquals(
                new Resources(3, 6, 1),
                PodSpec.of(
                                requesting("a", new Resources(1, 2, 0)),
                                requesting("b", new Resources(1, 2, 0)),
                                requesting("c", new Resources(1, 2, 0)))
                        .totalRequests());
    }

    @Test
    void totalRequestsRefusesToOverflow() {
        PodSpec spec = PodSpec.of(
                requesting("a", new Resources(Long.MAX_VALUE, 0, 0)), requesting("b", new Resources(1, 0, 0)));
        assertThrows(ArithmeticException.class, spec::totalRequests);
    }
}
