package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.pod.VolumeMount;
import dev.orchard.provider.local.internal.processes.CgroupHost;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A pod as an attacker or a careless user makes it, with real links, real files and real processes: the provider
 * writes and deletes only what it made and only inside its root, trusts nothing the pod can write, leaves nothing
 * of a refused pod, and nothing of a deleted pod outlives it, on both of its boundaries (a cgroup, and the token
 * where the host gives it none).
 */
class LocalPodsSafetyTest extends LocalPodsTestBase {

    // The steps: a namespace folder under the pods root that links to someone's folder holding web/.
    @Test
    void aLinkedNamespaceFolderIsRefusedAndWhatItPointsToIsNeverWrittenNorDeleted() throws Exception {
        Path other = Files.createDirectories(tmp.resolve("x/o/web"));
        Files.writeString(other.resolve("precious.txt"), "p");
        Files.createSymbolicLink(podRoot.resolve(NS), other.getParent());

        assertThrows(OrchardException.class, () -> create("web", RestartPolicy.NEVER, sh("c", "true")));
        assertEquals("p", Files.readString(other.resolve("precious.txt")));
        try (var inside = Files.list(other)) {
            assertEquals(List.of(other.resolve("precious.txt")), inside.toList(), "nothing was written there");
        }
        assertThrows(NotFoundException.class, () -> pods.deletePod(NS, "web"));
        assertEquals("p", Files.readString(other.resolve("precious.txt")), "a delete did not follow the link");
    }

    @Test
    void aLinkedPodFolderIsRefusedAndWhatItPointsToIsNeverWrittenNorDeleted() throws Exception {
        Path other = Files.createDirectories(tmp.resolve("x/o/web"));
        Files.writeString(other.resolve("precious.txt"), "p");
        Files.createDirectories(podRoot.resolve(NS));
        Files.createSymbolicLink(podRoot.resolve(NS).resolve("web"), other);

        assertThrows(OrchardException.class, () -> create("web", RestartPolicy.NEVER, sh("c", "true")));
        assertThrows(NotFoundException.class, () -> pods.deletePod(NS, "web"));
        try (var inside = Files.list(other)) {
            assertEquals(List.of(other.resolve("precious.txt")), inside.toList(), "nothing written nor deleted");
        }
    }

    // The steps with root pointed at /tmp/fh holding alice/docs/cv.txt: refused, and nothing touched.
    @Test
    void aPodRootHoldingForeignContentIsRefusedAndNothingInItIsTouched() throws Exception {
        Path fh = Files.createDirectories(tmp.resolve("fh/alice/docs"))
                .getParent()
                .getParent();
        Files.writeString(fh.resolve("alice/docs/cv.txt"), "mine");
        java.io.IOException e = assertThrows(java.io.IOException.class, () -> LocalPods.root(fh));
        assertTrue(e.getMessage().contains("alice"), "the error names what is foreign: " + e.getMessage());
        assertEquals("mine", Files.readString(fh.resolve("alice/docs/cv.txt")));
        try (var entries = Files.list(fh)) {
            assertEquals(List.of(fh.resolve("alice")), entries.toList(), "not even a mark was written");
        }
    }

    // orchard:pod-run local e7 -v data:/ true, and a mount of a volume that does not exist.
    @Test
    void aRefusedCreateLeavesNoSandboxBehind() throws Exception {
        storage.addStorage(VolumeProfile.builder().name("data").capacity("1Mi").build());
        for (String mountPath : List.of("/", "/data")) {
            String volume = mountPath.equals("/") ? "data" : "missing";
            Container c = new Container(
                    "c",
                    "busybox",
                    List.of("true"),
                    List.of(),
                    Map.of(),
                    "",
                    List.of(new VolumeMount(volume, mountPath, false)),
                    null);
            PodSpec spec = new PodSpec(List.of(c), List.of(new PodVolume(volume, volume)), RestartPolicy.NEVER, 1, "");
            assertThrows(InvalidInputException.class, () -> pods.createPod(Pod.of(NS, "e7", spec)));
            assertFalse(Files.exists(sandbox("e7")), "mount " + mountPath + ": the refused pod left its sandbox");
            assertFalse(
                    Files.exists(podRoot.resolve(".orchard/pods").resolve(NS).resolve("e7")), "nor its state");
        }
    }

