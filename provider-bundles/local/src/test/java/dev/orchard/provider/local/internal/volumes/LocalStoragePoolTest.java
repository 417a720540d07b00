package dev.orchard.provider.local.internal.volumes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeProfile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pool and the usage figures on a real small file system: a 20 MiB tmpfs mounted for each test, as issue 32
 * found the pool counting a volume's data twice after a restart.
 */
class LocalStoragePoolTest {
    private static final long MIB = 1L << 20;

    @TempDir
    Path dir;

    private Path fs;
    private final List<Path> mounts = new ArrayList<>();

    @BeforeEach
    void mountSmallFileSystem() throws Exception {
        fs = Files.createDirectories(dir.resolve("fs"));
        mount(fs, "size=20m");
    }

    @AfterEach
    void unmount() throws Exception {
        for (int i = mounts.size() - 1; i >= 0; i--) {
            if (run("umount", mounts.get(i).toString()) != 0) {
                run("umount", "-l", mounts.get(i).toString());
            }
        }
    }

    private void mount(Path where, String options) throws Exception {
        int rc = run("mount", "-t", "tmpfs", "-o", options, "tmpfs", where.toString());
        assumeTrue(rc == 0, "this host does not let the test mount a tmpfs (mount exited " + rc + ")");
        mounts.add(where);
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

    private LocalStorage open() throws IOException {
        return new LocalStorage(LocalStorage.root(fs.resolve("volumes")), 0, Clock.systemUTC());
    }

    private Path data(String volume) throws IOException {
        return fs.resolve("volumes").toRealPath().resolve("default").resolve(volume);
    }

    private static void fill(Path file, long bytes) throws IOException {
        byte[] chunk = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (long left = bytes; left > 0; left -= chunk.length) {
                out.write(chunk, 0, (int) Math.min(chunk.length, left));
            }
        }
    }

    private static VolumeProfile vol(String name, String capacity) {
        return VolumeProfile.builder().name(name).capacity(capacity).build();
    }

    @Test
    void dataInAVolumeIsCountedOnceAfterARestartAndFreedSpaceCountsAtOnce() throws Exception {
        LocalStorage first = open();
        first.addStorage(vol("data", "15Mi"));
        fill(data("data").resolve("blob"), 15_000_000);

        LocalStorage restarted = open(); // a second instance on the same root: the restart
        restarted.addStorage(vol("more", "3Mi")); // the disk has ~5.7 MiB free, of which "data" may write ~0.7
        Volume read = restarted
                .readStorage(VolumeProfile.builder().name("data").build())
                .orElseThrow();
        assertEquals(15_000_000, read.usedBytes(), "its usage is shown beside its capacity");
        assertEquals(15 * MIB, read.capacityBytes());

        // Space taken on that file system outside the volumes leaves no room for another claim...
        Path filler = fs.resolve("filler");
        fill(filler, 3 * MIB);
        UnavailableException full =
                assertThrows(UnavailableException.class, () -> restarted.addStorage(vol("late", "1Mi")));
        assertTrue(full.getMessage().contains("can give"), full.getMessage());
        assertFalse(Files.exists(data("late")), "a refused add leaves nothing");

        // ...and once it is freed, the next add has it, with no restart.
        Files.delete(filler);
        restarted.addStorage(vol("late", "1Mi"));

        // Writing into a volume what it claimed changes nothing: that space was counted once, as its claim.
        fill(data("more").resolve("blob"), 3 * MIB);
        restarted.addStorage(vol("last", "512Ki"));
    }

    @Test
    void aClaimThePoolOrTheDiskCannotBackIsRefusedWithTheFigures() throws Exception {
        LocalStorage s = open();
        s.addStorage(vol("a", "12Mi"));
        fill(fs.resolve("filler"), 4 * MIB); // 16 MiB free, 12 of which "a" may still write
        UnavailableException e = assertThrows(UnavailableException.class, () -> s.addStorage(vol("b", "5Mi")));
        assertTrue(e.getMessage().contains("the volumes may still write 12Mi"), e.getMessage());
        s.addStorage(vol("b", "3Mi"));
        UnavailableException pool = assertThrows(UnavailableException.class, () -> s.addStorage(vol("c", "6Mi")));
        assertTrue(pool.getMessage().contains("the local pool has 5Mi of 20Mi left"), pool.getMessage());
    }

    @Test
    void aVolumeOverItsCapacitySaysSoInReadsAndLists() throws Exception {
        LocalStorage s = open();
        s.addStorage(vol("small", "1Mi"));
        fill(data("small").resolve("blob"), 3_000_000);

        Volume read =
                s.readStorage(VolumeProfile.builder().name("small").build()).orElseThrow();
        assertEquals(3_000_000, read.usedBytes());
        assertTrue(read.message().contains("over capacity: uses 3000000 bytes of 1Mi"), read.message());
        Volume listed = s.listStorage(VolumeProfile.builder().build()).items().get(0);
        assertEquals(3_000_000, listed.usedBytes(), "lists show usage too (HTTP and metrics read them)");
        assertTrue(listed.message().contains("over capacity"), listed.message());
    }

    @Test
    void usageNeverCountsAFileSystemMountedInsideAVolume() throws Exception {
        LocalStorage s = open();
        s.addStorage(vol("v", "8Mi"));
        Files.writeString(data("v").resolve("own"), "12345");
        Path inner = Files.createDirectories(data("v").resolve("mnt"));
        mount(inner, "size=4m");
        fill(inner.resolve("elsewhere"), 2 * MIB);
        assertEquals(
                5,
                s.readStorage(VolumeProfile.builder().name("v").build())
                        .orElseThrow()
                        .usedBytes());
    }
}
