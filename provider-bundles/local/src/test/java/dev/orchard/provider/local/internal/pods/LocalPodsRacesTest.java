package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.pod.VolumeMount;
import dev.orchard.provider.local.internal.pods.ContainerSupervisor.Launcher;
import dev.orchard.provider.local.internal.processes.CgroupHost;
import dev.orchard.provider.local.internal.processes.Launches;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A pod's create and delete racing each other, or failing halfway: with a lock per pod, each must still end with
 * the pod whole or gone, its name free or taken by exactly one pod, and nothing of it left behind.
 */
class LocalPodsRacesTest extends LocalPodsTestBase {
    /**
     * Threads of the test's own for the calls that must overlap: the common pool may have a single worker (on Java
     * 25 with 2 cores it does), and a delete queued there behind a blocked create would not race it at all.
     */
    private final ExecutorService threads = Executors.newFixedThreadPool(2);

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    // Starts processes as the provider asks, but each container wrapper with its script edited (to make it slow).
    private static Launcher wrapperScript(UnaryOperator<String> edit) {
        return builder -> {
            if (builder.command().stream().anyMatch(a -> a.startsWith("orchard-wrapper:"))) {
                builder.environment().compute(Launches.SCRIPT_VARIABLE, (k, script) -> {
                    String edited = edit.apply(script);
                    if (edited.equals(script)) {
                        throw new AssertionError("the edit changed nothing in the wrapper's script");
                    }
                    return edited;
                });
            }
            return builder.start();
        };
    }

    // Each wrapper, once released, waits (20 s at most) for the test to make the gate before it joins its pod's groups,
    // as a busy host might make it wait: the test's delete thus surely comes first. (A fixed two-second delay lost
    // that race on a loaded CI machine, and the test then saw a command that had run before the delete.)
    private static Launcher joiningOnlyAfter(Path gate) {
        String wait = "for ((w = 0; w < 400; w++)); do [ -e '" + gate + "' ] && break; sleep 0.05; done\n";
        return wrapperScript(script -> script.replace("for ((i = 0;", wait + "for ((i = 0;"));
    }

    // Opens the gate, then waits until the pod's wrappers have ended or one of them ran its command.
    private static void openGateAndAwaitTheWrappers(Path gate, String pod, Path marker) throws IOException {
        Files.createFile(gate);
        await(
                "the wrappers of " + pod + " end",
                WAIT,
                () -> Files.exists(marker) || wrappersOf(pod).isEmpty(),
                done -> done);
    }

    private LocalPods withLauncher(String folder, Launcher launcher) throws IOException {
        return provider(tmp.resolve(folder), launcher, CgroupHost.discover(folder));
    }

    @Test
    void aCreateThatFailsAfterAContainerStartedLeavesNeitherItsNameNorItsProcesses() throws Exception {
        // The second container's start fails in a way the provider did not foresee; the first already runs.
        Launcher failSecond = builder -> {
            // Told apart by its command: the provider gives its scripts an environment of its own, not the pod's.
            if (builder.command().contains("sleep 300 # FAIL_START")) {
                throw new IllegalStateException("the launcher broke");
            }
            return builder.start();
        };
        LocalPods provider = withLauncher("half-pods", failSecond);
        try {
            Pod half = Pod.of(
                    NS, "half", spec(RestartPolicy.NEVER, sh("a", "sleep 300"), sh("b", "sleep 300 # FAIL_START")));
            OrchardException e = assertThrows(OrchardException.class, () -> provider.createPod(half));
            assertEquals(OrchardException.Category.PROVIDER_FAULT, e.category(), e.getMessage());
            assertEquals(List.of(), leftovers(tmp.resolve("half-pods").toRealPath()), "container a was stopped");
            assertFalse(Files.exists(tmp.resolve("half-pods").resolve(NS).resolve("half")), "its sandbox is gone");

            // The name is free again: a good pod of that name is created, and deleted.
            provider.createPod(Pod.of(NS, "half", spec(RestartPolicy.NEVER, sh("a", "sleep 300"))));
            assertEquals(PodPhase.RUNNING, provider.getPodStatus(NS, "half").phase());
            provider.deletePod(NS, "half");
        } finally {
            provider.close();
        }
        assertEquals(List.of(), leftovers(tmp.resolve("half-pods").toRealPath()));
    }

