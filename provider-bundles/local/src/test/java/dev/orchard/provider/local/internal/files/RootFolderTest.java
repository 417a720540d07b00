package dev.orchard.provider.local.internal.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one way the provider makes and removes what is under its roots, against real links. */
class RootFolderTest {
    @TempDir
    Path dir;

    private RootFolder root;
    private Path outside;

    @BeforeEach
    void makeRootAndSomethingPreciousOutsideIt() throws Exception {
        root = RootFolder.at(Files.createDirectories(dir.resolve("root")).toRealPath());
        outside = Files.createDirectories(dir.resolve("outside/web"));
        Files.writeString(outside.resolve("precious.txt"), "keep me");
    }

    @Test
    void aRemovalNeverFollowsALinkAtAnyLevelOnTheWay() throws Exception {
        Files.createSymbolicLink(root.resolve("default"), dir.resolve("outside"));
        assertThrows(LinkRefusedException.class, () -> root.remove("default", "web"));
        assertEquals("keep me", Files.readString(outside.resolve("precious.txt")));

        Files.createDirectories(root.resolve("ns"));
        Files.createSymbolicLink(root.resolve("ns", "deeper"), dir.resolve("outside"));
        assertThrows(LinkRefusedException.class, () -> root.remove("ns", "deeper", "web"));
        assertEquals("keep me", Files.readString(outside.resolve("precious.txt")));
    }

    @Test
    void aLinkInsideWhatIsRemovedIsRemovedItselfNotWhatItPointsTo() throws Exception {
        Path pod = Files.createDirectories(root.resolve("default", "web", "sub"));
        Files.createSymbolicLink(pod.resolve("mount"), outside);
        Files.createSymbolicLink(pod.resolve("file-link"), outside.resolve("precious.txt"));
        assertTrue(root.remove("default", "web"));
        assertFalse(Files.exists(root.resolve("default", "web")));
        assertEquals("keep me", Files.readString(outside.resolve("precious.txt")));
        assertTrue(Files.isDirectory(root.resolve("default")), "only what was named is removed");
        assertFalse(root.remove("default", "web"), "a second removal finds nothing");
    }

    @Test
    void theEntryNamedMayItselfBeALinkAndOnlyTheLinkGoes() throws Exception {
        Files.createDirectories(root.resolve("default"));
        Files.createSymbolicLink(root.resolve("default", "web"), outside);
        assertTrue(root.remove("default", "web"));
        assertEquals("keep me", Files.readString(outside.resolve("precious.txt")));
    }

    @Test
    void aTreeDeeperThanTheHandlesItKeepsOpenIsRemovedWhole() throws Exception {
        Path p = root.resolve("default", "deep");
        for (int i = 0; i < 300; i++) {
            p = p.resolve("d");
        }
        Files.createDirectories(p);
        Files.writeString(p.resolve("leaf"), "x");
        assertTrue(root.remove("default", "deep"));
        try (var left = Files.list(root.resolve("default"))) {
            assertEquals(List.of(), left.toList(), "nothing is left, not even trash");
        }
    }

    @Test
    void makingFoldersRefusesALinkAndANewFolderNeverTakesOverAnExistingOne() throws Exception {
        Files.createSymbolicLink(root.resolve("default"), dir.resolve("outside"));
        assertThrows(LinkRefusedException.class, () -> root.folder("default", "web2"));
        assertFalse(Files.exists(dir.resolve("outside/web2")), "nothing was made through the link");
        Files.createDirectories(root.resolve("ns", "taken"));
        assertThrows(FileAlreadyExistsException.class, () -> root.newFolder("ns", "taken"));
        assertThrows(IllegalArgumentException.class, () -> root.folder("ns", ".."));
        assertThrows(IllegalArgumentException.class, () -> root.folder("a/b"));
    }
}
