package dev.orchard.api.pod;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.error.UnsupportedException;
import java.io.ByteArrayOutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PodModelTest {
    @Test
    void logOptionsFollowTheKubeletRules() {
        assertThrows(
                InvalidInputException.class, () -> LogOptions.builder().tail(-1).build());
        assertEquals(0, LogOptions.builder().tail(0).build().tail().getAsInt());
        assertThrows(
                InvalidInputException.class,
                () -> LogOptions.builder().limitBytes(0).build());
        assertEquals(1, LogOptions.builder().limitBytes(1).build().limitBytes().getAsLong());
        assertThrows(
                InvalidInputException.class,
                () -> LogOptions.builder().sinceSeconds(0).build());
        assertEquals(
                1, LogOptions.builder().sinceSeconds(1).build().sinceSeconds().getAsLong());
        String both = assertThrows(
                        InvalidInputException.class,
                        () -> LogOptions.builder()
                                .sinceSeconds(5)
                                .sinceTime(Instant.EPOCH)
                                .build())
                .getMessage();
        assertTrue(both.contains("sinceSeconds") && both.contains("sinceTime"), both);
        assertTrue(assertThrows(
                        InvalidInputException.class,
                        () -> LogOptions.builder().tail(-3).build())
                .getMessage()
                .contains("-3"));
    }

    @Test
    void logOptionDefaultsAndSince() {
        LogOptions d = LogOptions.DEFAULT;
        assertTrue(d.tail().isEmpty()
                && d.limitBytes().isEmpty()
                && d.sinceSeconds().isEmpty());
        assertTrue(d.sinceTime().isEmpty() && d.since(Instant.EPOCH).isEmpty());
        Instant now = Instant.parse("2026-01-01T00:00:10Z");
        assertEquals(
                Instant.parse("2026-01-01T00:00:00Z"),
                LogOptions.builder().sinceSeconds(10).build().since(now).get());
        assertEquals(
                Instant.EPOCH,
                LogOptions.builder().sinceTime(Instant.EPOCH).build().since(now).get());
        assertEquals(
                LogOptions.builder().tail(3).build(),
                LogOptions.builder().tail(3).build());
    }

    @Test
    void containerValidatesEnvironmentAndCopies() {
        assertThrows(
                InvalidInputException.class,
                () -> new Container("c", "img", null, null, Map.of("1A", "x"), null, null, null));
        assertThrows(
                InvalidInputException.class,
                () -> new Container("c", "img", null, null, Map.of("A-B", "x"), null, null, null));
        Map<String, String> nullValue = new HashMap<>();
        nullValue.put("A", null);
        assertThrows(
                InvalidInputException.class, () -> new Container("c", "img", null, null, nullValue, null, null, null));
        assertThrows(
                InvalidInputException.class,
                () -> new Container("c", "img", Arrays.asList("sh", null), null, null, null, null, null));
        assertThrows(InvalidInputException.class, () -> Container.of("C", "img", "true"));
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", "true"));
        Container c = new Container("c", "img", cmd, null, Map.of("_A1", "x"), null, null, null);
        cmd.add("more");
        assertEquals(List.of("sh", "-c", "true"), c.command());
        assertThrows(UnsupportedOperationException.class, () -> c.command().add("x"));
        assertEquals(Resources.NONE, c.requests());
    }

    @Test
    void podSpecChecksContainersVolumesAndGracePeriod() {
        assertThrows(InvalidInputException.class, () -> new PodSpec(List.of(), null, null, 5, null));
        assertThrows(
                InvalidInputException.class,
                () -> PodSpec.of(Container.of("c", "i", "true"), Container.of("c", "i", "false")));
        Container mounting = new Container(
                "c", "i", List.of("true"), null, null, null, List.of(new VolumeMount("data", "/data", false)), null);
        String undeclared = assertThrows(InvalidInputException.class, () -> PodSpec.of(mounting))
                .getMessage();
        assertTrue(undeclared.contains("\"data\""), undeclared);
        new PodSpec(List.of(mounting), List.of(new PodVolume("data", "vol-1")), RestartPolicy.NEVER, 0, null);
        assertThrows(
                InvalidInputException.class,
                () -> new PodSpec(
                        List.of(mounting),
                        List.of(new PodVolume("data", "a"), new PodVolume("data", "b")),
                        null,
                        5,
                        null));
        assertThrows(
                InvalidInputException.class, () -> new PodSpec(List.of(Container.of("c", "i")), null, null, -1, null));
        assertThrows(
                InvalidInputException.class,
                () -> new PodSpec(List.of(Container.of("c", "i")), null, null, 3601, null));
        PodSpec two = PodSpec.of(
                new Container("a", "i", null, null, null, null, null, Resources.of("250m", "64Mi", null)),
                new Container("b", "i", null, null, null, null, null, Resources.of("1", "1Gi", null)));
        assertEquals(new Resources(1250, (64L << 20) + (1L << 30), 1), two.totalRequests());
        assertEquals(RestartPolicy.ALWAYS, two.restartPolicy());
    }

    @Test
    void volumeMountPaths() {
        assertThrows(InvalidInputException.class, () -> new VolumeMount("data", "data", false));
        assertThrows(InvalidInputException.class, () -> new VolumeMount("data", "/a/../b", false));
        assertThrows(InvalidInputException.class, () -> new VolumeMount("data", null, false));
        assertEquals("/a/b", new VolumeMount("data", "/a/b", true).mountPath());
    }

    @Test
    void resources() {
        assertThrows(InvalidInputException.class, () -> new Resources(-1, 0, 0));
        assertThrows(ArithmeticException.class, () -> new Resources(Long.MAX_VALUE, 0, 0).plus(new Resources(1, 0, 0)));
        assertTrue(new Resources(1, 1, 1).fitsWithin(new Resources(1, 1, 1)));
        assertTrue(!new Resources(2, 1, 1).fitsWithin(new Resources(1, 1, 1)));
        assertThrows(InvalidInputException.class, () -> Resources.of("0", null, null));
    }

    @Test
    void podAndMetadata() {
        Pod p = Pod.of("default", "web", PodSpec.of(Container.of("c", "img", "true")));
        assertEquals("web", p.name());
        assertEquals(PodStatus.NONE, p.status());
        assertEquals(
                PodPhase.RUNNING,
                p.withStatus(PodStatus.NONE.withPhase(PodPhase.RUNNING))
                        .status()
                        .phase());
        assertThrows(InvalidInputException.class, () -> ObjectMeta.of("default", "Web"));
        assertThrows(InvalidInputException.class, () -> ObjectMeta.of("a/b", "web"));
        assertThrows(
                InvalidInputException.class,
                () -> new ContainerStatus("c", null, ContainerState.RUNNING, true, -1, null, null, null, null));
        assertThrows(InvalidInputException.class, () -> Node.named("Node1"));
        assertThrows(InvalidInputException.class, () -> new NodeCondition(" ", true, null, null));
        assertThrows(InvalidInputException.class, () -> new StatsSummary("n", Instant.EPOCH, -1, 0, null));
    }

    @Test
    void termSizeAndExecIo() {
        assertThrows(InvalidInputException.class, () -> new TermSize(0, 10));
        assertThrows(InvalidInputException.class, () -> new TermSize(10, 65536));
        assertThrows(NullPointerException.class, () -> new ExecIO(null, null, null, false));
        ExecIO io = new ExecIO(null, new ByteArrayOutputStream(), null, true);
        List<TermSize> seen = new ArrayList<>();
        io.resize(new TermSize(80, 24));
        io.onResize(seen::add);
        io.resize(new TermSize(100, 40));
        assertEquals(List.of(new TermSize(80, 24), new TermSize(100, 40)), seen);
        assertTrue(io.stdin().isEmpty() && io.stderr().isEmpty() && io.tty());
    }

    @Test
    void nullElementsAndAnnotationsAreInvalidInputNotNullPointers() {
        List<Container> withNull = new ArrayList<>();
        withNull.add(null);
        assertThrows(InvalidInputException.class, () -> new PodSpec(withNull, null, null, 5, null));
        Map<String, String> annotations = new HashMap<>();
        annotations.put("note", null);
        assertThrows(InvalidInputException.class, () -> new ObjectMeta("web", "default", "", null, annotations, null));
        Map<String, String> nullKey = new HashMap<>();
        nullKey.put(null, "x");
        assertThrows(InvalidInputException.class, () -> new ObjectMeta("web", "default", "", null, nullKey, null));
        List<NodeCondition> conditions = new ArrayList<>();
        conditions.add(null);
        assertThrows(InvalidInputException.class, () -> new Node("n", null, null, null, conditions, null, null, null));
    }

    @Test
    void podAndNodeTotalsAreTheSumsOfTheirParts() {
        PodStats pod = PodStats.ofContainers(
                "default",
                "web",
                "u",
                List.of(
                        new ContainerStats("a", null, 250_000_000, 9, 100, 120),
                        new ContainerStats("b", null, 50_000_000, 1, 20, 30)));
        assertEquals(300_000_000, pod.cpuUsageNanoCores());
        assertEquals(120, pod.memoryWorkingSetBytes());
        StatsSummary node = StatsSummary.ofPods(
                "n1", Instant.EPOCH, List.of(pod, PodStats.ofContainers("default", "db", "v", List.of())));
        assertEquals(300_000_000, node.cpuUsageNanoCores());
        assertEquals(120, node.memoryWorkingSetBytes());
        assertEquals(2, node.pods().size());
    }

    @Test
    void errorCategories() {
        assertEquals(OrchardException.Category.NOT_FOUND, new NotFoundException("x").category());
        assertEquals(OrchardException.Category.INVALID_INPUT, new InvalidInputException("x").category());
        assertEquals(OrchardException.Category.ALREADY_EXISTS, new AlreadyExistsException("x").category());
        assertEquals(OrchardException.Category.UNAVAILABLE, new UnavailableException("x").category());
        assertEquals(OrchardException.Category.UNSUPPORTED, new UnsupportedException("x").category());
        for (OrchardException.Category c : OrchardException.Category.values()) {
            assertEquals(c == OrchardException.Category.UNAVAILABLE, c.retryable(), c.name());
        }
        assertTrue(new UnavailableException("busy").retryable());
    }
}
