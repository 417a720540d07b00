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
import dev.orchard.provider.local.internal.files.RootMark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The volumes as an attacker and a careless operator try them: with real files and real links, the provider never
 * deletes or writes what it did not create, nor outside its root, and its pool cannot be made to overflow.
 */
class VolumeSafetyTest {
    @TempDir
    Path dir;

    private LocalStorage open(long pool) throws IOException {
        return new LocalStorage(LocalStorage.root(dir.resolve("volumes")), pool, Clock.systemUTC());
    }

    private Path ns() throws IOException {
        return dir.resolve("volumes").toRealPath().resolve("default");
    }

    private static VolumeProfile.Builder vol(String name) {
        return VolumeProfile.builder().name(name);
    }

    // The steps: volume-add local cv 1Mi, write into it, replace its metadata, restart, add it again.
    @ParameterizedTest(name = "metadata \"{0}\"")
    @ValueSource(strings = {"{{{", "", "names-another"})
    void aVolumeWhoseMetadataCannotBeReadIsFailedAndAnAddNeverDeletesItsData(String metadata) throws Exception {
        open(1L << 30).addStorage(vol("cv").capacity("1Mi").build());
        Files.writeString(ns().resolve("cv/precious.txt"), "keep me");
        Path file = ns().resolve("cv" + VolumeFiles.METADATA_SUFFIX);
        if (metadata.equals("names-another")) {
            open(1L << 30).addStorage(vol("other").capacity("1Mi").build());
            Files.copy(
                    ns().resolve("other" + VolumeFiles.METADATA_SUFFIX),
                    file,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } else {
            Files.writeString(file, metadata);
        }

        LocalStorage restarted = open(1L << 30);
        Volume failed = restarted.readStorage(vol("cv").build()).orElseThrow(() -> new AssertionError("it vanished"));
        assertEquals(VolumePhase.FAILED, failed.phase());
        assertTrue(failed.message().contains(file.toString()), "the reason names the file: " + failed.message());
        assertTrue(
                restarted.listStorage(VolumeProfile.builder().build()).items().stream()
                        .anyMatch(v -> v.name().equals("cv") && v.phase() == VolumePhase.FAILED),
                "it is listed, as Failed");

        AlreadyExistsException e = assertThrows(
                AlreadyExistsException.class,
                () -> restarted.addStorage(vol("cv").capacity("1Mi").build()));
        assertTrue(e.getMessage().contains("Failed"), e.getMessage());
        assertEquals("keep me", Files.readString(ns().resolve("cv/precious.txt")), "the add touched no data");
        assertTrue(Files.exists(file), "nor the metadata");
        assertTrue(restarted.directory(new NamespacedName("default", "cv")).isEmpty(), "no pod mounts it");

        assertTrue(restarted.deleteStorage(vol("cv").build()), "an operator removes it explicitly");
        assertFalse(Files.exists(ns().resolve("cv")));
        assertFalse(Files.exists(file));
        restarted.addStorage(vol("cv").capacity("1Mi").build());
    }

    @Test
    void aRootHoldingForeignContentIsRefusedAndNothingInItIsTouched() throws Exception {
        Path home = Files.createDirectories(dir.resolve("fh/alice/docs"));
        Files.writeString(home.resolve("cv.txt"), "mine");
        RootMark.ForeignContentException e =
                assertThrows(RootMark.ForeignContentException.class, () -> LocalStorage.root(dir.resolve("fh")));
        assertTrue(e.getMessage().contains("alice/docs"), e.getMessage());
        assertEquals("mine", Files.readString(home.resolve("cv.txt")));
        try (var entries = Files.list(dir.resolve("fh"))) {
            assertEquals(List.of(dir.resolve("fh/alice")), entries.toList(), "not even a mark was written");
        }
    }

    @Test
    void aRootOfAnEarlierVersionIsTakenAsItIs() throws Exception {
        // An earlier version's layout, unmarked: a volume (its folder and metadata), an interrupted add and an
        // interrupted delete. The volume is made by this version, then its root's mark is taken away.
        open(1L << 30).addStorage(vol("data").namespace("shop").capacity("1Mi").build());
        Path root = dir.resolve("volumes").toRealPath();
        Path ns = root.resolve("shop");
        Files.writeString(ns.resolve("data/blob"), "x");
        try (var marks = Files.walk(root.resolve(RootMark.STATE_FOLDER))) {
            for (Path p : marks.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
        Files.createDirectories(ns.resolve(".tmp-half-1"));
        Files.createDirectories(ns.resolve(".trash-gone-2"));
        LocalStorage reopened = open(1L << 30); // fails if refused
        reopened.addStorage(vol("seed").namespace("shop").capacity("1Mi").build());
        assertEquals("x", Files.readString(ns.resolve("data/blob")), "the earlier volume's data is kept");
        assertTrue(reopened.readStorage(vol("data").namespace("shop").build()).isPresent());
        assertTrue(Files.exists(root.resolve(RootMark.STATE_FOLDER)), "the root is marked now");
    }

    @Test
    void foreignFoldersInAMarkedRootAreLeftAloneAtStartAndBlockTheirName() throws Exception {
        open(1L << 30);
        Path foreign = Files.createDirectories(ns().resolve("docs"));
        Files.writeString(foreign.resolve("cv.txt"), "mine");
        Files.writeString(ns().resolve("notes.txt"), "mine too");

        LocalStorage restarted = open(1L << 30);
        assertEquals("mine", Files.readString(foreign.resolve("cv.txt")), "the start-up scan left it alone");
        assertEquals("mine too", Files.readString(ns().resolve("notes.txt")));
        AlreadyExistsException e = assertThrows(
                AlreadyExistsException.class,
                () -> restarted.addStorage(vol("docs").capacity("1Mi").build()));
        assertTrue(e.getMessage().contains(foreign.toString()), e.getMessage());
        assertEquals("mine", Files.readString(foreign.resolve("cv.txt")), "the refused add touched nothing");
        assertFalse(restarted.deleteStorage(vol("docs").build()), "it is no volume: a delete removes nothing");
        assertTrue(Files.exists(foreign.resolve("cv.txt")));
    }

    @Test
    void aNamespaceFolderSwappedForALinkIsNeverFollowedByADelete() throws Exception {
        LocalStorage s = open(1L << 30);
        s.addStorage(vol("a").namespace("team").capacity("1Mi").build());
        Path outside = Files.createDirectories(dir.resolve("outside/a"));
        Files.writeString(outside.resolve("precious.txt"), "keep me");
        Path team = dir.resolve("volumes").toRealPath().resolve("team");
        Files.move(team, dir.resolve("moved-away"));
        Files.createSymbolicLink(team, dir.resolve("outside"));

        assertThrows(
                RuntimeException.class,
                () -> s.deleteStorage(vol("a").namespace("team").build()));
        assertEquals("keep me", Files.readString(outside.resolve("precious.txt")));
        assertThrows(
                InvalidInputException.class,
                () -> s.addStorage(vol("b").namespace("team").capacity("1Mi").build()));
        try (var entries = Files.list(dir.resolve("outside"))) {
            assertEquals(List.of(outside), entries.toList(), "nothing was written through the link");
        }
    }

    @Test
    void handEditedHugeCapacitiesSaturateThePoolInsteadOfOverflowingIt() throws Exception {
        LocalStorage s = open(100L << 30);
        s.addStorage(vol("a").capacity("1Gi").build());
        s.addStorage(vol("b").capacity("1Gi").build());
        for (String name : List.of("a", "b")) {
            Path file = ns().resolve(name + VolumeFiles.METADATA_SUFFIX);
            Files.writeString(
                    file,
                    Files.readString(file)
                            .replace("\"capacityBytes\" : 1073741824", "\"capacityBytes\" : " + Long.MAX_VALUE));
        }
        LocalStorage restarted = open(100L << 30);
        UnavailableException e = assertThrows(
                UnavailableException.class,
                () -> restarted.addStorage(vol("c").capacity("50Gi").build()));
        assertTrue(
                e.getMessage().contains("0 of 100Gi left") && e.getMessage().contains("more than the pool"),
                e.getMessage());
    }

    @Test
    void aCrashBetweenTheCommitAndTheRenameLeavesAWholeVolume() throws Exception {
        LocalStorage s = open(1L << 30);
        s.addStorage(vol("v").capacity("1Mi").build());
        // What a crash after the metadata's commit and before the folder's rename leaves.
        Files.delete(ns().resolve("v"));
        String id = Files.readString(ns().resolveSibling(".orchard/id")).strip();
        Files.createDirectories(ns().resolve(".tmp-" + id + "-v-0b1c"));

        LocalStorage restarted = open(1L << 30);
        assertTrue(restarted.readStorage(vol("v").build()).isPresent());
        assertTrue(Files.isDirectory(ns().resolve("v")), "its folder is made");
        assertFalse(Files.exists(ns().resolve(".tmp-" + id + "-v-0b1c")), "the temp folder is Orchard's, and removed");
    }

    @Test
    void boundVolumesWhosePodIsGoneAreReleased() throws Exception {
        LocalStorage s = open(1L << 30);
        s.addStorage(vol("used").capacity("1Mi").build());
        s.addStorage(vol("orphan").capacity("1Mi").build());
        s.phase(new NamespacedName("default", "used"), VolumePhase.BOUND, "used by pod web");
        s.phase(new NamespacedName("default", "orphan"), VolumePhase.BOUND, "used by pod lost");

        LocalStorage restarted = open(1L << 30);
        assertEquals(
                List.of(new NamespacedName("default", "orphan")),
                restarted.releaseUnused(Set.of(new NamespacedName("default", "used"))));
        assertEquals(
                VolumePhase.RELEASED,
                restarted.readStorage(vol("orphan").build()).orElseThrow().phase());
        assertEquals(
                VolumePhase.BOUND,
                restarted.readStorage(vol("used").build()).orElseThrow().phase());
        assertTrue(restarted.deleteStorage(vol("orphan").build()), "and can be deleted");
    }
}
