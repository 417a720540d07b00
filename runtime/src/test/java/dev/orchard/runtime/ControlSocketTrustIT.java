package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchard.runtime.OrchardProcess.Ended;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -c} in a shared folder (mode 1777) where another user planted {@code .orchard}: root's command must not run
 * in the runtime the plant points to (a third runtime of root's, in another folder). Runs as root, the planting user
 * being nobody; skipped otherwise.
 */
class ControlSocketTrustIT {
    @TempDir
    Path root;

    private Path shared;
    private Path third;

    @BeforeEach
    void folders() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root, to plant as user nobody");
        assumeTrue(Files.isExecutable(Path.of("/usr/sbin/runuser")), "needs runuser");
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        shared = Files.createDirectory(root.resolve("shared"));
        // Like /tmp: anyone may create entries, only their owner may remove or rename them (the JDK sets no sticky
        // bit).
        assertEquals(
                0,
                new ProcessBuilder("chmod", "1777", shared.toString()).start().waitFor());
        third = Files.createDirectory(root.resolve("third"));
    }

    @Test
    void aSocketLinkPlantedInAnotherUsersOrchardFolderIsNotFollowed() throws Exception {
        try (OrchardProcess daemon = Daemons.start(third)) {
            asNobody("mkdir -m 700 .orchard && ln -s " + third.resolve(".orchard/socket") + " .orchard/socket");
            Ended planted = OrchardProcess.once(shared, "-c", "orchard:volume-add local planted 1Mi");
            assertEquals(4, planted.status(), planted::toString);
            assertTrue(planted.stderr().contains(".orchard belongs to nobody, not to root"), planted::toString);
            assertNothingRanIn(third);
        }
    }

    @Test
    void anOrchardFolderPlantedAsALinkIsNotFollowed() throws Exception {
        try (OrchardProcess daemon = Daemons.start(third)) {
            asNobody("ln -s " + third.resolve(".orchard") + " .orchard");
            Ended planted = OrchardProcess.once(shared, "-c", "orchard:volume-add local planted 1Mi");
            assertEquals(4, planted.status(), planted::toString);
            assertTrue(
                    planted.stderr().contains("is not a directory of its own (a link or a file)"), planted::toString);
            assertNothingRanIn(third);
        }
    }

    private void assertNothingRanIn(Path folder) throws Exception {
        Ended volumes = OrchardProcess.once(folder, "-c", "orchard:volumes local");
        assertEquals(0, volumes.status(), volumes::toString);
        assertFalse(volumes.stdout().contains("planted"), "the third runtime made no volume: " + volumes);
    }

    private void asNobody(String script) throws Exception {
        Process p = new ProcessBuilder("/usr/sbin/runuser", "-u", "nobody", "--", "sh", "-c", script)
                .directory(shared.toFile())
                .redirectErrorStream(true)
                .start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "nobody plants: " + printed);
    }
}
