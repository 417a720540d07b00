package dev.orchard.provider.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodNotifier;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.StatsSummary;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The PodProvider contract: lifecycle, errors, notifications, logs, exec, node and stats. */
class PodProviderConformanceTest extends PodProviderChecks {
    private Pod createRunning(String name) {
        createRunning(Tck.pod(ns, name));
        Pod pod = provider.getPod(ns, name);
        assertNotNull(pod, "getPod of a created pod returned null; it must return the pod or throw NotFound");
        return pod;
    }

    @Test
    void createGetListAndDelete() {
        Pod pod = createRunning("web");
        assertEquals("web", pod.name());
        assertEquals(ns, pod.namespace());
        assertFalse(pod.metadata().uid().isBlank(), "a created pod has a uid");
        assertEquals(PodPhase.RUNNING, provider.getPodStatus(ns, "web").phase());
        assertEquals(1, pod.status().containerStatuses().size(), "one status per container");
        assertTrue(provider.getPods().stream()
                .anyMatch(p -> p.namespace().equals(ns) && p.name().equals("web")));
        assertThrows(AlreadyExistsException.class, () -> provider.createPod(Tck.pod(ns, "web")));

        provider.deletePod(ns, "web");
        Tck.await("the deleted pod to be gone", () -> {
            try {
                provider.getPod(ns, "web");
                return false;
            } catch (NotFoundException gone) {
                return true;
            }
        });
        assertTrue(provider.getPods().stream().noneMatch(p -> p.namespace().equals(ns)));
        try {
            provider.deletePod(ns, "web"); // a second delete may be a no-op...
        } catch (NotFoundException documented) {
            // ...or NotFound, as PodProvider documents
        }
    }

    @Test
    void updateChangesMetadataAndKeepsIdentity() {
        Pod pod = createRunning("upd");
        ObjectMeta meta = new ObjectMeta("upd", ns, pod.metadata().uid(), Map.of("version", "2"), Map.of(), null);
        provider.updatePod(new Pod(meta, pod.spec(), pod.status()));
        Pod updated = provider.getPod(ns, "upd");
        assertEquals("2", updated.metadata().labels().get("version"));
        assertEquals(pod.metadata().uid(), updated.metadata().uid(), "an update keeps the uid");
        assertThrows(NotFoundException.class, () -> provider.updatePod(Tck.pod(ns, "absent")));
    }

    @Test
    void unknownPodsAreNotFound() {
        assertThrows(NotFoundException.class, () -> provider.getPod(ns, "absent"));
        assertThrows(NotFoundException.class, () -> provider.getPodStatus(ns, "absent"));
        assertThrows(NotFoundException.class, () -> provider.deletePod(ns, "absent"));
        assertThrows(
                NotFoundException.class, () -> provider.getContainerLogs(ns, "absent", "main", LogOptions.DEFAULT));
        assertThrows(
                NotFoundException.class,
                () -> provider.runInContainer(
                        ns,
                        "absent",
                        "main",
                        List.of("true"),
                        new ExecIO(null, new ByteArrayOutputStream(), null, false)));
        createRunning("known");
        assertThrows(
                NotFoundException.class,
                () -> provider.getContainerLogs(ns, "known", "nosuch", LogOptions.DEFAULT),
                "unknown container");
    }

    @Test
    void returnedObjectsCannotChangeTheProvider() {
        createRunning("copy");
        List<Pod> pods = provider.getPods();
        int before = (int) pods.stream().filter(p -> p.namespace().equals(ns)).count();
        try {
            pods.clear();
        } catch (UnsupportedOperationException immutable) {
            // an immutable list is a copy too
        }
        Pod pod = provider.getPod(ns, "copy");
        try {
            pod.metadata().labels().put("mutated", "yes");
        } catch (UnsupportedOperationException immutable) {
            // the model is immutable
        }
        assertEquals(
                before,
                provider.getPods().stream()
                        .filter(p -> p.namespace().equals(ns))
                        .count());
        assertFalse(provider.getPod(ns, "copy").metadata().labels().containsKey("mutated"));
    }

