package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.provider.local.internal.processes.ProcessIdentity;
import dev.orchard.provider.local.internal.volumes.LocalStorage;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A provider instance that leaves (its bundle is replaced) and the next one, which adopts its pods. */
class LocalPodsAdoptionTest {
    @TempDir
    Path dir;

    private LocalPods first;
    private LocalPods second;

    @AfterEach
    void close() {
        if (second != null) {
            second.close();
        }
        if (first != null) {
            first.close();
        }
    }

    private LocalPods open() throws Exception {
        LocalStorage storage = new LocalStorage(LocalStorage.root(dir.resolve("volumes")), 1L << 30, Clock.systemUTC());
        return new LocalPods(LocalPods.root(dir.resolve("pods")), storage, Clock.systemUTC(), "local", 110);
    }

    private static Pod pod(String name, RestartPolicy policy, String script) {
        return Pod.of(
                "default",
                name,
                new PodSpec(List.of(Container.of("main", "none", "sh", "-c", script)), List.of(), policy, 1, ""));
    }

    @Test
    void aRunningPodSurvivesReplacementKeepsLoggingAndCanBeDeletedByTheNewInstance() throws Exception {
        first = open();
        first.createPod(
                pod("ticker", RestartPolicy.NEVER, "i=0; while :; do echo tick-$i; i=$((i+1)); sleep 0.05; done"));
        await("ticks", () -> logs(first, "ticker").contains("tick-3"));
        long pid = first.pid("default", "ticker", "main").orElseThrow();
        String uid = first.getPod("default", "ticker").metadata().uid();
        first.detach();

        second = open();
        Pod adopted = second.getPod("default", "ticker");
        assertEquals(uid, adopted.metadata().uid(), "the same pod");
        assertEquals(PodPhase.RUNNING, adopted.status().phase());
        assertEquals(pid, second.pid("default", "ticker", "main").orElseThrow(), "the same process, adopted");
        String before = lastLine(second);
        await("the logs to go on after the replacement", () -> !lastLine(second).equals(before));

        second.deletePod("default", "ticker");
        assertFalse(ProcessIdentity.of(pid).isPresent(), "the new instance stopped it");
    }

    @Test
    void anExitWhileNoInstanceWatchedIsStillReportedWithItsCode() throws Exception {
        first = open();
        first.createPod(pod("short", RestartPolicy.NEVER, "sleep 1; exit 3"));
        first.detach();
        Thread.sleep(1_500); // it exits while nobody watches

        second = open();
        await(
                "the exit to be reported",
                () -> second.getPodStatus("default", "short").phase() == PodPhase.FAILED);
        ContainerStatus s =
                second.getPodStatus("default", "short").containerStatuses().get(0);
        assertEquals(3, s.exitCode(), "the wrapper's exit-code file survives the instance");
    }

    @Test
    void aRunThatAnEarlierBootStartedIsSaidToHaveEndedWithTheHost() throws Exception {
        first = open();
        first.createPod(pod("rebooted", RestartPolicy.NEVER, "sleep 300"));
        await("the run to start", () -> first.pid("default", "rebooted", "main").isPresent());
        long pid = first.pid("default", "rebooted", "main").orElseThrow();
        first.detach();
        // As a reboot does: the run ends with no code written, and its journal names another boot.
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        await("the wrapper to end", () -> ProcessIdentity.of(pid).isEmpty());
        Path journal = dir.resolve("pods/.orchard/pods/default/rebooted/pod.json");
        String before = Files.readString(journal);
        String other = before.replaceAll("\"bootId\"\\s*:\\s*\"[^\"]*\"", "\"bootId\":\"" + UUID.randomUUID() + "\"");
        assertNotEquals(before, other, "the journal names the boot");
        Files.writeString(journal, other);

        second = open();
        ContainerStatus s =
                second.getPodStatus("default", "rebooted").containerStatuses().get(0);
        assertEquals("ContainerStatusUnknown", s.reason(), s.toString());
        assertTrue(s.message().contains("the host restarted"), s.message());
    }

    @Test
    void anExitObservedByTheNewInstanceIsReported() throws Exception {
        first = open();
        first.createPod(pod("later", RestartPolicy.NEVER, "sleep 1; exit 4"));
        first.detach();
        second = open();
        assertEquals(PodPhase.RUNNING, second.getPodStatus("default", "later").phase());
        await("the exit", () -> second.getPodStatus("default", "later").phase() == PodPhase.FAILED);
        assertEquals(
                4,
                second.getPodStatus("default", "later")
                        .containerStatuses()
                        .get(0)
                        .exitCode());
    }

    @Test
    void aCreateThatACrashInterruptedAfterItsProcessStartedIsUndoneByTheNextInstance() throws Exception {
        first = open();
        first.createPod(pod("half", RestartPolicy.ALWAYS, "echo up; sleep 300"));
        long pid = first.pid("default", "half", "main").orElseThrow();
        // The process started: its wrapper has joined the pod's boundary and runs the command. (A wrapper that a
        // crash cut off before it joined cannot join once the next instance has removed the boundary, and exits
        // without running anything; this test is of the one that got further.)
        await("the command to run", () -> logs(first, "half").contains("up"));
        Path state = first.rootPath().resolve(".orchard/pods/default/half");
        assertTrue(Files.isRegularFile(state.resolve("create.json")), "the create's journal, written before the start");
        first.detach();
        // What a kill -9 after the process started and before the pod's journal was written leaves behind.
        Files.delete(state.resolve("pod.json"));

        second = open();
        assertThrows(NotFoundException.class, () -> second.getPod("default", "half"), "the create is undone");
        assertFalse(ProcessIdentity.of(pid).isPresent(), "its process is stopped, not left unsupervised");
        assertFalse(Files.exists(first.rootPath().resolve("default/half")), "its sandbox is removed");
        assertFalse(Files.exists(state), "its state folder is removed");
        second.createPod(pod("half", RestartPolicy.NEVER, "sleep 300"));
        assertEquals(PodPhase.RUNNING, second.getPodStatus("default", "half").phase(), "its name is free again");
    }

    private String lastLine(LocalPods pods) {
        return logs(pods, LogOptions.builder().tail(1).build());
    }

    private static String logs(LocalPods pods, String pod) {
        return read(pods, pod, LogOptions.DEFAULT);
    }

    private String logs(LocalPods pods, LogOptions options) {
        return read(pods, "ticker", options);
    }

    private static String read(LocalPods pods, String pod, LogOptions options) {
        try (InputStream in = pods.getContainerLogs("default", pod, "main", options)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what);
            Thread.sleep(20);
        }
    }
}