    // The pod rewrites its journal's pid (with a start time that would skip the check) to an unrelated process.
    @Test
    void aJournalNamingAnotherProcessNeitherAdoptsNorSignalsIt() throws Exception {
        Process unrelated = new ProcessBuilder("sleep", "300").start();
        try {
            createRunning("web", "sleep 300");
            assertFalse(Files.exists(sandbox("web").resolve(".orchard")), "the provider keeps no state in the sandbox");
            Path journal = podRoot.resolve(".orchard/pods").resolve(NS).resolve("web/pod.json");
            assertTrue(Files.exists(journal), journal + " is where the journal is");
            pods.detach();
            String json = Files.readString(journal)
                    .replaceAll("\"pid\"\\s*:\\s*\\d+", "\"pid\":" + unrelated.pid())
                    .replaceAll("\"startTicks\"\\s*:\\s*-?\\d+", "\"startTicks\":-1");
            Files.writeString(journal, json);

            pods = new LocalPods(LocalPods.root(tmp.resolve("pods")), storage, Clock.systemUTC(), "local", 110);
            assertEquals(
                    ContainerState.TERMINATED,
                    pods.getPodStatus(NS, "web").containerStatuses().get(0).state(),
                    "the unrelated process is not taken for the container, which is not running");
            pods.deletePod(NS, "web");
            assertFalse(unrelated.waitFor(300, TimeUnit.MILLISECONDS), "the unrelated process was not signalled");
        } finally {
            unrelated.destroyForcibly();
        }
    }

    // A background child of an exec, and a double-forked child in a session of its own, on either boundary.
    @ParameterizedTest(name = "cgroups: {0}")
    @ValueSource(booleans = {true, false})
    void nothingAnExecStartedOutlivesThePod(boolean cgroups) throws Exception {
        CgroupHost host =
                cgroups ? CgroupHost.discover("safety-" + Long.toHexString(System.nanoTime())) : CgroupHost.NONE;
        assumeTrue(host.available() || !cgroups, "this host lets the provider make no cgroup: " + host);
        reopen(ContainerLogs.CAP_BYTES, host);
        createRunning("web", "sleep 300");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = pods.runInContainer(
                NS,
                "web",
                "c",
                List.of(
                        "sh",
                        "-c",
                        "sleep 301 & echo $!; setsid sh -c 'sleep 302 & echo $!' < /dev/null; "
                                + "(env -u ORCHARD_SANDBOX setsid sleep 303 & echo $!)"),
                new ExecIO(null, out, null, false));
        assertEquals(0, code, out.toString(StandardCharsets.UTF_8));
        List<Long> started = out.toString(StandardCharsets.UTF_8)
                .lines()
                .map(Long::parseLong)
                .toList();
        assertEquals(3, started.size(), out.toString(StandardCharsets.UTF_8));
        for (long pid : started) {
            assertTrue(running(pid), pid + " runs");
        }
        pods.deletePod(NS, "web");
        for (long pid : started) {
            assertFalse(running(pid), pid + " outlived its pod");
        }
    }

    // -e PATH=/opt/app/bin made the pod fail with an empty log; -e BASH_ENV=... made the wrapper source that file.
    @Test
    void aPodsEnvironmentNeverReachesTheProvidersWrapper() throws Exception {
        Path sourced = tmp.resolve("sourced");
        Path rc = Files.writeString(tmp.resolve("rc.sh"), "touch " + sourced + "\n");
        create("env", RestartPolicy.NEVER, sh("c", "echo ok", Map.of("BASH_ENV", rc.toString())));
        awaitPhase("env", PodPhase.SUCCEEDED);
        assertEquals("ok\n", logs("env"));
        assertFalse(Files.exists(sourced), "the wrapper sourced the pod's BASH_ENV");

        create("path", RestartPolicy.NEVER, sh("c", "echo unreachable", Map.of("PATH", "/opt/app/bin")));
        awaitPhase("path", PodPhase.FAILED);
        ContainerStatus s = pods.getPodStatus(NS, "path").containerStatuses().get(0);
        assertEquals(127, s.exitCode());
        assertTrue(logs("path").contains("sh"), "the log says what could not run: " + logs("path"));
    }

    private static boolean running(long pid) {
        return ProcessHandle.of(pid).map(LocalPodsTestBase::running).orElse(false);
    }

    private String logs(String pod) throws Exception {
        try (InputStream in = pods.getContainerLogs(NS, pod, "c", LogOptions.DEFAULT)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