    @Test
    void notificationsArriveForEveryPhaseChange() throws Exception {
        Tck.skipUnless(context, provider instanceof PodNotifier, Tck.Contract.NOTIFY, "the provider is no PodNotifier");
        BlockingQueue<PodPhase> phases = new LinkedBlockingQueue<>();
        ((PodNotifier) provider).notifyPods(p -> {
            if (p.namespace().equals(ns) && p.name().equals("watched")) {
                phases.add(p.status().phase());
            }
        });
        provider.createPod(Tck.pod(ns, "watched"));
        assertPhase(phases, PodPhase.RUNNING);
        provider.deletePod(ns, "watched");
        PodPhase last = awaitTerminal(phases);
        assertTrue(last == PodPhase.SUCCEEDED || last == PodPhase.FAILED, "a deleted pod ends terminal: " + last);
    }

    private static void assertPhase(BlockingQueue<PodPhase> phases, PodPhase wanted) throws InterruptedException {
        long deadline = System.nanoTime() + Tck.TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            PodPhase p = phases.poll(100, TimeUnit.MILLISECONDS);
            if (p == wanted) {
                return;
            }
        }
        throw new AssertionError("no notification of phase " + wanted);
    }

    private static PodPhase awaitTerminal(BlockingQueue<PodPhase> phases) throws InterruptedException {
        long deadline = System.nanoTime() + Tck.TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            PodPhase p = phases.poll(100, TimeUnit.MILLISECONDS);
            if (p == PodPhase.SUCCEEDED || p == PodPhase.FAILED) {
                return p;
            }
        }
        throw new AssertionError("no notification of a terminal phase after delete");
    }

    @Test
    void logsHonourTailLimitBytesAndTimestamps() throws Exception {
        createRunning("logs");
        String all = String.join("\n", Tck.LOG_LINES) + "\n";
        Tck.await(
                "the container's output", () -> logs("logs", LogOptions.DEFAULT).equals(all));
        assertEquals("line-3\n", logs("logs", LogOptions.builder().tail(1).build()));
        assertEquals("", logs("logs", LogOptions.builder().tail(0).build()));
        assertEquals("line", logs("logs", LogOptions.builder().limitBytes(4).build()));
        String stamped = logs("logs", LogOptions.builder().timestamps(true).build());
        List<String> lines = stamped.lines().toList();
        assertEquals(3, lines.size(), stamped);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int space = line.indexOf(' ');
            assertTrue(space > 0, line);
            Instant.parse(line.substring(0, space));
            assertEquals(Tck.LOG_LINES.get(i), line.substring(space + 1));
        }
    }

    private String logs(String pod, LogOptions options) {
        try (InputStream in = provider.getContainerLogs(ns, pod, "main", options)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError("reading the logs failed: " + e, e);
        }
    }

    @Test
    void execReturnsExitCodesAndOutput() {
        createRunning("exec");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(
                0,
                provider.runInContainer(
                        ns,
                        "exec",
                        "main",
                        List.of("echo", "hi"),
                        new ExecIO(null, out, new ByteArrayOutputStream(), false)));
        assertEquals("hi\n", out.toString(StandardCharsets.UTF_8));
        assertEquals(
                3,
                provider.runInContainer(
                        ns,
                        "exec",
                        "main",
                        List.of("sh", "-c", "exit 3"),
                        new ExecIO(null, new ByteArrayOutputStream(), null, false)));
        assertEquals(
                1,
                provider.runInContainer(
                        ns,
                        "exec",
                        "main",
                        List.of("false"),
                        new ExecIO(null, new ByteArrayOutputStream(), null, false)));
        assertThrows(
                InvalidInputException.class,
                () -> provider.runInContainer(
                        ns, "exec", "main", List.of(), new ExecIO(null, new ByteArrayOutputStream(), null, false)));
    }

    @Test
    void configureNodeReportsCapacityAndConditions() {
        Node node = provider.configureNode(Node.named("tck-node"));
        assertNotNull(node);
        assertEquals("tck-node", node.name(), "the node keeps its name");
        assertTrue(
                node.capacity().cpuMillis() > 0
                        && node.capacity().memoryBytes() > 0
                        && node.capacity().pods() > 0,
                "capacity in cpu, memory and pods: " + node.capacity());
        assertTrue(node.allocatable().fitsWithin(node.capacity()), "allocatable fits within capacity");
        assertTrue(node.conditions().stream().anyMatch(c -> c.type().equals("Ready")), "a Ready condition");
    }

    @Test
    void statsSummaryListsRunningPods() {
        createRunning("stats");
        StatsSummary summary = provider.getStatsSummary();
        assertNotNull(summary.time());
        assertTrue(
                summary.pods().stream()
                        .anyMatch(p -> p.namespace().equals(ns) && p.name().equals("stats")),
                "the running pod is in the summary: " + summary.pods());
    }
}
