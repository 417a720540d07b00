package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.NodeCondition;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodStats;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.pod.StatsSummary;
import dev.orchard.api.pod.VolumeMount;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The pod lifecycle of the local provider, with real processes. */
class LocalPodsTest extends LocalPodsTestBase {

    // ------------------------------------------------------------------ create, read, list

    @Test
    void createRunsThePodAndAssignsIdentity() {
        Instant before = Instant.now();
        create("web", RestartPolicy.ALWAYS, sh("main", "sleep 300"));
        PodStatus status = awaitPhase("web", PodPhase.RUNNING);

        Pod pod = pods.getPod(NS, "web");
        assertFalse(pod.metadata().uid().isEmpty(), "a uid is assigned");
        assertNotNull(pod.metadata().creationTime());
        assertFalse(pod.metadata().creationTime().isBefore(before.minusSeconds(1)));
        assertEquals(1, status.containerStatuses().size());
        ContainerStatus c = status.containerStatuses().get(0);
        assertEquals("main", c.name());
        assertEquals("busybox:1.36", c.image(), "the image is recorded");
        assertEquals(ContainerState.RUNNING, c.state());
        assertTrue(c.ready());
        assertEquals(0, c.restartCount());
        assertNull(c.exitCode());
        assertNull(c.finishedAt());
        assertNotNull(c.startedAt());
        assertFalse(c.startedAt().isBefore(before.minusSeconds(1)));
        assertNotNull(status.startTime());
        assertEquals("127.0.0.1", status.podIp());
        assertTrue(pods.pid(NS, "web", "main").isPresent());
        assertTrue(running(handle(pods.pid(NS, "web", "main").orElseThrow())), "a real process runs");
        assertEquals(pod.metadata().uid(), pods.getPod(NS, "web").metadata().uid(), "the uid is stable");
    }

    @Test
    void aDuplicateIsRefusedAndLeavesTheFirstPodAlone() {
        create("web", RestartPolicy.ALWAYS, sh("main", "sleep 300"));
        awaitPhase("web", PodPhase.RUNNING);
        String uid = pods.getPod(NS, "web").metadata().uid();
        long pid = pods.pid(NS, "web", "main").orElseThrow();

        assertThrows(AlreadyExistsException.class, () -> create("web", RestartPolicy.NEVER, sh("other", "sleep 300")));

        assertEquals(uid, pods.getPod(NS, "web").metadata().uid());
        assertEquals(pid, pods.pid(NS, "web", "main").orElseThrow());
        assertEquals(PodPhase.RUNNING, pods.getPodStatus(NS, "web").phase());
        assertEquals(1, pods.getPods().size());
    }

    @Test
    void getPodsIsOrderedByNamespaceThenName() {
        for (String[] p : new String[][] {{"zeta", "b"}, {NS, "web"}, {"alpha", "z"}, {NS, "api"}, {"alpha", "a"}}) {
            pods.createPod(Pod.of(p[0], p[1], spec(RestartPolicy.NEVER, sh("c", "sleep 300"))));
        }
        List<String> keys = new ArrayList<>();
        pods.getPods().forEach(p -> keys.add(p.namespace() + "/" + p.name()));
        assertEquals(List.of("alpha/a", "alpha/z", "default/api", "default/web", "zeta/b"), keys);
    }

    @Test
    void twoContainersRunInOnePod() {
        create("duo", RestartPolicy.NEVER, sh("one", "sleep 300"), sh("two", "exit 4"));
        awaitContainer("duo", "two", "container two to exit", s -> s.state() == ContainerState.TERMINATED);
        PodStatus status = pods.getPodStatus(NS, "duo");
        assertEquals(PodPhase.RUNNING, status.phase(), "one container still runs");
        assertEquals(
                List.of("one", "two"),
                status.containerStatuses().stream().map(ContainerStatus::name).toList());
        assertEquals(ContainerState.RUNNING, container("duo", "one").state());
        assertEquals(4, container("duo", "two").exitCode());
        assertNotEquals(pods.pid(NS, "duo", "one"), pods.pid(NS, "duo", "two"));
    }

