package dev.orchard.provider.local.internal.volumes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The usage walk's bounds and its short memory, on a ticker the test moves. */
class VolumeUsageTest {
    @TempDir
    Path dir;

    private final AtomicLong now = new AtomicLong();

    private LocalStorage open(VolumeUsage usage) throws Exception {
        return new LocalStorage(LocalStorage.root(dir.resolve("volumes")), 1L << 30, Clock.systemUTC(), usage);
    }

    private Path data(String volume) throws Exception {
        return dir.resolve("volumes").toRealPath().resolve("default").resolve(volume);
    }

    private static Volume listed(LocalStorage s) {
        return s.listStorage(VolumeProfile.builder().build()).items().get(0);
    }

    @Test
    void listsReuseAFigureForItsTimeToLiveAndReadsMeasureAnew() throws Exception {
        LocalStorage s = open(new VolumeUsage(now::get, 10, 1000, Long.MAX_VALUE));
        s.addStorage(VolumeProfile.builder().name("v").capacity("1Mi").build());
        Files.write(data("v").resolve("a"), new byte[100]);
        assertEquals(100, listed(s).usedBytes());

        Files.write(data("v").resolve("b"), new byte[50]);
        assertEquals(100, listed(s).usedBytes(), "a scrape within the time to live walks nothing");
        now.addAndGet(10);
        assertEquals(150, listed(s).usedBytes(), "an older figure is measured anew");

        Files.write(data("v").resolve("c"), new byte[7]);
        assertEquals(
                157,
                s.readStorage(VolumeProfile.builder().name("v").build())
                        .orElseThrow()
                        .usedBytes(),
                "a read of one volume is always fresh");
        assertEquals(157, listed(s).usedBytes(), "and refreshes what lists show");
    }

    @Test
    void aWalkStoppedAtItsBoundSaysTheFigureIsALowerBound() throws Exception {
        LocalStorage s = open(new VolumeUsage(now::get, 0, 4, Long.MAX_VALUE));
        s.addStorage(VolumeProfile.builder().name("v").capacity("1Mi").build());
        for (int i = 0; i < 10; i++) {
            Files.write(data("v").resolve("f" + i), new byte[10]);
        }
        Volume v = s.readStorage(VolumeProfile.builder().name("v").build()).orElseThrow();
        assertTrue(v.usedBytes() < 100 && v.usedBytes() > 0, "counted in part: " + v.usedBytes());
        assertTrue(v.message().contains("usage counted in part: at least"), v.message());
        assertFalse(v.message().contains("over capacity"), v.message());
    }

    @Test
    void linksAreNeverFollowed() throws Exception {
        LocalStorage s = open(new VolumeUsage(now::get, 0, 1000, Long.MAX_VALUE));
        s.addStorage(VolumeProfile.builder().name("v").capacity("1Mi").build());
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.write(outside.resolve("big"), new byte[5000]);
        Files.createSymbolicLink(data("v").resolve("link"), outside);
        Files.write(data("v").resolve("own"), new byte[3]);
        long used = s.readStorage(VolumeProfile.builder().name("v").build())
                .orElseThrow()
                .usedBytes();
        assertTrue(used < 5000, "the linked folder is not counted: " + used);
    }
}
