package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.provider.local.internal.files.MountTable;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Issue 32, a pod's own mount namespace: where the host lets the runtime's user {@code unshare --mount}, what a
 * pod mounts in its sandbox is invisible to the host, seen by the pod and by an exec into it, and gone with the pod,
 * with the content of what it bound intact.
 */
class LocalPodsMountNamespaceTest extends LocalPodsTestBase {
    @AfterEach
    void unmountWhatIsLeft() throws Exception {
        // Even when a test failed: nothing of it stays mounted, and the temp folder's removal crosses no mount.
        Path root = tmp.toRealPath();
        for (int round = 0; round < 4; round++) {
            for (Path m : MountTable.read(MountTable.SELF).atOrUnder(root)) {
                LocalPodsMountsTest.run("umount", "-l", m.toString());
            }
        }
    }

    @Test
    void aPodsMountsAreItsOwnSeenByItsExecAndEndWithIt() throws Exception {
        String refused = LocalPodsMountsTest.run("unshare", "--mount", "--propagation", "slave", "true");
        Assumptions.assumeTrue(refused == null, "this host refuses a mount namespace: " + refused);
        Path keep = Files.createDirectories(tmp.resolve("host/keep")).toRealPath();
        Files.writeString(keep.resolve("precious.txt"), "keep me");
        String script = "mkdir x t && mount --bind \"$KEEP\" x && mount -t tmpfs orchard-ns-test t"
                + " && echo pod > x/written-by-pod.txt && echo inside > t/in-tmpfs.txt"
                + " && grep -c orchard-ns-test /proc/self/mountinfo > seen && touch mounted && exec sleep 60";
        Container c = new Container(
                "c",
                "busybox:1.36",
                List.of("sh", "-c", script),
                List.of(),
                Map.of("KEEP", keep.toString()),
                "",
                List.of(),
                null);
        pods.createPod(Pod.of(NS, "m", new PodSpec(List.of(c), List.of(), RestartPolicy.NEVER, 1, "")));
        awaitPhase("m", PodPhase.RUNNING);
        await("the pod's mounts", WAIT, () -> Files.exists(sandbox("m").resolve("mounted")), Boolean::booleanValue);

        assertEquals(List.of(), MountTable.read(MountTable.SELF).atOrUnder(tmp.toRealPath()), "the host sees none");
        assertEquals("1\n", Files.readString(sandbox("m").resolve("seen")), "the pod sees its tmpfs");
        assertEquals("pod\n", Files.readString(keep.resolve("written-by-pod.txt")), "it wrote through its bind");
        assertEquals("inside\nkeep me1\n", execShowingMounts(), "an exec sees the pod's mounts");

        LocalPods first = pods;
        first.detach();
        pods = new LocalPods(LocalPods.root(tmp.resolve("pods")), storage, Clock.systemUTC(), "local", 110);
        assertEquals("inside\nkeep me1\n", execShowingMounts(), "so does an exec through the instance that adopted it");

        pods.deletePod(NS, "m");
        first.close(); // only now: closed before the exec, it ended the pod (exit 143)

        assertEquals("keep me", Files.readString(keep.resolve("precious.txt")));
        assertEquals("pod\n", Files.readString(keep.resolve("written-by-pod.txt")));
        assertFalse(Files.exists(sandbox("m"), LinkOption.NOFOLLOW_LINKS), "the sandbox is removed");
        assertEquals(List.of(), MountTable.read(MountTable.SELF).atOrUnder(tmp.toRealPath()), "nothing is mounted");
    }

    @Test
    void aRestartedContainerStartsWithoutTheMountsOfItsPreviousRun() throws Exception {
        String refused = LocalPodsMountsTest.run("unshare", "--mount", "--propagation", "slave", "true");
        Assumptions.assumeTrue(refused == null, "this host refuses a mount namespace: " + refused);
        // Each run writes how many of its tmpfs it sees; the first mounts one and fails, the second runs on.
        String script = "grep -c orchard-ns-test /proc/self/mountinfo >> runs; [ -e once ] && exec sleep 60;"
                + " touch once && mkdir t && mount -t tmpfs orchard-ns-test t && exit 1";
        pods.createPod(Pod.of(NS, "r", spec(RestartPolicy.ON_FAILURE, sh("c", script))));

        String runs = await(
                "the second run",
                WAIT,
                () -> contentOf(sandbox("r").resolve("runs")),
                s -> s != null && s.lines().count() == 2);

        assertEquals("0\n0\n", runs, "the second run does not see the first run's tmpfs");
        assertEquals(List.of(), MountTable.read(MountTable.SELF).atOrUnder(tmp.toRealPath()), "nor does the host");
        pods.deletePod(NS, "r");
    }

    private String execShowingMounts() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = pods.runInContainer(
                NS,
                "m",
                "c",
                List.of("sh", "-c", "cat t/in-tmpfs.txt x/precious.txt; grep -c orchard-ns-test /proc/self/mountinfo"),
                new ExecIO(null, out, null, false));
        assertEquals(0, code, out.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }
}