    @Test
    void aCreateWhosePodJournalCannotBeSavedFailsAndLeavesNothing() throws Exception {
        // Before its containers start, the pod's first pod.json is made unwritable (its temp file's name is taken by
        // a folder): a create that returned would be undone at the next start, which finds only create.json.
        Path root = tmp.resolve("unsaved-pods");
        Path state = root.resolve(".orchard/pods").resolve(NS).resolve("unsaved");
        Launcher blockTheJournal = builder -> {
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (!Files.exists(state.resolve("create.json")) && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
                Files.createDirectory(state.resolve("pod.json.tmp"));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException();
            }
            return builder.start();
        };
        LocalPods provider = withLauncher("unsaved-pods", blockTheJournal);
        try {
            UnavailableException e = assertThrows(
                    UnavailableException.class,
                    () -> provider.createPod(Pod.of(NS, "unsaved", spec(RestartPolicy.NEVER, sh("c", "sleep 300")))));
            assertTrue(e.getMessage().contains("pod.json"), e.getMessage());
            assertThrows(NotFoundException.class, () -> provider.getPod(NS, "unsaved"), "its name is free");
            assertEquals(List.of(), leftovers(root.toRealPath()), "its container was stopped");
            assertFalse(Files.exists(root.resolve(NS).resolve("unsaved")), "its sandbox is gone");
            assertFalse(Files.exists(state), "its state is gone");
        } finally {
            provider.close();
        }
    }

    @Test
    void aPodDeletedBeforeItsWrapperJoinedItsGroupRunsNothing() throws Exception {
        // The wrapper joins its pod's groups itself once released; here it waits to get there, as on a busy host, and
        // the pod is deleted meanwhile.
        Path marker = tmp.resolve("late-ran");
        Path gate = tmp.resolve("late-gate");
        LocalPods provider = withLauncher("late-pods", joiningOnlyAfter(gate));
        try {
            provider.createPod(
                    Pod.of(NS, "late", spec(RestartPolicy.NEVER, sh("c", "touch " + marker + "; exec sleep 300"))));
            assertEquals(PodPhase.RUNNING, provider.getPodStatus(NS, "late").phase());
            provider.deletePod(NS, "late");
            openGateAndAwaitTheWrappers(gate, "late", marker);
            assertFalse(Files.exists(marker), "the command of a deleted pod never ran");
        } finally {
            provider.close();
        }
        assertEquals(List.of(), leftovers(tmp.resolve("late-pods").toRealPath()));
    }

    @Test
    void aWrapperThatReachesItsGroupAfterItsPodWasDeletedRunsNothing() throws Exception {
        // Released, the wrapper waits to move itself into its group; meanwhile the runtime hands the pod over and the
        // next instance deletes it. That instance does not know the wrapper (its journal was edited to name another
        // process), so only the group can stop it.
        Path marker = tmp.resolve("late-joiner-ran");
        Path gate = tmp.resolve("late-joiner-gate");
        Launcher lateJoin = joiningOnlyAfter(gate);
        Path root = tmp.resolve("late-join-pods");
        CgroupHost host = CgroupHost.discover("late-join-" + Long.toHexString(System.nanoTime()));
        LocalPods first = provider(root, lateJoin, host);
        first.createPod(Pod.of(NS, "late", spec(RestartPolicy.NEVER, sh("c", "touch " + marker + "; exec sleep 300"))));
        first.detach();
        Path journal = root.resolve(".orchard/pods").resolve(NS).resolve("late/pod.json");
        Files.writeString(
                journal, Files.readString(journal).replaceAll("\"startTicks\"\\s*:\\s*\\d+", "\"startTicks\":1"));
        LocalPods next = provider(root, ContainerSupervisor.Launcher.PROCESS_BUILDER, host);
        try {
            next.deletePod(NS, "late");
            openGateAndAwaitTheWrappers(gate, "late", marker);
            assertFalse(Files.exists(marker), "the command of a deleted pod never ran");
            assertEquals(List.of(), leftovers(root.toRealPath()));
        } finally {
            next.close();
            host.removeIfEmpty();
        }
        assertEquals(List.of(), leftovers(root.toRealPath()));
    }

