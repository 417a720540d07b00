package dev.orchard.provider.local.internal.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The removal's guard against mounts, with real mounts: the mount table, the detach, and the walk's own check. */
class MountGuardTest {
    @TempDir
    Path dir;

    private RootFolder root;
    private Path keep;

    @BeforeEach
    void rootAndAHostFolder() throws Exception {
        root = RootFolder.at(Files.createDirectories(dir.resolve("root")).toRealPath());
        keep = Files.createDirectories(dir.resolve("keep")).toRealPath();
        Files.writeString(keep.resolve("precious.txt"), "keep me");
        Path probe = Files.createDirectories(dir.resolve("probe"));
        String refused = run("mount", "-t", "tmpfs", "orchard-probe", probe.toString());
        Assumptions.assumeTrue(refused == null, "this host does not let the tests mount: " + refused);
        assertEquals(null, run("umount", probe.toString()));
    }

    @AfterEach
    void unmountWhatIsLeft() throws Exception {
        for (int round = 0; round < 4; round++) {
            for (Path m : MountTable.read(MountTable.SELF).atOrUnder(dir.toRealPath())) {
                run("umount", "-l", m.toString());
            }
        }
    }

    @Test
    void theMountTableDecodesTheKernelsEscapes() {
        MountTable t = MountTable.parse(List.of(
                "36 35 98:0 /mnt1 /mnt/with\\040space\\011tab\\134back rw,noatime master:1 - ext3 /dev/root rw",
                "37 35 0:5 / /sand/box/a rw - tmpfs none rw"));
        assertTrue(t.isMountPoint(Path.of("/mnt/with space\ttab\\back")));
        assertEquals(List.of(Path.of("/sand/box/a")), t.atOrUnder(Path.of("/sand/box")));
        assertEquals(List.of(), t.atOrUnder(Path.of("/sand/bo")), "a prefix of a name is no folder above it");
    }

    @Test
    void aBindMountOfTheSameFileSystemWithASpaceInItsNameIsDetachedNotEmptied() throws Exception {
        Path mount = Files.createDirectories(root.resolve("ns", "pod", "with space"));
        assertEquals(null, run("mount", "--bind", keep.toString(), mount.toString()));
        assertEquals(
                Files.getAttribute(keep, "unix:dev"),
                Files.getAttribute(root.path(), "unix:dev"),
                "the same device: only the mount table tells the mount point");

        assertTrue(root.remove("ns", "pod"));

        assertEquals("keep me", Files.readString(keep.resolve("precious.txt")));
        assertFalse(Files.exists(root.resolve("ns", "pod")));
        assertEquals(List.of(), MountTable.read(MountTable.SELF).atOrUnder(root.path()));
    }

    @Test
    void aBusyMountIsDetachedLazilyAndWhatHoldsItKeepsItsContent() throws Exception {
        Path mount = Files.createDirectories(root.resolve("ns", "pod", "busy"));
        assertEquals(null, run("mount", "--bind", keep.toString(), mount.toString()));
        try (var held = Files.newInputStream(mount.resolve("precious.txt"))) {
            assertTrue(run("umount", mount.toString()) != null, "an open file keeps a plain detach from working");

            assertTrue(root.remove("ns", "pod"));

            assertEquals("keep me", new String(held.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertEquals("keep me", Files.readString(keep.resolve("precious.txt")));
        assertEquals(List.of(), MountTable.read(MountTable.SELF).atOrUnder(root.path()));
    }

    @Test
    void aMountThatCannotBeDetachedRefusesTheRemovalBeforeAnythingIsRemoved() throws Exception {
        Path mount = Files.createDirectories(root.resolve("ns", "pod", "a", "b", "c"));
        Files.writeString(root.resolve("ns", "pod", "mine.txt"), "the pod's");
        assertEquals(null, run("mount", "--bind", keep.toString(), mount.toString()));
        RootFolder refusing = root.withGuard(new MountGuard(MountTable.SELF, m -> "not today"));

        MountRefusedException e = assertThrows(MountRefusedException.class, () -> refusing.remove("ns", "pod"));

        assertEquals(mount, e.mount());
        assertTrue(e.getMessage().contains("not today"), e.getMessage());
        assertEquals("keep me", Files.readString(keep.resolve("precious.txt")));
        assertEquals("the pod's", Files.readString(root.resolve("ns", "pod", "mine.txt")), "nothing is removed");
    }

    @Test
    void theWalkItselfNeverGoesIntoAMountPointMetOnTheWay() throws Exception {
        // As a mount made after the detach: the walk is given the tree with the mount still in it.
        Path mount = Files.createDirectories(root.resolve("ns", "pod", "x"));
        assertEquals(null, run("mount", "--bind", keep.toString(), mount.toString()));
        try (DirectoryStream<Path> ns = Files.newDirectoryStream(root.resolve("ns"))) {
            MountRefusedException e = assertThrows(
                    MountRefusedException.class,
                    () -> TreeRemoval.remove(
                            (SecureDirectoryStream<Path>) ns,
                            root.resolve("ns"),
                            Path.of("pod"),
                            MountGuard.HOST,
                            ".trash-test-deep"));
            assertEquals(mount, e.mount());
        }
        assertEquals("keep me", Files.readString(keep.resolve("precious.txt")));
    }

    @Test
    void aWalkReadsTheMountTableAFewTimesASecondNotOncePerFolder() throws Exception {
        // Folders times mounts was the cost: a pod's many folders on a host of many mounts made a removal hang.
        Path ns = Files.createDirectories(root.path().resolve("ns"));
        for (int i = 0; i < 400; i++) {
            Files.createDirectories(ns.resolve("pod/f" + i + "/g"));
        }
        AtomicInteger reads = new AtomicInteger();
        MountGuard counting = new MountGuard(
                () -> {
                    reads.incrementAndGet();
                    return MountTable.read(MountTable.SELF);
                },
                Umount.HOST);
        long start = System.nanoTime();
        try (DirectoryStream<Path> open = Files.newDirectoryStream(ns)) {
            TreeRemoval.remove((SecureDirectoryStream<Path>) open, ns, Path.of("pod"), counting, ".trash-test-deep");
        }
        long tenths = (System.nanoTime() - start) / 100_000_000L;
        assertFalse(Files.exists(ns.resolve("pod")), "the tree is removed");
        assertTrue(
                reads.get() <= tenths + 2,
                reads + " reads of the mount table for 801 folders in " + tenths + " tenths of a second");
    }

    @Test
    void aMountTableLargerThanTheBoundIsRefusedNotRead() throws Exception {
        Path huge = dir.resolve("mountinfo");
        String line = "37 35 0:5 / /sand/box/a rw - tmpfs none rw\n";
        try (var out = Files.newBufferedWriter(huge)) {
            for (long written = 0; written <= MountTable.MAX_BYTES; written += line.length()) {
                out.write(line);
            }
        }
        IOException e = assertThrows(IOException.class, () -> MountTable.read(huge));
        assertTrue(e.getMessage().contains("larger than 32 MiB"), e.getMessage());
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return p.waitFor() == 0 ? null : out.isBlank() ? "exit " + p.exitValue() : out.strip();
    }
}
