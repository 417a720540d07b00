package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.provider.local.internal.volumes.LocalStorage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pod whose run ends while its file system is full and no provider instance watches it: its wrapper cannot write
 * the exit code, and the next instance must say the code was lost rather than report a failure it made up.
 */
class LocalPodsFullDiskTest {
    @TempDir
    Path dir;

    private Path fs;
    private boolean mounted;
    private LocalPods first;
    private LocalPods second;

    @BeforeEach
    void mountSmallFileSystem() throws Exception {
        fs = Files.createDirectories(dir.resolve("fs"));
        int rc = run("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", fs.toString());
        assumeTrue(rc == 0, "this host does not let the test mount a tmpfs (mount exited " + rc + ")");
        mounted = true;
    }

    @AfterEach
    void closeAndUnmount() throws Exception {
        if (second != null) {
            second.close();
        }
        if (first != null) {
            first.close();
        }
        if (mounted && run("umount", fs.toString()) != 0) {
            run("umount", "-l", fs.toString());
        }
    }

    private LocalPods open() throws Exception {
        LocalStorage storage = new LocalStorage(LocalStorage.root(dir.resolve("volumes")), 1L << 30, Clock.systemUTC());
        return new LocalPods(LocalPods.root(fs.resolve("pods")), storage, Clock.systemUTC(), "local", 110);
    }

    @Test
    void aRunThatEndsOnAFullDiskIsReportedWithItsCodeLostNotAsAFailure() throws Exception {
        Path gate = dir.resolve("gate");
        first = open();
        first.createPod(Pod.of(
                "default",
                "filled",
                new PodSpec(
                        List.of(Container.of(
                                "main",
                                "none",
                                "sh",
                                "-c",
                                "touch " + dir.resolve("up") + "; while [ ! -e " + gate
                                        + " ]; do sleep 0.05; done; exit 0")),
                        List.of(),
                        RestartPolicy.NEVER,
                        1,
                        "")));
        long pid = first.pid("default", "filled", "main").orElseThrow();
        first.detach();

        // Its command runs: the wrapper's start mark is cleared, so nothing the wrapper frees at the end makes room.
        await("the command to run", () -> Files.exists(dir.resolve("up")));
        Path filler = fs.resolve("filler");
        fill(filler);
        Files.createFile(gate);
        ProcessHandle.of(pid).ifPresent(p -> p.onExit().join());
        await("the wrapper to end", () -> ProcessHandle.of(pid).isEmpty());
        try (var fillers = Files.list(fs)) { // the disk has room again when the next instance comes
            for (Path f : fillers.filter(f -> f.getFileName().toString().startsWith("filler"))
                    .toList()) {
                Files.delete(f);
            }
        }

        second = open();
        await(
                "the end to be reported",
                () -> !second.getPodStatus("default", "filled")
                        .containerStatuses()
                        .get(0)
                        .reason()
                        .isEmpty());
        ContainerStatus main =
                second.getPodStatus("default", "filled").containerStatuses().get(0);
        assertNotEquals("Error", main.reason(), "no failure made up: " + main);
        assertEquals("ContainerStatusUnknown", main.reason(), main.toString());
        assertTrue(main.message().contains("exit code was lost"), "says what was lost: " + main);
    }

    // Writes until the file system is full: large blocks, then one byte to a file until not even a page is left.
    private static void fill(Path filler) throws IOException {
        write(filler, 4096);
        for (int i = 0; write(filler.resolveSibling("filler-" + i), 1); i++) {
            // each takes a page the wrapper could have used
        }
    }

    // Whether the writes in chunks of the size went on until the disk was full after writing something.
    private static boolean write(Path file, int chunk) throws IOException {
        byte[] block = new byte[chunk];
        long written = 0;
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(block);
                out.flush();
                written += chunk;
                if (chunk == 1) {
                    return true;
                }
            }
        } catch (IOException full) {
            if (!String.valueOf(full.getMessage()).contains("No space left")) {
                throw full;
            }
            return written > 0 && chunk > 1;
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("timed out waiting for " + what);
            }
            Thread.sleep(20);
        }
    }

    private static int run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().transferTo(OutputStream.nullOutputStream());
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