    @Test
    void aDeleteDuringTheCreateOfThatPodWaitsForItAndThenDeletesIt() throws Exception {
        CountDownLatch starting = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Launcher slow = builder -> {
            starting.countDown();
            try {
                if (!release.await(20, TimeUnit.SECONDS)) {
                    throw new IOException("the test never released the start");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted");
            }
            return builder.start();
        };
        LocalPods provider = withLauncher("slow-pods", slow);
        try {
            CompletableFuture<Void> create = CompletableFuture.runAsync(
                    () -> provider.createPod(Pod.of(NS, "web", spec(RestartPolicy.NEVER, sh("c", "sleep 300")))),
                    threads);
            assertTrue(starting.await(10, TimeUnit.SECONDS));
            CompletableFuture<Void> delete = CompletableFuture.runAsync(() -> provider.deletePod(NS, "web"), threads);
            Thread.sleep(200);
            assertFalse(delete.isDone(), "the delete waits for the pod's create, instead of answering NotFound");
            release.countDown();
            create.get(10, TimeUnit.SECONDS);
            delete.get(20, TimeUnit.SECONDS); // no NotFound: it deleted the pod the create made
            assertEquals(List.of(), provider.getPods());
            assertEquals(List.of(), leftovers(tmp.resolve("slow-pods").toRealPath()), "the pod's process is gone");
        } finally {
            release.countDown();
            provider.close();
        }
    }

    @Test
    void aCreateRacingTheEndOfADeleteOfTheSameNameKeepsItsSandboxAndItsVolumeBound() throws Exception {
        storage.addStorage(VolumeProfile.builder().name("data").capacity("1Mi").build());
        Container c = new Container(
                "c",
                "busybox",
                List.of("sh", "-c", "sleep 300"),
                List.of(),
                Map.of(),
                "",
                List.of(new VolumeMount("data", "/data", false)),
                null);
        PodSpec spec = new PodSpec(List.of(c), List.of(new PodVolume("data", "data")), RestartPolicy.NEVER, 1, "");
        for (int round = 0; round < 30; round++) {
            pods.createPod(Pod.of(NS, "web", spec));
            awaitPhase("web", PodPhase.RUNNING);
            CompletableFuture<Void> delete = CompletableFuture.runAsync(() -> pods.deletePod(NS, "web"), threads);
            while (true) {
                try {
                    pods.createPod(Pod.of(NS, "web", spec));
                    break;
                } catch (AlreadyExistsException | UnavailableException stillThere) {
                    Thread.onSpinWait();
                }
            }
            delete.get(20, TimeUnit.SECONDS);
            Path files =
                    podRoot.resolve(".orchard/pods").resolve(NS).resolve("web").resolve("c");
            assertTrue(
                    Files.isDirectory(files) && Files.isDirectory(sandbox("web")),
                    "round " + round + ": the new pod's sandbox or files were removed under it");
            assertEquals(
                    VolumePhase.BOUND,
                    storage.readStorage(VolumeProfile.builder().name("data").build())
                            .orElseThrow()
                            .phase(),
                    "round " + round + ": the new pod's volume was released under it");
            pods.deletePod(NS, "web");
        }
    }

    @Test
    void aRefusedCreateTakesNoPlaceOnTheNodeAndATakenNameIsHeardOfFirst() throws IOException {
        LocalPods one = new LocalPods(LocalPods.root(tmp.resolve("one-pod")), storage, Clock.systemUTC(), "local", 1);
        try {
            one.createPod(Pod.of(NS, "only", spec(RestartPolicy.NEVER, sh("c", "sleep 300"))));
            Container mounting = new Container(
                    "c",
                    "busybox",
                    List.of("true"),
                    List.of(),
                    Map.of(),
                    "",
                    List.of(new VolumeMount("gone", "/gone", false)),
                    null);
            PodSpec missingVolume =
                    new PodSpec(List.of(mounting), List.of(new PodVolume("gone", "gone")), RestartPolicy.NEVER, 1, "");
            // On a full node, an invalid pod hears what is wrong with it, not that the node is full.
            InvalidInputException e =
                    assertThrows(InvalidInputException.class, () -> one.createPod(Pod.of(NS, "other", missingVolume)));
            assertTrue(e.getMessage().contains("gone"), e.getMessage());
            // A name already taken is still the first thing a caller hears of.
            assertThrows(AlreadyExistsException.class, () -> one.createPod(Pod.of(NS, "only", missingVolume)));
        } finally {
            one.close();
        }
    }

    @Test
    void aCreateRefusedAfterItsWrappersStartedLeavesNoWrapperWaiting() throws Exception {
        // The wrappers start while the pod's files are made; the sandbox is refused (a linked namespace folder)
        // only after that. Two containers: neither wrapper may be left, in the pod's group or out of it.
        Files.createSymbolicLink(podRoot.resolve(NS), Files.createDirectories(tmp.resolve("elsewhere")));
        assertThrows(
                InvalidInputException.class,
                () -> create("refused-late", RestartPolicy.NEVER, sh("a", "sleep 300"), sh("b", "sleep 300")));
        List<String> wrappers = await("the wrappers end", WAIT, () -> wrappersOf("refused-late"), List::isEmpty);
        assertEquals(List.of(), wrappers);
    }

    // The processes whose command line names them a wrapper of pod NS/pod.
    private static List<String> wrappersOf(String pod) {
        byte[] needle = ("orchard-wrapper:" + NS + "/" + pod + "/").getBytes(StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path p : procs) {
                try {
                    String line = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8);
                    String state = Files.readString(p.resolve("stat"));
                    boolean zombie = state.substring(state.lastIndexOf(')') + 2).startsWith("Z");
                    if (!zombie && line.contains(new String(needle, StandardCharsets.UTF_8))) {
                        out.add(p.getFileName() + " " + line.replace('\0', ' '));
                    }
                } catch (IOException gone) {
                    // ended meanwhile
                }
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return out;
    }
}
