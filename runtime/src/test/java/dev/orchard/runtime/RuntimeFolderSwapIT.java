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
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -c} whose folder is renamed, and a link to another runtime's folder put in its place, while it runs a
 * runtime of its own: the victim, a daemon of the same user in the other folder, must keep its socket and its
 * framework's storage, and run nothing. Whoever may rename the folder (the user itself here) redirects nothing;
 * another user who may (here nobody, owning a folder above it, when the tests run as root) is not given the chance:
 * the runtime refuses such a folder.
 */
class RuntimeFolderSwapIT {
    // Long enough for the rename to land while the command runs: Gogo calls Thread.sleep through an instance.
    private static final String SLOW = "t = (new java.lang.Thread) ; $t sleep 3000 ; echo slept";

    @TempDir
    Path root;

    private Path victim;

    @BeforeEach
    void folders() throws Exception {
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        victim = Files.createDirectory(root.resolve("victim"));
    }

    @Test
    void aFolderRenamedWhileACommandRunsLeadsNothingIntoAnotherRuntime() throws Exception {
        Path work = Files.createDirectory(root.resolve("work"));
        try (OrchardProcess daemon = Daemons.start(victim)) {
            List<Path> before = storageOf(victim);
            assertFalse(before.isEmpty(), "the victim's framework has its storage");
            Path moved = root.resolve("work.moved");
            Ended ended;
            try (OrchardProcess command = OrchardProcess.start(work, "-c", SLOW)) {
                command.closeStdin();
                awaitStorage(work, command);
                Files.move(work, moved);
                Files.createSymbolicLink(work, victim);
                ended = ended(command);
            }
            String printed = ended.toString();

            assertEquals(0, ended.status(), printed);
            assertTrue(ended.stdout().contains("slept"), printed);
            assertVictimUntouched(daemon, before);
            assertFalse(
                    Files.exists(moved.resolve(".orchard/framework")),
                    "the command's own storage went from its own folder: " + printed);
        }
    }

    @Test
    void aFolderAnotherUserCouldRenameIsRefused() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root, to act as user nobody");
        assumeTrue(Files.isExecutable(Path.of("/usr/sbin/runuser")), "needs runuser");
        UserPrincipal nobody =
                root.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        Path nobodys = Files.createDirectory(root.resolve("nobodys"));
        Files.setOwner(nobodys, nobody);
        Path work = Files.createDirectory(nobodys.resolve("work"));
        try (OrchardProcess daemon = Daemons.start(victim)) {
            List<Path> before = storageOf(victim);
            Ended ended;
            try (OrchardProcess command =
                    OrchardProcess.start(work, "-c", SLOW + " ; orchard:volume-add local swapped 1Mi")) {
                command.closeStdin();
                // Once the command's runtime has its storage, nobody swaps the folder for a link to the victim's.
                if (awaitStorageOrEnd(work, command)) {
                    asNobody(nobodys, "mv work work.moved && ln -s " + victim + " work");
                }
                ended = ended(command);
            }
            String printed = ended.toString();

            assertEquals(4, ended.status(), printed);
            assertTrue(
                    ended.stderr().contains(nobodys + ", above the runtime folder " + work + ", belongs to nobody"),
                    printed);
            assertFalse(ended.stdout().contains("slept"), "nothing ran: " + printed);
            assertFalse(Files.exists(work.resolve(".orchard")), "nothing was made in the folder: " + printed);
            assertVictimUntouched(daemon, before);
            Ended volumes = OrchardProcess.once(victim, "-c", "orchard:volumes local");
            assertEquals(0, volumes.status(), volumes::toString);
            assertFalse(volumes.stdout().contains("swapped"), "the victim made no volume: " + volumes);
        }
    }

    @Test
    void aDeployFolderOthersMayWriteIsRefusedBeforeAnythingIsInstalledFromIt() throws Exception {
        // In a safe folder, a deploy/ that every user may write would let any of them drop a .cfg (auth=none) or a
        // bundle that the runtime installs as its user: refused with 4, nothing started.
        Path work = Files.createDirectory(root.resolve("open-deploy"));
        Path deploy = Files.createDirectory(work.resolve("deploy"));
        Files.setPosixFilePermissions(deploy, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        Ended ended = OrchardProcess.once(work, "-c", "orchard:providers");
        assertEquals(4, ended.status(), ended::toString);
        assertTrue(
                ended.stderr().contains("the folder deploy (the bundles and configuration it installs)"),
                ended::toString);
        assertFalse(Files.exists(work.resolve(".orchard")), "nothing was made in the folder: " + ended);
    }

    private static Ended ended(OrchardProcess command) throws Exception {
        int status = command.waitFor(90);
        command.drained();
        return new Ended(status, command.stdout(), command.stderr());
    }

    private void assertVictimUntouched(OrchardProcess daemon, List<Path> before) throws Exception {
        assertTrue(daemon.isAlive(), "the victim runs");
        assertTrue(Files.exists(victim.resolve(".orchard/socket")), "the victim's socket is there");
        List<Path> after = storageOf(victim);
        assertTrue(
                after.containsAll(before),
                "the victim's framework storage is whole: before " + before + ", after " + after);
        Ended answer = OrchardProcess.once(victim, "-c", "orchard:providers");
        assertEquals(0, answer.status(), answer::toString);
        assertTrue(answer.stdout().contains("local"), answer::toString);
    }

    // The files of a folder's framework storage, relative to it.
    private static List<Path> storageOf(Path folder) throws Exception {
        Path storage = folder.resolve(".orchard/framework");
        if (!Files.isDirectory(storage)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(storage)) {
            return all.filter(Files::isRegularFile).map(storage::relativize).toList();
        }
    }

    private static void awaitStorage(Path work, OrchardProcess command) throws Exception {
        assertTrue(awaitStorageOrEnd(work, command), "-c never started a runtime of its own: " + command.stderr());
    }

    // True once the command's own runtime made its storage (it then runs the command); false if -c ended first.
    private static boolean awaitStorageOrEnd(Path work, OrchardProcess command) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.isDirectory(work.resolve(".orchard/framework/bundle1"))) {
            if (!command.isAlive() || System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    private static void asNobody(Path in, String script) throws Exception {
        Process p = new ProcessBuilder("/usr/sbin/runuser", "-u", "nobody", "--", "sh", "-c", script)
                .directory(in.toFile())
                .redirectErrorStream(true)
                .start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "nobody swaps the folder: " + printed);
    }
}
