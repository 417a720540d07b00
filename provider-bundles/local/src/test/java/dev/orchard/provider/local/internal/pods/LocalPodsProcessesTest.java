package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.RestartPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Deleting a pod stops every process it started: children, grandchildren, and those that ignore SIGTERM. */
class LocalPodsProcessesTest extends LocalPodsTestBase {

    /** Waits for a file the container writes with write-then-rename, so it is never read half-written. */
    private static String awaitFile(Path file) {
        return await(
                file + " to be written",
                WAIT,
                () -> {
                    try {
                        return Files.exists(file) ? Files.readString(file).trim() : null;
                    } catch (IOException e) {
                        throw new AssertionError(e);
                    }
                },
                s -> s != null && !s.isEmpty());
    }

    private static List<ProcessHandle> handles(String pids) {
        List<ProcessHandle> out = new ArrayList<>();
        for (String p : pids.trim().split("\\s+")) {
            out.add(handle(Long.parseLong(p)));
        }
        return out;
    }

    @Test
    void deleteLeavesNoChildOrGrandchildRunning() {
        // Two background children, and a grandchild whose parent subshell exits at once, so it is re-parented
        // away from the container's tree and only its process group still ties it to the container.
        createRunning(
                "tree",
                "sleep 300 & a=$!; sleep 300 & b=$!; (sleep 300 & echo $! > gc);"
                        + " echo \"$$ $a $b $(cat gc)\" > pids.tmp && mv pids.tmp pids; wait");
        String pids = awaitFile(sandbox("tree").resolve("pids"));
        List<ProcessHandle> recorded = handles(pids);
        assertEquals(4, recorded.size(), pids);
        // The tree is read until every process in it is alive: the `mv` that published the pid file may still
        // be exiting when the file appears, and it is not one of the container's lasting processes.
        List<ProcessHandle> all = await(
                "the container's processes to settle",
                WAIT,
                () -> {
                    List<ProcessHandle> now = new ArrayList<>(recorded);
                    now.addAll(tree("tree", "c"));
                    return now;
                },
                now -> stillRunning(now).size() == now.size());
        long wrapper = pods.pid(NS, "tree", "c").orElseThrow();
        assertEquals(wrapper, pgid(wrapper), "the wrapper leads its own process group");
        for (ProcessHandle h : recorded) {
            assertEquals(wrapper, pgid(h.pid()), "process " + h.pid() + " is in the container's group");
        }
        ProcessHandle grandchild = recorded.get(3);
        assertFalse(
                handle(wrapper).descendants().anyMatch(h -> h.pid() == grandchild.pid()),
                "the grandchild has left the container's tree, so only the group reaches it");

        long start = System.nanoTime();
        pods.deletePod(NS, "tree");
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertEquals(List.of(), stillRunning(all), "no process of the deleted pod runs");
        assertTrue(millis < 900, "processes that obey SIGTERM are not made to wait out the grace period: " + millis);
        assertFalse(Files.exists(sandbox("tree")), "the sandbox is removed");
    }

    @Test
    void aContainerThatIgnoresSigtermIsKilledAfterTheGracePeriod() {
        createRunning("stubborn", "trap '' TERM; echo $$ > pid.tmp && mv pid.tmp pid; sleep 300; sleep 300");
        String shell = awaitFile(sandbox("stubborn").resolve("pid"));
        List<ProcessHandle> all = new ArrayList<>(tree("stubborn", "c"));
        await(
                "the sleep under the shell",
                WAIT,
                () -> handle(Long.parseLong(shell)).children().count(),
                n -> n > 0);
        all.addAll(tree("stubborn", "c"));

        long start = System.nanoTime();
        pods.deletePod(NS, "stubborn");
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertEquals(List.of(), stillRunning(all), "SIGKILL stopped what ignored SIGTERM");
        assertTrue(millis >= 900, "the pod had its 1 s grace period before SIGKILL, took " + millis + " ms");
        assertTrue(millis < 3000, "SIGKILL came soon after the grace period, took " + millis + " ms");
    }

    @Test
    void deleteWaitsForAGracefulShutdownThatPrintsAsItStops() throws Exception {
        // A server that logs while it shuts down must neither lose those lines nor die of SIGPIPE because the
        // wrapper's log loop was stopped by the same SIGTERM; the shell itself also reports the killed sleep.
        Path marker = tmp.resolve("cleaned-up");
        pods.createPod(Pod.of(
                NS,
                "graceful",
                new PodSpec(
                        List.of(sh(
                                "c",
                                "trap 'echo shutting down; echo oops >&2; sleep 0.4; echo bye > \"$MARK\"; exit 0' TERM;"
                                        + " echo up > started; while :; do sleep 0.05; done",
                                Map.of("MARK", marker.toString()))),
                        List.of(),
                        RestartPolicy.NEVER,
                        5,
                        "")));
        awaitPhase("graceful", PodPhase.RUNNING);
        awaitFile(sandbox("graceful").resolve("started"));
        List<ProcessHandle> all = tree("graceful", "c");
        List<Pod> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        pods.notifyPods(seen::add);

        long start = System.nanoTime();
        pods.deletePod(NS, "graceful");
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertTrue(Files.exists(marker), "deletePod returns only after the TERM handler finished its clean-up");
        assertEquals("bye", Files.readString(marker).trim());
        assertTrue(millis >= 350 && millis < 3000, "waited for the clean-up, not the 5 s grace period: " + millis);
        assertEquals(List.of(), stillRunning(all));
        Pod last = await(
                "the notification of the deletion",
                WAIT,
                () -> seen.isEmpty() ? null : seen.get(seen.size() - 1),
                p -> p != null && p.status().phase() == PodPhase.SUCCEEDED);
        assertEquals(0, last.status().containerStatuses().get(0).exitCode(), "the clean exit code is recorded");
    }

    @Test
    void processesLeftBehindByAnExitedRunAreStoppedAndDoNotPileUpOverRestarts() throws Exception {
        // Each run starts a daemon-like child that holds no pipe of the wrapper, then fails. Like a container
        // whose main process exits, nothing of a run may survive it, least of all across restarts.
        create(
                "leaky",
                RestartPolicy.ON_FAILURE,
                sh(
                        "c",
                        "sleep 300 > /dev/null 2>&1 < /dev/null & echo $! >> \"$BG\"; exit 1",
                        Map.of("BG", tmp.resolve("bg").toString())));
        awaitContainer("leaky", "c", "a restart", s -> s.restartCount() >= 1);
        String bg = await(
                "two runs' children",
                WAIT,
                () -> {
                    try {
                        return Files.readString(tmp.resolve("bg"));
                    } catch (IOException e) {
                        return "";
                    }
                },
                s -> s.trim().split("\\s+").length >= 2);
        long first = Long.parseLong(bg.trim().split("\\s+")[0]);
        ProcessHandle firstChild = ProcessHandle.of(first).orElse(null);
        assertTrue(
                firstChild == null || !running(firstChild),
                "the first run's child stopped with its run: "
                        + Arrays.toString(bg.trim().split("\\s+")));
        pods.deletePod(NS, "leaky");
        assertEquals(List.of(), leftovers(podRoot), "nothing of any run is left after the delete");
    }

    @Test
    void deletingAPodWhoseContainerHasExitedIsQuick() {
        create("done", RestartPolicy.NEVER, sh("c", "exit 0"));
        awaitPhase("done", PodPhase.SUCCEEDED);
        assertEquals(ContainerState.TERMINATED, container("done", "c").state());
        long start = System.nanoTime();
        pods.deletePod(NS, "done");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 900, "nothing to wait for, took " + millis + " ms");
    }
}
