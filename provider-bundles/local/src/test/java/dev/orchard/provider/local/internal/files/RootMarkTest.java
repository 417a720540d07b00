package dev.orchard.provider.local.internal.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which folders may become a root: new or empty ones, marked ones of the same kind, and nothing else. */
class RootMarkTest {
    @TempDir
    Path dir;

    // A layout that knows nothing: every entry is foreign.
    private static List<String> nothingIsOurs(Path root) throws java.io.IOException {
        List<String> out = new ArrayList<>();
        for (Path p : RootMark.entries(root)) {
            out.add(p.getFileName().toString());
        }
        return out;
    }

    @Test
    void aNewOrEmptyFolderIsMarkedAndThenTakenAgain() throws Exception {
        RootFolder root = RootMark.open(dir.resolve("new/volumes"), RootMark.Kind.VOLUMES, RootMarkTest::nothingIsOurs);
        assertTrue(Files.isRegularFile(root.resolve(RootMark.STATE_FOLDER, "root")));
        Files.createDirectories(root.resolve("default"));
        assertEquals(
                root.path(),
                RootMark.open(root.path(), RootMark.Kind.VOLUMES, RootMarkTest::nothingIsOurs)
                        .path());
    }

    @Test
    void aFolderWithForeignContentIsRefusedNamingIt() throws Exception {
        for (int i = 0; i < 5; i++) {
            Files.createDirectories(dir.resolve("home/user" + i));
        }
        RootMark.ForeignContentException e = assertThrows(
                RootMark.ForeignContentException.class,
                () -> RootMark.open(dir.resolve("home"), RootMark.Kind.SANDBOXES, RootMarkTest::nothingIsOurs));
        assertTrue(e.getMessage().contains("user") && e.getMessage().contains("and 2 more"), e.getMessage());
        assertTrue(Files.notExists(dir.resolve("home").resolve(RootMark.STATE_FOLDER)), "nothing was written");
    }

    @Test
    void aRootOfTheOtherKindIsRefused() throws Exception {
        RootMark.open(dir.resolve("data"), RootMark.Kind.VOLUMES, RootMarkTest::nothingIsOurs);
        RootMark.ForeignContentException e = assertThrows(
                RootMark.ForeignContentException.class,
                () -> RootMark.open(dir.resolve("data"), RootMark.Kind.SANDBOXES, RootMarkTest::nothingIsOurs));
        assertTrue(e.getMessage().contains("volumes root"), e.getMessage());
    }
}
