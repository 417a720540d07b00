package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.pod.VolumeMount;
import dev.orchard.provider.local.internal.files.MountGuard;
import dev.orchard.provider.local.internal.files.MountTable;
import dev.orchard.provider.local.internal.processes.CgroupHost;
import dev.orchard.provider.local.internal.volumes.LocalStorage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 32, deletion crosses mounts: a pod mounts something into its sandbox or into a volume, with real mounts,
 * and its delete (or the volume's) never removes what is in the mount: it detaches the mount and removes the rest,
 * or refuses with a typed error naming the mount, and a delete again after the mount is gone succeeds.
 */
class LocalPodsMountsTest extends LocalPodsTestBase {
    /** What the pod mounts, and where: each below the place it is given. */
    enum Kind {
        BIND("x", "mount --bind \"$KEEP\" x"),
        TMPFS("x", "mount -t tmpfs orchard-test x && echo inside > x/in-tmpfs.txt"),
        THREE_DEEP("a/b/c", "mount --bind \"$KEEP\" a/b/c");

        final String at;
        final String mount;

        Kind(String at, String mount) {
            this.at = at;
            this.mount = mount;
        }
    }

    private Path keep;

    @BeforeEach
    void hostFolderToKeep() throws Exception {
        // The second line, as on a host that refuses a mount namespace: the pod's mounts are the host's.
        reopen(ContainerLogs.CAP_BYTES, hostCgroups());
        keep = Files.createDirectories(tmp.resolve("host/keep")).toRealPath();
        Files.writeString(keep.resolve("precious.txt"), "keep me");
        Files.createDirectories(keep.resolve("sub"));
        Files.writeString(keep.resolve("sub/also.txt"), "and me");
        Path probe = Files.createDirectories(tmp.resolve("probe"));
        String refused = run("mount", "-t", "tmpfs", "orchard-probe", probe.toString());
        Assumptions.assumeTrue(refused == null, "this host does not let the tests mount: " + refused);
        assertEquals(null, run("umount", probe.toString()));
    }

    @AfterEach
    void unmountWhatIsLeft() throws Exception {
        // Even when a test failed: nothing of it stays mounted, and the temp folder's removal crosses no mount.
        Path root = tmp.toRealPath();
        for (int round = 0; round < 4; round++) {
            for (Path m : MountTable.read(MountTable.SELF).atOrUnder(root)) {
                run("umount", "-l", m.toString());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aPodDeleteDetachesWhatThePodMountedInItsSandboxAndKeepsItsContent(Kind kind) throws Exception {
        mountingPod(kind, "", List.of(), List.of());
        Path mount = sandbox("m").resolve(kind.at);
        assertTrue(mounted(mount));

        pods.deletePod(NS, "m");

        assertKept();
        assertFalse(Files.exists(sandbox("m"), LinkOption.NOFOLLOW_LINKS), "the sandbox is removed");
        assertEquals(List.of(), mountsUnder(tmp.toRealPath()), "the mount is detached");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aPodDeleteThatCannotDetachRefusesNamingTheMountAndSucceedsOnceItIsGone(Kind kind) throws Exception {
        refusingProvider();
        mountingPod(kind, "", List.of(), List.of());
        Path mount = sandbox("m").resolve(kind.at);

        UnavailableException e = assertThrows(UnavailableException.class, () -> pods.deletePod(NS, "m"));

        assertTrue(e.getMessage().contains(mount.toString()), e.getMessage());
        assertKept();
        if (kind == Kind.TMPFS) {
            assertEquals("inside\n", Files.readString(mount.resolve("in-tmpfs.txt")));
        }
        assertTrue(Files.isDirectory(sandbox("m")), "the sandbox is kept");
        assertTrue(mounted(mount));
        assertTrue(
                pods.getPods().stream()
                        .anyMatch(p -> p.metadata().name().equals("m")
                                && p.status().message().contains(mount.toString())),
                "the pod is still listed, saying what is left");

        assertEquals(null, run("umount", mount.toString())); // what the operator does
        pods.deletePod(NS, "m");
        assertFalse(Files.exists(sandbox("m"), LinkOption.NOFOLLOW_LINKS), "the retry removes the sandbox");
        assertTrue(pods.getPods().isEmpty());
        assertKept();
    }

    @Test
    void aPodLeftByARefusedDeleteIsRetriedAtTheNextStartAndKeepsItsNameUntilItIsGone() throws Exception {
        refusingProvider();
        mountingPod(Kind.THREE_DEEP, "", List.of(), List.of());
        Path mount = sandbox("m").resolve(Kind.THREE_DEEP.at);
        assertThrows(UnavailableException.class, () -> pods.deletePod(NS, "m"));

        refusingProvider(); // a restart: the journal says the delete had begun, and the mount still refuses it
        assertKept();
        assertTrue(Files.isDirectory(sandbox("m")), "the sandbox is kept");
        assertThrows(
                AlreadyExistsException.class,
                () -> pods.createPod(Pod.of(NS, "m", spec(RestartPolicy.NEVER, sh("c", "true")))),
                "the name stays taken while something of the pod is left");

        assertEquals(null, run("umount", mount.toString())); // what the operator does
        pods.deletePod(NS, "m");
        assertFalse(Files.exists(sandbox("m"), LinkOption.NOFOLLOW_LINKS));
        assertKept();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aVolumeDeleteDetachesWhatAPodMountedInTheVolumeAndKeepsItsContent(Kind kind) throws Exception {
        Path volume = volume();
        mountingPod(
                kind, "data/", List.of(new PodVolume("data", "vol")), List.of(new VolumeMount("data", "/data", false)));
        Path mount = volume.resolve(kind.at);
        assertTrue(mounted(mount));
        pods.deletePod(NS, "m");
        assertTrue(mounted(mount), "the pod's delete leaves its volume, and what is mounted in it, alone");

        assertTrue(storage.deleteStorage(VolumeProfile.builder().name("vol").build()));

        assertKept();
        assertFalse(Files.exists(volume, LinkOption.NOFOLLOW_LINKS), "the volume's data is removed");
        assertEquals(List.of(), mountsUnder(tmp.toRealPath()), "the mount is detached");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aVolumeDeleteThatCannotDetachRefusesNamingTheMountAndSucceedsOnceItIsGone(Kind kind) throws Exception {
        refusingProvider();
        Path volume = volume();
        mountingPod(
                kind, "data/", List.of(new PodVolume("data", "vol")), List.of(new VolumeMount("data", "/data", false)));
        Path mount = volume.resolve(kind.at);
        pods.deletePod(NS, "m");
        VolumeProfile vol = VolumeProfile.builder().name("vol").build();

        UnavailableException e = assertThrows(UnavailableException.class, () -> storage.deleteStorage(vol));

        assertTrue(e.getMessage().contains(mount.toString()), e.getMessage());
        assertKept();
        assertTrue(storage.readStorage(vol).isPresent(), "the volume is still there");
        assertTrue(mounted(mount));

        assertEquals(null, run("umount", mount.toString())); // what the operator does
        assertTrue(storage.deleteStorage(vol));
        assertFalse(Files.exists(volume, LinkOption.NOFOLLOW_LINKS));
        assertKept();
    }

    // A provider on the same roots whose guard cannot detach anything: as with a mount the host will not let go.
    private void refusingProvider() throws IOException {
        pods.close();
        MountGuard refusing = new MountGuard(MountTable.SELF, m -> "the test's guard detaches nothing");
        storage = new LocalStorage(
                LocalStorage.root(tmp.resolve("volumes")).withGuard(refusing), 1L << 30, Clock.systemUTC());
        pods = new LocalPods(
                LocalPods.root(tmp.resolve("pods")).withGuard(refusing),
                storage,
                Clock.systemUTC(),
                "local",
                110,
                ContainerLogs.CAP_BYTES,
                ContainerSupervisor.Launcher.PROCESS_BUILDER,
                hostCgroups());
    }

    private static CgroupHost hostCgroups() {
        return CgroupHost.discover("mounts-" + Long.toHexString(System.nanoTime()));
    }

    private Path volume() {
        storage.addStorage(VolumeProfile.builder().name("vol").capacity("1Mi").build());
        return storage.directory(new NamespacedName(NS, "vol")).orElseThrow();
    }

    // A pod that makes the folders, mounts, says so in a file, and runs on.
    private void mountingPod(Kind kind, String under, List<PodVolume> volumes, List<VolumeMount> mounts) {
        String script = "cd ./" + under + " && mkdir -p " + kind.at + " && " + kind.mount
                + " && touch \"$ORCHARD_SANDBOX/mounted\" && exec sleep 60";
        Container c = new Container(
                "c",
                "busybox:1.36",
                List.of("sh", "-c", script),
                List.of(),
                Map.of("KEEP", keep.toString()),
                "",
                mounts,
                null);
        pods.createPod(Pod.of(NS, "m", new PodSpec(List.of(c), volumes, RestartPolicy.NEVER, 1, "")));
        awaitPhase("m", PodPhase.RUNNING);
        await("the pod's mount", WAIT, () -> Files.exists(sandbox("m").resolve("mounted")), Boolean::booleanValue);
    }

    private void assertKept() throws IOException {
        assertEquals("keep me", Files.readString(keep.resolve("precious.txt")));
        assertEquals("and me", Files.readString(keep.resolve("sub/also.txt")));
    }

    private static boolean mounted(Path p) throws IOException {
        return MountTable.read(MountTable.SELF).isMountPoint(p.toRealPath());
    }

    private static List<Path> mountsUnder(Path p) throws IOException {
        return MountTable.read(MountTable.SELF).atOrUnder(p);
    }

    // Runs a command; null if it succeeded, else its output.
    static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return p.waitFor() == 0 ? null : out.isBlank() ? "exit " + p.exitValue() : out.strip();
    }
}
