package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.pod.ContainerStats;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.NodeCondition;
import dev.orchard.api.pod.PodStats;
import dev.orchard.api.pod.StatsSummary;
import dev.orchard.api.pod.TermSize;
import dev.orchard.provider.local.internal.processes.CgroupHost;
import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What the local provider reports, checked against the host: CPU from a pod's first sample, the node's totals as
 * the host's own usage, the kubelet's working set where there is a cgroup, conditions from real checks, and a tty
 * that is a real terminal whose size follows a resize.
 */
class LocalPodsReportingTest extends LocalPodsTestBase {

    private static ContainerStats only(StatsSummary s, String pod) {
        PodStats p = s.pods().stream()
                .filter(x -> x.name().equals(pod))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no stats of " + pod + ": " + s));
        return p.containers().get(0);
    }

    @Test
    void aBusyPodsFirstSampleShowsItsCpu() throws Exception {
        createRunning("busy", "touch started; while :; do :; done");
        await("the loop to start", WAIT, () -> Files.exists(sandbox("busy").resolve("started")), b -> b);
        Thread.sleep(300); // CPU to measure: the loop burns it meanwhile
        ContainerStats first = only(pods.getStatsSummary(), "busy");
        assertTrue(first.cpuUsageCoreNanoSeconds() > 0, first.toString());
        assertTrue(first.cpuUsageNanoCores() > 0, "the first sample is the average since the start: " + first);
    }

    @Test
    void theNodesTotalsAreTheHostsUsageNotTheSumOfItsPods() {
        StatsSummary none = pods.getStatsSummary();
        assertTrue(none.pods().isEmpty());
        assertTrue(none.memoryWorkingSetBytes() > 0, "the host uses memory with no pod: " + none);
        assertTrue(none.cpuUsageNanoCores() > 0, "and CPU, if only this JVM's: " + none);
    }

    @Test
    void theWorkingSetIsTheKubeletsWhereThePodHasACgroup() throws Exception {
        CgroupHost host = CgroupHost.discover("ws-" + Long.toHexString(System.nanoTime()));
        assumeTrue(host.available(), "this host lets the provider make no cgroup, so it reports RSS: " + host);
        assumeTrue(
                host.workingSetSource().equals("cgroup-memory"),
                "this host's pod cgroups have no memory controller, so it reports RSS");
        reopen(ContainerLogs.CAP_BYTES, host);
        // Page cache the pod reads twice is active: the kubelet counts it in the working set, RSS does not.
        createRunning(
                "cache",
                "head -c 30000000 /dev/zero > f; cat f > /dev/null; cat f > /dev/null; touch ready; sleep 300");
        await("the file to be read", WAIT, () -> Files.exists(sandbox("cache").resolve("ready")), b -> b);
        ContainerStats c = only(pods.getStatsSummary(), "cache");
        assertTrue(
                c.memoryWorkingSetBytes() > c.memoryRssBytes() + (10L << 20),
                "working set " + c.memoryWorkingSetBytes() + " counts the active cache; RSS " + c.memoryRssBytes());
        Node node = pods.configureNode(new Node("local", Map.of(), null, null, null, null, null, null));
        assertEquals("cgroup-memory", node.labels().get(LocalNode.WORKING_SET_LABEL));
    }

    @Test
    void withoutACgroupTheNodeSaysItsWorkingSetIsRss() throws Exception {
        reopen(ContainerLogs.CAP_BYTES, CgroupHost.NONE);
        Node node = pods.configureNode(new Node("local", Map.of(), null, null, null, null, null, null));
        assertEquals("process-rss", node.labels().get(LocalNode.WORKING_SET_LABEL));
    }

    @Test
    void nodeConditionsComeFromChecksOfMemoryDiskAndPids() {
        Node node = pods.configureNode(new Node("local", Map.of(), null, null, null, null, null, null));
        Map<String, NodeCondition> byType =
                node.conditions().stream().collect(Collectors.toMap(NodeCondition::type, c -> c));
        assertTrue(byType.keySet().containsAll(List.of("Ready", "MemoryPressure", "DiskPressure", "PIDPressure")));
        assertTrue(byType.get("DiskPressure").message().contains(podRoot.toString()), "the data roots' space");
        assertTrue(
                byType.get("DiskPressure").message().contains("free"),
                byType.get("DiskPressure").message());
        assertTrue(byType.get("MemoryPressure").message().contains("available"));
        assertTrue(byType.get("PIDPressure").message().contains("tasks"));
    }

    @Test
    void aTtyIsARealTerminalWhoseSizeFollowsAResize() throws Exception {
        createRunning("web", "sleep 300");
        PipedOutputStream keys = new PipedOutputStream();
        PipedInputStream stdin = new PipedInputStream(keys);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ExecIO io = new ExecIO(stdin, out, null, true);
        io.resize(new TermSize(100, 40));
        CompletableFuture<Integer> exec = CompletableFuture.supplyAsync(() -> pods.runInContainer(
                NS, "web", "c", List.of("sh", "-c", "tty -s && stty size; read line; stty size"), io));
        await("the first size", WAIT, () -> out.toString(StandardCharsets.UTF_8), s -> s.contains("40 100"));
        io.resize(new TermSize(120, 50));
        keys.write("\n".getBytes(StandardCharsets.UTF_8));
        keys.flush();
        assertEquals(0, exec.get(10, TimeUnit.SECONDS), out.toString(StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("50 120"), out.toString(StandardCharsets.UTF_8));
        keys.close();
    }

    @Test
    void aTtyWithASeparateStderrIsRefused() {
        createRunning("web", "sleep 300");
        assertThrows(
                InvalidInputException.class,
                () -> pods.runInContainer(
                        NS,
                        "web",
                        "c",
                        List.of("true"),
                        new ExecIO(null, new ByteArrayOutputStream(), new ByteArrayOutputStream(), true)));
    }
}