    @Test
    void theNodeCapacityCountsPods() throws Exception {
        LocalPods small = new LocalPods(LocalPods.root(tmp.resolve("small")), storage, Clock.systemUTC(), "local", 1);
        try {
            small.createPod(Pod.of(NS, "one", spec(RestartPolicy.NEVER, sh("c", "sleep 300"))));
            assertThrows(
                    UnavailableException.class,
                    () -> small.createPod(Pod.of(NS, "two", spec(RestartPolicy.NEVER, sh("c", "sleep 300")))));
            assertEquals(1, small.getPods().size());
            small.deletePod(NS, "one");
            small.createPod(Pod.of(NS, "two", spec(RestartPolicy.NEVER, sh("c", "sleep 300"))));
        } finally {
            small.close();
        }
        assertEquals(List.of(), leftovers(tmp.resolve("small").toRealPath()));
    }

    // ------------------------------------------------------------------ bad input and missing things

    @Test
    void aContainerWithoutACommandIsRefusedBecauseImagesAreNotPulled() {
        Container imageOnly = Container.of("main", "nginx:1.25");
        InvalidInputException e = assertThrows(
                InvalidInputException.class,
                () -> pods.createPod(Pod.of(NS, "web", spec(RestartPolicy.ALWAYS, imageOnly))));
        assertTrue(e.getMessage().contains("nginx:1.25") && e.getMessage().contains("not pull"), e.getMessage());
        assertEquals(List.of(), pods.getPods());
        assertThrows(NotFoundException.class, () -> pods.getPod(NS, "web"));
    }

    @Test
    void argsAloneAreACommand() {
        Container argsOnly = new Container(
                "main",
                "img",
                List.of(),
                List.of("sh", "-c", "echo from-args; sleep 300"),
                Map.of(),
                "",
                List.of(),
                null);
        pods.createPod(Pod.of(NS, "args", spec(RestartPolicy.NEVER, argsOnly)));
        awaitLogs("args", "main", "from-args\n");
    }

    @Test
    void unknownPodsAreNotFound() {
        assertThrows(NotFoundException.class, () -> pods.getPod(NS, "nope"));
        assertThrows(NotFoundException.class, () -> pods.getPodStatus(NS, "nope"));
        assertThrows(NotFoundException.class, () -> pods.deletePod(NS, "nope"));
        assertThrows(
                NotFoundException.class,
                () -> pods.updatePod(Pod.of(NS, "nope", spec(RestartPolicy.NEVER, sh("c", "true")))));
        assertThrows(NotFoundException.class, () -> pods.getContainerLogs(NS, "nope", "c", LogOptions.DEFAULT));
        assertThrows(
                NotFoundException.class,
                () -> pods.runInContainer(
                        NS, "nope", "c", List.of("true"), new ExecIO(null, new ByteArrayOutputStream(), null, false)));
    }

    @Test
    void aSecondDeleteIsNotFoundAndThePodIsGone() {
        createRunning("web", "sleep 300");
        pods.deletePod(NS, "web");
        assertThrows(NotFoundException.class, () -> pods.deletePod(NS, "web"));
        assertThrows(NotFoundException.class, () -> pods.getPod(NS, "web"));
        assertEquals(List.of(), pods.getPods());
        assertTrue(pods.pid(NS, "web", "c").isEmpty());
        assertFalse(Files.exists(sandbox("web")));
    }

    @Test
    void aDeletedPodCanBeCreatedAgainWithANewUid() {
        createRunning("web", "sleep 300");
        String first = pods.getPod(NS, "web").metadata().uid();
        pods.deletePod(NS, "web");
        createRunning("web", "sleep 300");
        assertNotEquals(first, pods.getPod(NS, "web").metadata().uid());
    }

    @Test
    void aWorkingDirLeavingTheSandboxIsRefused() {
        Container escape = new Container(
                "c", "img", List.of("sh", "-c", "sleep 300"), List.of(), Map.of(), "../../../outside", List.of(), null);
        assertThrows(
                InvalidInputException.class,
                () -> pods.createPod(Pod.of(NS, "escape", spec(RestartPolicy.NEVER, escape))));
        assertEquals(List.of(), pods.getPods());
        assertFalse(Files.exists(podRoot.resolve("outside")), "nothing was made outside the sandbox");
        assertFalse(Files.exists(tmp.resolve("outside")), "nothing was made outside the sandbox");
    }

    // ------------------------------------------------------------------ exit codes and restart policies

