package dev.orchard.provider.local.internal.volumes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.orchestrator.VolumeProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalStorageTest {
    @TempDir
    Path dir;

    private LocalStorage open(long pool) throws Exception {
        return new LocalStorage(LocalStorage.root(dir.resolve("volumes")), pool, Clock.systemUTC());
    }

    private Path root() throws IOException {
        return dir.resolve("volumes").toRealPath();
    }

    private static VolumeProfile.Builder vol(String name) {
        return VolumeProfile.builder().name(name);
    }

    @Test
    void addMakesADirectoryAndCommittedMetadata() throws Exception {
        LocalStorage s = open(1L << 30);
        Volume v = s.addStorage(vol("data")
                .namespace("prod")
                .capacity("10Mi")
                .label("app", "db")
                .build());
        Path root = root();
        assertTrue(Files.isDirectory(root.resolve("prod/data")));
        assertTrue(Files.isRegularFile(root.resolve("prod/data" + VolumeFiles.METADATA_SUFFIX)));
        assertEquals(VolumePhase.AVAILABLE, v.phase());
        assertEquals(s.directory(new NamespacedName("prod", "data")).orElseThrow(), root.resolve("prod/data"));
        try (var files = Files.list(root.resolve("prod"))) {
            assertEquals(2, files.count(), "no temp files are left behind");
        }
    }

    @Test
    void readReportsUsedBytesBesideCapacity() throws Exception {
        LocalStorage s = open(1L << 30);
        s.addStorage(vol("data").capacity("1Mi").build());
        Files.write(root().resolve("default/data/blob"), new byte[1234]);
        Files.createDirectories(root().resolve("default/data/sub"));
        Files.write(root().resolve("default/data/sub/more"), new byte[66]);
        Volume read = s.readStorage(vol("data").build()).orElseThrow();
        assertEquals(1300, read.usedBytes());
        assertEquals(1L << 20, read.capacityBytes());
    }

    @Test
    void duplicatesPoolAndMissingFieldsAreTypedErrorsThatLeaveNothing() throws Exception {
        LocalStorage s = open(3L << 20);
        s.addStorage(vol("a").capacity("2Mi").build());
        assertThrows(
                AlreadyExistsException.class,
                () -> s.addStorage(vol("a").capacity("1Mi").build()));
        UnavailableException full = assertThrows(
                UnavailableException.class,
                () -> s.addStorage(vol("b").capacity("2Mi").build()));
        assertTrue(full.getMessage().contains("1Mi of 3Mi left"), full.getMessage());
        assertFalse(Files.exists(root().resolve("default/b")), "a refused add leaves no directory");
        assertThrows(InvalidInputException.class, () -> s.addStorage(vol("c").build()));
        assertThrows(
                InvalidInputException.class,
                () -> s.addStorage(VolumeProfile.builder().capacity("1Mi").build()));
        assertEquals(1, s.listStorage(VolumeProfile.builder().build()).size());
    }

    @Test
    void deleteIsIdempotentAndFreesThePool() throws Exception {
        LocalStorage s = open(2L << 20);
        s.addStorage(vol("a").capacity("2Mi").build());
        Files.writeString(root().resolve("default/a/file"), "x");
        assertTrue(s.deleteStorage(vol("a").build()));
        assertFalse(Files.exists(root().resolve("default/a")));
        assertFalse(Files.exists(root().resolve("default/a" + VolumeFiles.METADATA_SUFFIX)));
        assertFalse(s.deleteStorage(vol("a").build()), "a second delete returns false");
        s.addStorage(vol("b").capacity("2Mi").build());
    }

    @Test
    void listFiltersByNamespaceAndLabelsInNameOrder() throws Exception {
        LocalStorage s = open(1L << 30);
        s.addStorage(vol("b").capacity("1Mi").label("tier", "x").build());
        s.addStorage(vol("a").capacity("1Mi").label("tier", "y").build());
        s.addStorage(vol("c").namespace("other").capacity("1Mi").build());
        // "default-x" sorts right after "default/": it must not leak into the default namespace
        s.addStorage(vol("d").namespace("default-x").capacity("1Mi").build());
        List<String> names = new ArrayList<>();
        s.listStorage(VolumeProfile.builder().build()).items().forEach(v -> names.add(v.name()));
        assertEquals(List.of("a", "b"), names);
        assertEquals(
                1,
                s.listStorage(VolumeProfile.builder().label("tier", "x").build())
                        .size());
        assertEquals(
                1,
                s.listStorage(VolumeProfile.builder().namespace("other").build())
                        .size());
    }

    @Test
    void volumesSurviveARestart() throws Exception {
        LocalStorage first = open(1L << 30);
        Volume v = first.addStorage(
                vol("keep").namespace("ns").capacity("5Mi").label("app", "x").build());
        LocalStorage second = open(1L << 30);
        Volume read = second.readStorage(vol("keep").namespace("ns").build()).orElseThrow();
        assertEquals(v.uid(), read.uid());
        assertEquals(v.labels(), read.labels());
        assertEquals(v.creationTime(), read.creationTime());
        assertThrows(
                UnavailableException.class,
                () -> open(4L << 20).addStorage(vol("more").capacity("1Mi").build()),
                "the reopened pool counts the volumes already there");
    }

    @Test
    void reconcileRemovesWhatACrashLeftHalfMade() throws Exception {
        LocalStorage s = open(1L << 30);
        s.addStorage(vol("whole").capacity("1Mi").build());
        Path ns = root().resolve("default");
        // Named as the provider names its own: with the root's id, which nothing else carries.
        String id = Files.readString(root().resolve(".orchard/id")).strip();
        Files.createDirectories(ns.resolve(".tmp-" + id + "-halfmade-1")); // folder made, metadata never committed
        Files.createDirectories(ns.resolve(".tmp-" + id + "-other-123")); // crash before the directory rename
        Files.writeString(ns.resolve(".tmp-" + id + "-x-1.json"), "{\"partial\":"); // crash while writing metadata
        Files.createDirectories(ns.resolve(".trash-" + id + "-gone-9/sub")); // crash while removing deleted data
        Files.writeString(ns.resolve("broken" + VolumeFiles.METADATA_SUFFIX), "not json");
        Files.createDirectories(ns.resolve("broken"));

        LocalStorage after = open(1L << 30);
        assertTrue(after.readStorage(vol("whole").build()).isPresent());
        assertFalse(Files.exists(ns.resolve(".tmp-" + id + "-halfmade-1")));
        assertFalse(Files.exists(ns.resolve(".tmp-" + id + "-other-123")));
        assertFalse(Files.exists(ns.resolve(".tmp-" + id + "-x-1.json")));
        assertFalse(Files.exists(ns.resolve(".trash-" + id + "-gone-9")));
        assertEquals(
                VolumePhase.FAILED,
                after.readStorage(vol("broken").build()).orElseThrow().phase(),
                "unreadable metadata is a Failed volume");
        assertTrue(Files.exists(ns.resolve("broken")), "and its data is kept for a person to look at");
    }

    @Test
    void aSymlinkedNamespaceIsNeverFollowed() throws Exception {
        LocalStorage s = open(1L << 30);
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.createSymbolicLink(root().resolve("evil"), outside);
        assertThrows(
                InvalidInputException.class,
                () -> s.addStorage(vol("x").namespace("evil").capacity("1Mi").build()));
        try (var files = Files.list(outside)) {
            assertEquals(0, files.count(), "nothing was written outside the root");
        }
    }

    @Test
    void deletingAVolumeNeverFollowsLinksInsideIt() throws Exception {
        LocalStorage s = open(1L << 30);
        s.addStorage(vol("a").capacity("1Mi").build());
        Path outside = Files.createDirectories(dir.resolve("precious"));
        Files.writeString(outside.resolve("file"), "keep me");
        Files.createSymbolicLink(root().resolve("default/a/link"), outside);
        assertTrue(s.deleteStorage(vol("a").build()));
        assertEquals("keep me", Files.readString(outside.resolve("file")));
    }

    @Test
    void concurrentAddsOfOneNameLeaveExactlyOne() throws Exception {
        LocalStorage s = open(1L << 30);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                results.add(pool.submit(() -> {
                    go.await();
                    try {
                        s.addStorage(vol("race").capacity("1Mi").build());
                        return true;
                    } catch (AlreadyExistsException e) {
                        return false;
                    }
                }));
            }
            go.countDown();
            int won = 0;
            for (Future<Boolean> f : results) {
                won += f.get(10, TimeUnit.SECONDS) ? 1 : 0;
            }
            assertEquals(1, won);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void boundVolumesCannotBeDeletedAndPhasesPersist() throws Exception {
        LocalStorage s = open(1L << 30);
        s.addStorage(vol("a").capacity("1Mi").build());
        s.phase(new NamespacedName("default", "a"), VolumePhase.BOUND, "used by pod web");
        assertThrows(UnavailableException.class, () -> s.deleteStorage(vol("a").build()));
        assertEquals(
                VolumePhase.BOUND,
                open(1L << 30).readStorage(vol("a").build()).orElseThrow().phase());
        s.phase(new NamespacedName("default", "a"), VolumePhase.RELEASED, "pod web is gone");
        assertTrue(s.deleteStorage(vol("a").build()));
    }
}
