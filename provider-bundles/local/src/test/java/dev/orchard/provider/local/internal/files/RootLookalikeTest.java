package dev.orchard.provider.local.internal.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.provider.local.internal.pods.LocalPods;
import dev.orchard.provider.local.internal.volumes.LocalStorage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An existing folder taken as a root: the start-up clean-up removes only entries that carry the root's own id,
 * never one whose name merely looks like an interrupted add or removal.
 */
class RootLookalikeTest {
    @TempDir
    Path dir;

    @Test
    void lookalikeEntriesInAFolderTakenAsRootsSurviveStartAndAreReportedOnce() throws Exception {
        // Someone's folders, laid out as an earlier version of the provider laid out its roots, so both are taken.
        Path volumes = Files.createDirectories(dir.toRealPath().resolve("shared"));
        Path build = write(volumes.resolve("team1/.tmp-build/f"));
        Path cache = write(volumes.resolve("ns1/.trash-cache/f"));
        Path sandboxes = Files.createDirectories(dir.toRealPath().resolve("work"));
        Path sandboxCache = write(sandboxes.resolve("ns1/.trash-cache/f"));

        String log = logOf(() -> {
            LocalStorage storage = new LocalStorage(LocalStorage.root(volumes), 1L << 30, Clock.systemUTC());
            new LocalPods(LocalPods.root(sandboxes), storage, Clock.systemUTC(), "local", 110).close();
        });
        for (Path f : new Path[] {build, cache, sandboxCache}) {
            assertEquals("mine", Files.readString(f), f + " survives the start");
            assertEquals(1, count(log, "Leaving " + f.getParent() + " alone"), "left alone, said once: " + log);
        }
        assertTrue(Files.exists(volumes.resolve(".orchard/root")), "the folder is a volume root now");

        // Now marked, each root still finishes its own interrupted removals, and still leaves the others alone.
        String volumeId = Files.readString(volumes.resolve(".orchard/id")).strip();
        String sandboxId = Files.readString(sandboxes.resolve(".orchard/id")).strip();
        assertFalse(volumeId.equals(sandboxId), "each root has an id of its own");
        Path ownTrash = write(volumes.resolve("ns1/.trash-" + volumeId + "-old-1/f"));
        Path ownTemp = write(volumes.resolve("ns1/.tmp-" + volumeId + "-new-2/f"));
        Path otherRootsTrash = write(volumes.resolve("ns1/.trash-" + sandboxId + "-old-3/f"));
        Path ownSandboxTrash = write(sandboxes.resolve("ns1/.trash-" + sandboxId + "-web-4/f"));
        LocalStorage storage = new LocalStorage(LocalStorage.root(volumes), 1L << 30, Clock.systemUTC());
        new LocalPods(LocalPods.root(sandboxes), storage, Clock.systemUTC(), "local", 110).close();
        assertFalse(Files.exists(ownTrash.getParent()), "the volume root's own trash is removed");
        assertFalse(Files.exists(ownTemp.getParent()), "the volume root's own temp folder is removed");
        assertFalse(Files.exists(ownSandboxTrash.getParent()), "the sandbox root's own trash is removed");
        assertTrue(Files.exists(otherRootsTrash), "an id of another root is not this root's");
        for (Path f : new Path[] {build, cache, sandboxCache}) {
            assertEquals("mine", Files.readString(f), f + " survives the next start too");
        }
    }

    @Test
    void whatARootRemovesIsRenamedToTrashThatCarriesItsId() throws Exception {
        RootFolder root = RootMark.open(dir.resolve("r"), RootMark.Kind.VOLUMES, p -> java.util.List.of());
        String id = Files.readString(root.path().resolve(".orchard/id")).strip();
        assertTrue(root.ownEntry(RootFolder.TRASH_PREFIX, "x").startsWith(".trash-" + id + "-x-"));
        assertTrue(root.folder("ns").isOwnEntry(RootFolder.TRASH_PREFIX, ".trash-" + id + "-x-1"));
        assertFalse(root.isOwnEntry(RootFolder.TRASH_PREFIX, ".trash-cache"));
        assertFalse(RootFolder.at(root.path()).isOwnEntry(RootFolder.TRASH_PREFIX, ".trash-" + id + "-x-1"));
        assertEquals(
                id,
                Files.readString(RootMark.open(dir.resolve("r"), RootMark.Kind.VOLUMES, p -> java.util.List.of())
                                .path()
                                .resolve(".orchard/id"))
                        .strip(),
                "the id is made once and kept");
    }

    private static Path write(Path file) throws Exception {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, "mine");
    }

    private static int count(String text, String part) {
        Matcher m = Pattern.compile(Pattern.quote(part)).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @FunctionalInterface
    private interface Work {
        void run() throws Exception;
    }

    // What the provider logs while the work runs: slf4j-simple writes to System.err as it is at each write.
    private static String logOf(Work work) throws Exception {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            work.run();
        } finally {
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