    @Test
    void aFailedContainerUnderNeverFailsThePod() {
        create("job", RestartPolicy.NEVER, sh("c", "exit 3"));
        PodStatus status = awaitPhase("job", PodPhase.FAILED);
        ContainerStatus c = status.containerStatuses().get(0);
        assertEquals(ContainerState.TERMINATED, c.state());
        assertEquals(3, c.exitCode());
        assertEquals(0, c.restartCount());
        assertEquals("Error", c.reason());
        assertFalse(c.ready());
        assertNotNull(c.finishedAt());
        assertFalse(c.finishedAt().isBefore(c.startedAt()));
    }

    @Test
    void aSuccessfulContainerUnderNeverSucceeds() {
        create("job", RestartPolicy.NEVER, sh("c", "true"));
        PodStatus status = awaitPhase("job", PodPhase.SUCCEEDED);
        ContainerStatus c = status.containerStatuses().get(0);
        assertEquals(ContainerState.TERMINATED, c.state());
        assertEquals(0, c.exitCode());
        assertEquals("Completed", c.reason());
        assertEquals(0, c.restartCount());
    }

    @Test
    void aKilledCommandReportsTheSignalAsExitCode() {
        create("job", RestartPolicy.NEVER, sh("c", "kill -KILL $$"));
        PodStatus status = awaitPhase("job", PodPhase.FAILED);
        assertEquals(137, status.containerStatuses().get(0).exitCode(), "128 + SIGKILL, as a shell reports it");
    }

    @Test
    void onFailureRestartsAFailedContainerAndKeepsThePreviousLog() {
        // Each run numbers itself, so the logs tell the runs apart.
        create(
                "flaky",
                RestartPolicy.ON_FAILURE,
                sh("c", "n=$(cat runs 2>/dev/null || echo 0); n=$((n+1)); echo $n > runs; echo \"run $n\"; exit 1"));
        ContainerStatus restarted = awaitContainer("flaky", "c", "a restart", s -> s.restartCount() >= 1);
        assertTrue(restarted.restartCount() >= 1);
        assertEquals(
                PodPhase.RUNNING,
                pods.getPodStatus(NS, "flaky").phase(),
                "a pod whose container restarts stays Running, as in Kubernetes");
        // Between two runs (a backoff of 1 s, then 2 s, 4 s, ...) both logs stay as they are: a look at the status
        // and both logs that no restart came between, however slow this thread is under load.
        Backoff seen = await(
                "a run after a restart to exit, seen with its logs",
                WAIT,
                () -> {
                    ContainerStatus before = container("flaky", "c");
                    String current = logs("flaky", "c", LogOptions.DEFAULT);
                    String previous = logs(
                            "flaky", "c", LogOptions.builder().previous(true).build());
                    return new Backoff(before, container("flaky", "c"), current, previous);
                },
                b -> b.before().restartCount() >= 1
                        && b.before().state() == ContainerState.TERMINATED
                        && b.before().equals(b.after()));
        ContainerStatus c = seen.before();
        int run = c.restartCount() + 1; // the run that exited last
        assertEquals(1, c.exitCode());
        assertEquals("CrashLoopBackOff", c.reason(), "waiting out the backoff before the next restart");
        assertEquals("run " + run + "\n", seen.current());
        assertEquals("run " + (run - 1) + "\n", seen.previous());
    }

    // The status before and after reading both logs of a container.
    private record Backoff(ContainerStatus before, ContainerStatus after, String current, String previous) {}

    @Test
    void onFailureDoesNotRestartASuccessfulContainer() throws Exception {
        create("job", RestartPolicy.ON_FAILURE, sh("c", "echo once"));
        PodStatus status = awaitPhase("job", PodPhase.SUCCEEDED);
        ContainerStatus c = status.containerStatuses().get(0);
        assertEquals("Completed", c.reason(), "no restart is scheduled (that would read CrashLoopBackOff)");
        Thread.sleep(500); // a negative: nothing happens
        c = container("job", "c");
        assertEquals(0, c.restartCount());
        assertEquals(PodPhase.SUCCEEDED, pods.getPodStatus(NS, "job").phase());
        assertThrows(
                NotFoundException.class,
                () -> pods.getContainerLogs(
                        NS, "job", "c", LogOptions.builder().previous(true).build()),
                "there was no previous run");
    }

