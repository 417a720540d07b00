package dev.orchard.provider.mock.internal;

import static dev.orchard.provider.mock.internal.Fixtures.NOW;
import static dev.orchard.provider.mock.internal.Fixtures.pod;
import static dev.orchard.provider.mock.internal.Fixtures.requesting;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.pod.ContainerStats;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.NodeAddress;
import dev.orchard.api.pod.NodeCondition;
import dev.orchard.api.pod.PodStats;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.StatsSummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MockStatsAndNodeTest {
    private static final long MI = 1L << 20;

    private final MockInstance mock = Fixtures.provider();

    @AfterEach
    void close() {
        mock.close();
    }

    @Test
    void aPodUsesExactlyWhatItRequests() {
        mock.pods().createPod(pod("default", "web", requesting("c", 250, 64 * MI)));
        StatsSummary s = mock.pods().getStatsSummary();
        assertEquals(1, s.pods().size());
        PodStats p = s.pods().get(0);
        assertEquals("default", p.namespace());
        assertEquals("web", p.name());
        assertEquals(mock.pods().getPod("default", "web").metadata().uid(), p.uid());
        assertEquals(250_000_000L, p.cpuUsageNanoCores());
        assertEquals(64 * MI, p.memoryWorkingSetBytes());
        assertEquals(1, p.containers().size());
        ContainerStats c = p.containers().get(0);
        assertEquals("c", c.name());
        assertEquals(250_000_000L, c.cpuUsageNanoCores());
        assertEquals(64 * MI, c.memoryWorkingSetBytes());
        assertEquals(NOW, c.startTime());
    }

    @Test
    void theNodeTotalsAreTheSumOfThePods() {
        mock.pods().createPod(pod("default", "a", requesting("x", 250, 64 * MI), requesting("y", 500, 32 * MI)));
        mock.pods().createPod(pod("other", "b", requesting("z", 1000, MI)));
        StatsSummary s = mock.pods().getStatsSummary();
        assertEquals("mock", s.nodeName());
        assertEquals(NOW, s.time());
        assertEquals(1_750_000_000L, s.cpuUsageNanoCores());
        assertEquals(97 * MI, s.memoryWorkingSetBytes());
        PodStats a = s.pods().get(0);
        assertEquals(750_000_000L, a.cpuUsageNanoCores());
        assertEquals(96 * MI, a.memoryWorkingSetBytes());
        assertEquals(
                List.of("x", "y"),
                a.containers().stream().map(ContainerStats::name).toList());
    }

    @Test
    void theSummaryListsExactlyTheRunningPods() {
        assertEquals(List.of(), mock.pods().getStatsSummary().pods());
        assertEquals(0, mock.pods().getStatsSummary().cpuUsageNanoCores());
        mock.pods().createPod(pod("default", "a"));
        mock.pods().createPod(pod("default", "b"));
        mock.pods().createPod(pod("default", "c"));
        mock.pods().deletePod("default", "b");
        assertEquals(
                List.of("a", "c"),
                mock.pods().getStatsSummary().pods().stream()
                        .map(PodStats::name)
                        .toList());
    }

    @Test
    void statsAreDeterministic() {
        mock.pods().createPod(pod("default", "web", requesting("c", 250, 64 * MI)));
        StatsSummary first = mock.pods().getStatsSummary();
        StatsSummary second = mock.pods().getStatsSummary();
        assertEquals(first.pods(), second.pods());
        assertEquals(first, second);
    }

    @Test
    void theSummaryIsImmutable() {
        mock.pods().createPod(pod("default", "web"));
        StatsSummary s = mock.pods().getStatsSummary();
        org.junit.jupiter.api.Assertions.assertThrows(
                UnsupportedOperationException.class, () -> s.pods().clear());
        org.junit.jupiter.api.Assertions.assertThrows(
                UnsupportedOperationException.class,
                () -> s.pods().get(0).containers().clear());
    }

    @Test
    void configureNodeReportsCapacityReadinessAndAddresses() {
        Node n = mock.pods().configureNode(Node.named("n1"));
        assertEquals("n1", n.name());
        assertEquals(Fixtures.DEFAULT_CAPACITY, n.capacity());
        assertEquals(Fixtures.DEFAULT_CAPACITY, n.allocatable());
        assertTrue(
                n.conditions().stream().anyMatch(c -> c.type().equals("Ready") && c.status()),
                n.conditions().toString());
        assertFalse(n.addresses().isEmpty());
        assertTrue(n.addresses().stream().anyMatch(a -> a.type().equals("InternalIP")));
        assertTrue(
                n.addresses().contains(new NodeAddress("Hostname", "n1")),
                n.addresses().toString());
        assertEquals("linux", n.operatingSystem());
        assertFalse(n.architecture().isBlank());
        assertEquals("virtual-kubelet", n.labels().get("type"));
    }

    @Test
    void configureNodeReportsTheConfiguredCapacity() {
        Resources capacity = new Resources(1000, 1L << 30, 2);
        MockInstance small = Fixtures.provider(capacity);
        try {
            Node n = small.pods().configureNode(Node.named("n1"));
            assertEquals(capacity, n.capacity());
            assertEquals(capacity, n.allocatable());
        } finally {
            small.close();
        }
    }

    @Test
    void configureNodeKeepsTheCallersLabels() {
        Node in = new Node("n1", Map.of("zone", "a"), null, null, null, null, null, null);
        Node n = mock.pods().configureNode(in);
        assertEquals("a", n.labels().get("zone"));
        assertEquals("virtual-kubelet", n.labels().get("type"));
    }

    @Test
    void memoryPressureIsReportedWhenMemoryIsFullyRequested() {
        Resources capacity = new Resources(1000, 64 * MI, 5);
        MockInstance small = Fixtures.provider(capacity);
        try {
            assertFalse(condition(small.pods().configureNode(Node.named("n1")), "MemoryPressure")
                    .status());
            small.pods().createPod(pod("default", "web", requesting("c", 0, 64 * MI)));
            assertTrue(condition(small.pods().configureNode(Node.named("n1")), "MemoryPressure")
                    .status());
        } finally {
            small.close();
        }
    }

    private static NodeCondition condition(Node n, String type) {
        return n.conditions().stream()
                .filter(c -> c.type().equals(type))
                .findFirst()
                .orElseThrow();
    }
}