    @Test
    void alwaysRestartsEvenAfterSuccessWithGrowingBackoff() throws Exception {
        BlockingQueue<Pod> events = new LinkedBlockingQueue<>();
        pods.notifyPods(events::add);
        create("loop", RestartPolicy.ALWAYS, sh("c", "true"));
        // From the notifications: when each run ended and when the next one started.
        Map<Integer, Instant> finished = new java.util.HashMap<>();
        Map<Integer, Instant> started = new java.util.HashMap<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!started.containsKey(2) && System.nanoTime() < deadline) {
            Pod p = events.poll(100, TimeUnit.MILLISECONDS);
            if (p == null) {
                continue;
            }
            assertNotEquals(PodPhase.SUCCEEDED, p.status().phase(), "a pod that restarts never succeeds");
            ContainerStatus c = p.status().containerStatuses().get(0);
            if (c.startedAt() != null) {
                started.putIfAbsent(c.restartCount(), c.startedAt());
            }
            if (c.state() == ContainerState.TERMINATED) {
                assertEquals(0, c.exitCode());
                finished.putIfAbsent(c.restartCount(), c.finishedAt());
            }
        }
        assertTrue(started.containsKey(2), "two restarts within 10 s: " + started + " " + finished);
        long first = java.time.Duration.between(finished.get(0), started.get(1)).toMillis();
        long second =
                java.time.Duration.between(finished.get(1), started.get(2)).toMillis();
        assertTrue(first >= 900 && first < 1900, "the first backoff is 1 s, was " + first + " ms");
        assertTrue(second >= 1900 && second < 2900, "the second backoff is 2 s, was " + second + " ms");
        assertEquals(PodPhase.RUNNING, pods.getPodStatus(NS, "loop").phase());
    }

    @Test
    void aDeletedPodIsNotRestarted() {
        create("loop", RestartPolicy.ALWAYS, sh("c", "sleep 300"));
        awaitPhase("loop", PodPhase.RUNNING);
        List<ProcessHandle> before = tree("loop", "c");
        pods.deletePod(NS, "loop");
        assertEquals(List.of(), stillRunning(before));
        assertEquals(List.of(), pods.getPods(), "no restart brought it back");
    }

    // ------------------------------------------------------------------ environment

    @Test
    void containerEnvironmentReachesTheProcess() {
        create(
                "env",
                RestartPolicy.NEVER,
                sh(
                        "c",
                        "echo \"$GREETING|$EMPTY|$ORCHARD_POD|$ORCHARD_NAMESPACE|$ORCHARD_SANDBOX\"; sleep 300",
                        Map.of("GREETING", "hello world $HOME 'q'", "EMPTY", "")));
        awaitLogs("env", "c", "hello world $HOME 'q'||env|default|" + sandbox("env") + "\n");
    }

    // ------------------------------------------------------------------ volumes

    @Nested
    class Volumes {
        private PodSpec withVolume(String claim, Container... containers) {
            return new PodSpec(List.of(containers), List.of(new PodVolume("data", claim)), RestartPolicy.NEVER, 1, "");
        }

        private Container mounting(String name, String path, String script) {
            return new Container(
                    name,
                    "img",
                    List.of("sh", "-c", script),
                    List.of(),
                    Map.of(),
                    "",
                    List.of(new VolumeMount("data", path, false)),
                    null);
        }

        private VolumePhase phase(String claim) {
            return storage.readStorage(VolumeProfile.builder().name(claim).build())
                    .orElseThrow()
                    .phase();
        }

        @Test
        void aMountedVolumeIsWritableBoundWhileUsedAndKeptAfterTheDelete() throws Exception {
            storage.addStorage(
                    VolumeProfile.builder().name("data").capacity("1Mi").build());
            Path volume = storage.directory(new NamespacedName(NS, "data")).orElseThrow();
            assertEquals(VolumePhase.AVAILABLE, phase("data"));
            pods.createPod(Pod.of(
                    NS,
                    "db",
                    withVolume("data", mounting("c", "/mnt/data", "echo hi > \"$ORCHARD_VOLUME_DATA/f\"; sleep 300"))));
            // The shell creates the file before it writes to it: wait for the line, not for the file.
            assertEquals(
                    "hi\n",
                    await("the line in the volume's file", WAIT, () -> contentOf(volume.resolve("f")), "hi\n"::equals));
            Path link = sandbox("db").resolve("mnt/data");
            assertTrue(Files.isSymbolicLink(link), "the mount is a symlink in the sandbox");
            assertEquals(volume, Files.readSymbolicLink(link));
            assertEquals(VolumePhase.BOUND, phase("data"));
            assertThrows(
                    UnavailableException.class,
                    () -> storage.deleteStorage(
                            VolumeProfile.builder().name("data").build()),
                    "a bound volume cannot be deleted");

            pods.deletePod(NS, "db");

            assertEquals(VolumePhase.RELEASED, phase("data"));
            assertEquals(
                    "hi\n",
                    Files.readString(volume.resolve("f")),
                    "removing the sandbox did not follow the mount into the volume");
            assertFalse(Files.exists(sandbox("db"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
        }

        @Test
        void aVolumeStaysBoundUntilItsLastPodIsGone() {
            storage.addStorage(
                    VolumeProfile.builder().name("shared").capacity("1Mi").build());
            pods.createPod(Pod.of(NS, "a", withVolume("shared", mounting("c", "/data", "sleep 300"))));
            pods.createPod(Pod.of(NS, "b", withVolume("shared", mounting("c", "/data", "sleep 300"))));
            pods.deletePod(NS, "a");
            assertEquals(VolumePhase.BOUND, phase("shared"), "pod b still uses it");
            pods.deletePod(NS, "b");
            assertEquals(VolumePhase.RELEASED, phase("shared"));
        }

        @Test
        void twoContainersOfAPodCanMountOneVolumeAtTheSamePath() throws Exception {
            storage.addStorage(
                    VolumeProfile.builder().name("data").capacity("1Mi").build());
            pods.createPod(Pod.of(
                    NS,
                    "sidecar",
                    withVolume(
                            "data",
                            mounting("writer", "/shared", "echo w > \"$ORCHARD_VOLUME_DATA/w\"; sleep 300"),
                            mounting("reader", "/shared", "sleep 300"))));
            awaitPhase("sidecar", PodPhase.RUNNING);
            Path volume = storage.directory(new NamespacedName(NS, "data")).orElseThrow();
            await("the writer's line", WAIT, () -> contentOf(volume.resolve("w")), "w\n"::equals);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int code = pods.runInContainer(
                    NS,
                    "sidecar",
                    "reader",
                    List.of("sh", "-c", "cat \"$ORCHARD_VOLUME_DATA/w\""),
                    new ExecIO(null, out, null, false));
            assertEquals(0, code);
            assertEquals("w\n", out.toString(StandardCharsets.UTF_8), "the reader sees the writer's file");
        }

        @Test
        void twoVolumesAtOnePathAreRefused() {
            storage.addStorage(
                    VolumeProfile.builder().name("one").capacity("1Mi").build());
            storage.addStorage(
                    VolumeProfile.builder().name("two").capacity("1Mi").build());
            Container a = new Container(
                    "a",
                    "img",
                    List.of("sleep", "300"),
                    List.of(),
                    Map.of(),
                    "",
                    List.of(new VolumeMount("one", "/x", false)),
                    null);
            Container b = new Container(
                    "b",
                    "img",
                    List.of("sleep", "300"),
                    List.of(),
                    Map.of(),
                    "",
                    List.of(new VolumeMount("two", "/x", false)),
                    null);
            PodSpec spec = new PodSpec(
                    List.of(a, b),
                    List.of(new PodVolume("one", "one"), new PodVolume("two", "two")),
                    RestartPolicy.NEVER,
                    1,
                    "");
            InvalidInputException e =
                    assertThrows(InvalidInputException.class, () -> pods.createPod(Pod.of(NS, "clash", spec)));
            assertTrue(e.getMessage().contains("/x"), e.getMessage());
            assertEquals(List.of(), pods.getPods());
            assertEquals(VolumePhase.AVAILABLE, phase("one"));
        }

        @Test
        void mountingAnUnknownVolumeIsRefusedAndCreatesNothing() {
            InvalidInputException e = assertThrows(
                    InvalidInputException.class,
                    () -> pods.createPod(
                            Pod.of(NS, "db", withVolume("missing", mounting("c", "/mnt/x", "sleep 300")))));
            assertTrue(e.getMessage().contains("missing"), e.getMessage());
            assertEquals(List.of(), pods.getPods());
            assertFalse(Files.exists(sandbox("db")));
        }

        @Test
        void aVolumeOfAnotherNamespaceIsNotVisible() {
            storage.addStorage(VolumeProfile.builder()
                    .name("data")
                    .namespace("other")
                    .capacity("1Mi")
                    .build());
            assertThrows(
                    InvalidInputException.class,
                    () -> pods.createPod(Pod.of(NS, "db", withVolume("data", mounting("c", "/mnt/x", "sleep 300")))));
            assertEquals(
                    VolumePhase.AVAILABLE,
                    storage.readStorage(VolumeProfile.builder()
                                    .name("data")
                                    .namespace("other")
                                    .build())
                            .orElseThrow()
                            .phase());
        }
    }

    // ------------------------------------------------------------------ exec

    @Nested
    class Exec {
        private String out;
        private String err;

        private int exec(String pod, String container, List<String> command, String stdin, boolean separateErr) {
            ByteArrayOutputStream o = new ByteArrayOutputStream();
            ByteArrayOutputStream e = new ByteArrayOutputStream();
            int code = pods.runInContainer(
                    NS,
                    pod,
                    container,
                    command,
                    new ExecIO(
                            stdin == null ? null : new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                            o,
                            separateErr ? e : null,
                            false));
            out = o.toString(StandardCharsets.UTF_8);
            err = e.toString(StandardCharsets.UTF_8);
            return code;
        }

        @Test
        void execRunsInTheContainersFolderWithItsEnvironment() {
            create("web", RestartPolicy.NEVER, sh("c", "sleep 300", Map.of("COLOR", "green")));
            awaitPhase("web", PodPhase.RUNNING);
            assertEquals(0, exec("web", "c", List.of("sh", "-c", "echo $ORCHARD_POD; pwd; echo $COLOR"), null, false));
            assertEquals("web\n" + sandbox("web") + "\ngreen\n", out);
        }

        @Test
        void execUsesTheContainersWorkingDir() {
            Container c = new Container(
                    "c",
                    "img",
                    List.of("sh", "-c", "pwd; sleep 300"),
                    List.of(),
                    Map.of(),
                    "/srv/app",
                    List.of(),
                    null);
            pods.createPod(Pod.of(NS, "wd", spec(RestartPolicy.NEVER, c)));
            Path expected = sandbox("wd").resolve("srv/app");
            awaitLogs("wd", "c", expected + "\n");
            assertEquals(0, exec("wd", "c", List.of("pwd"), null, false));
            assertEquals(expected + "\n", out);
        }

        @ParameterizedTest
        @CsvSource({"exit 0, 0", "exit 7, 7", "exit 255, 255", "false, 1"})
        void execReturnsTheExitCode(String script, int expected) {
            createRunning("web", "sleep 300");
            assertEquals(expected, exec("web", "c", List.of("sh", "-c", script), null, false));
        }

        @Test
        void stdinIsWiredAndClosedAtItsEnd() {
            createRunning("web", "sleep 300");
            assertEquals(0, exec("web", "c", List.of("cat"), "hello\n", false));
            assertEquals("hello\n", out);
            assertEquals(0, exec("web", "c", List.of("wc", "-l"), "a\nb\nc\n", false));
            assertEquals("3", out.trim());
        }

        @Test
        void withoutStdinTheCommandReadsEndOfFile() {
            createRunning("web", "sleep 300");
            assertEquals(0, exec("web", "c", List.of("cat"), null, false), "cat ends at once");
            assertEquals("", out);
        }

        @Test
        void stderrGoesToItsOwnStreamWhenGivenAndIsMergedOtherwise() {
            createRunning("web", "sleep 300");
            assertEquals(0, exec("web", "c", List.of("sh", "-c", "echo out; echo err >&2"), null, true));
            assertEquals("out\n", out);
            assertEquals("err\n", err);
            assertEquals(0, exec("web", "c", List.of("sh", "-c", "echo out; sleep 0.1; echo err >&2"), null, false));
            assertEquals("out\nerr\n", out);
        }

        @Test
        void aMissingBinaryIs127() {
            createRunning("web", "sleep 300");
            assertEquals(127, exec("web", "c", List.of("/no/such/binary"), null, true));
            assertEquals("", out);
            assertTrue(err.contains("/no/such/binary"), err);
            assertEquals(127, exec("web", "c", List.of("sh", "-c", "no-such-command-here"), null, true));
        }

        @Test
        void execLargeOutputIsCopiedWhole() {
            createRunning("web", "sleep 300");
            assertEquals(
                    0, exec("web", "c", List.of("sh", "-c", "head -c 300000 /dev/zero | tr '\\0' x"), null, false));
            assertEquals(300_000, out.length());
        }

        @Test
        void badExecsAreTypedErrors() {
            createRunning("web", "sleep 300");
            ExecIO io = new ExecIO(null, new ByteArrayOutputStream(), null, false);
            assertThrows(InvalidInputException.class, () -> pods.runInContainer(NS, "web", "c", List.of(), io));
            assertThrows(InvalidInputException.class, () -> pods.runInContainer(NS, "web", "c", null, io));
            NotFoundException e = assertThrows(
                    NotFoundException.class, () -> pods.runInContainer(NS, "web", "sidecar", List.of("true"), io));
            assertTrue(e.getMessage().contains("sidecar"), e.getMessage());
        }
    }

    // ------------------------------------------------------------------ stats and node

    private static PodStats podStats(StatsSummary s, String name) {
        return s.pods().stream()
                .filter(p -> p.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("pod " + name + " is not in the summary " + s));
    }

    @Test
    void aRunningPodIsInTheStatsSummary() {
        createRunning("web", "sleep 300");
        // Running means started and in the pod's cgroup; a cgroup v1 memory controller charges the group only the
        // pages faulted after that join, so a read in the first milliseconds may find none yet. Wait for them.
        StatsSummary s = await(
                "the pod's working set to show in the summary",
                WAIT,
                pods::getStatsSummary,
                summary -> podStats(summary, "web").memoryWorkingSetBytes() > 0);
        assertEquals("local", s.nodeName());
        PodStats p = podStats(s, "web");
        assertEquals(NS, p.namespace());
        assertEquals(pods.getPod(NS, "web").metadata().uid(), p.uid());
        assertTrue(p.memoryWorkingSetBytes() > 0, "resident memory of the tree: " + p);
        assertEquals(1, p.containers().size());
        assertEquals("c", p.containers().get(0).name());
        assertEquals(container("web", "c").startedAt(), p.containers().get(0).startTime());
        assertTrue(s.memoryWorkingSetBytes() >= p.memoryWorkingSetBytes());
    }

    @Test
    void aBusyContainersCpuGrowsAndShowsAsNanoCores() throws Exception {
        createRunning("busy", "while :; do :; done");
        StatsSummary first = pods.getStatsSummary();
        Thread.sleep(500); // the sampling interval
        StatsSummary second = pods.getStatsSummary();
        long cpu1 = podStats(first, "busy").containers().get(0).cpuUsageCoreNanoSeconds();
        long cpu2 = podStats(second, "busy").containers().get(0).cpuUsageCoreNanoSeconds();
        assertTrue(cpu2 > cpu1, "cumulative CPU grows: " + cpu1 + " -> " + cpu2);
        long nanoCores = podStats(second, "busy").containers().get(0).cpuUsageNanoCores();
        assertTrue(nanoCores > 100_000_000L, "a busy loop uses a good part of a core: " + nanoCores);
        assertTrue(nanoCores < 1_500_000_000L, "but a single-threaded loop not much more than one: " + nanoCores);
        assertEquals(nanoCores, podStats(second, "busy").cpuUsageNanoCores());
        assertTrue(second.cpuUsageNanoCores() >= nanoCores);
    }

    @Test
    void exitedContainersAndDeletedPodsLeaveTheSummary() {
        create("job", RestartPolicy.NEVER, sh("done", "true"), sh("runs", "sleep 300"));
        awaitContainer("job", "done", "the first container to exit", s -> s.state() == ContainerState.TERMINATED);
        List<String> names = podStats(pods.getStatsSummary(), "job").containers().stream()
                .map(c -> c.name())
                .toList();
        assertEquals(List.of("runs"), names);
        pods.deletePod(NS, "job");
        assertTrue(pods.getStatsSummary().pods().isEmpty());
    }

    @Test
    void configureNodeDescribesThisHost() {
        Node node = pods.configureNode(new Node("local", Map.of("zone", "here"), null, null, null, null, null, null));
        assertEquals("local", node.name());
        assertEquals(
                Runtime.getRuntime().availableProcessors() * 1000L,
                node.capacity().cpuMillis());
        assertTrue(node.capacity().memoryBytes() > 0);
        assertEquals(110, node.capacity().pods());
        assertEquals(node.capacity(), node.allocatable());
        assertEquals("here", node.labels().get("zone"), "the caller's labels are kept");
        assertEquals("linux", node.labels().get("kubernetes.io/os"));
        Predicate<NodeCondition> ready = c -> c.type().equals("Ready") && c.status();
        assertTrue(node.conditions().stream().anyMatch(ready), node.conditions().toString());
        assertFalse(node.addresses().isEmpty());
        assertTrue(node.addresses().stream().anyMatch(a -> a.type().equals("InternalIP")));
        assertEquals("linux", node.operatingSystem());
        assertFalse(node.architecture().isEmpty());
    }

    // ------------------------------------------------------------------ notifications and updates

    @Test
    void notificationsArriveAsynchronouslyForCreateAndDelete() throws Exception {
        BlockingQueue<Pod> events = new LinkedBlockingQueue<>();
        List<Thread> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
        pods.notifyPods(p -> {
            threads.add(Thread.currentThread());
            events.add(p);
        });
        create("web", RestartPolicy.ALWAYS, sh("c", "sleep 300"));
        Pod running = pollFor(events, "web", p -> p.status().phase() == PodPhase.RUNNING);
        assertFalse(running.metadata().uid().isEmpty());
        pods.deletePod(NS, "web");
        Pod gone = pollFor(
                events,
                "web",
                p -> p.status().phase() == PodPhase.FAILED || p.status().phase() == PodPhase.SUCCEEDED);
        assertEquals("Deleted", gone.status().reason());
        assertEquals(
                ContainerState.TERMINATED,
                gone.status().containerStatuses().get(0).state());
        assertEquals(running.metadata().uid(), gone.metadata().uid());
        assertFalse(threads.contains(Thread.currentThread()), "the callback never runs on the caller's thread");
    }

    @Test
    void aSlowCallbackDoesNotBlockTheProvider() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        pods.notifyPods(p -> {
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        long start = System.nanoTime();
        create("a", RestartPolicy.NEVER, sh("c", "sleep 300"));
        create("b", RestartPolicy.NEVER, sh("c", "sleep 300"));
        pods.getPods();
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "creates did not wait for the callback");
        release.countDown();
    }

    private static Pod pollFor(BlockingQueue<Pod> events, String name, Predicate<Pod> match) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        List<String> seen = new ArrayList<>();
        while (System.nanoTime() < deadline) {
            Pod p = events.poll(100, TimeUnit.MILLISECONDS);
            if (p != null) {
                seen.add(p.name() + ":" + p.status().phase());
                if (p.name().equals(name) && match.test(p)) {
                    return p;
                }
            }
        }
        throw new AssertionError("no matching notification for " + name + "; saw " + seen);
    }

    @Test
    void updateChangesLabelsButKeepsIdentityAndProcesses() throws Exception {
        Pod pod = create("web", RestartPolicy.ALWAYS, sh("c", "sleep 300"));
        awaitPhase("web", PodPhase.RUNNING);
        Pod before = pods.getPod(NS, "web");
        long pid = pods.pid(NS, "web", "c").orElseThrow();
        BlockingQueue<Pod> events = new LinkedBlockingQueue<>();
        pods.notifyPods(events::add);

        pods.updatePod(new Pod(
                new ObjectMeta("web", NS, "", Map.of("tier", "front"), Map.of("note", "x"), null), pod.spec(), null));

        Pod after = pods.getPod(NS, "web");
        assertEquals(Map.of("tier", "front"), after.metadata().labels());
        assertEquals(Map.of("note", "x"), after.metadata().annotations());
        assertEquals(before.metadata().uid(), after.metadata().uid());
        assertEquals(before.metadata().creationTime(), after.metadata().creationTime());
        assertEquals(pid, pods.pid(NS, "web", "c").orElseThrow(), "the process was not restarted");
        assertEquals(
                Map.of("tier", "front"),
                pollFor(events, "web", p -> !p.metadata().labels().isEmpty())
                        .metadata()
                        .labels(),
                "the change is notified");
    }

    @Test
    void updateRefusesASpecChange() {
        Pod pod = create("web", RestartPolicy.ALWAYS, sh("c", "sleep 300"));
        awaitPhase("web", PodPhase.RUNNING);
        Pod changed = new Pod(pod.metadata(), spec(RestartPolicy.ALWAYS, sh("c", "sleep 301")), null);
        assertThrows(InvalidInputException.class, () -> pods.updatePod(changed));
        Pod otherPolicy = new Pod(pod.metadata(), spec(RestartPolicy.NEVER, sh("c", "sleep 300")), null);
        assertThrows(InvalidInputException.class, () -> pods.updatePod(otherPolicy));
        assertEquals(pod.spec(), pods.getPod(NS, "web").spec(), "the spec is unchanged");
    }
}
