package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code --daemon} and a {@code -c} started together in one folder, through the real jar: neither fails. Whichever
 * takes the folder's lock first, the other waits: a {@code -c} for the daemon's socket, a daemon for the command of a
 * {@code -c} that runs in a runtime of its own. Once deterministically (the {@code -c} holds the folder when the
 * daemon starts), then in rounds started at the same moment, as a script that runs {@code --daemon &} and then
 * {@code -c} does.
 */
class DaemonAndMinusCRaceIT {
    private static final long ROUNDS_SECONDS = 30;
    private static final int MAX_ROUNDS = 30;

    @TempDir
    Path folder;

    @Test
    void aDaemonStartedWhileAMinusCHoldsTheFolderWaitsForItAndStarts() throws Exception {
        // A scoped command nobody provides is waited for 3 s before it fails: the -c holds the folder that long.
        try (OrchardProcess command = OrchardProcess.start(folder, "-c", "nosuch:command")) {
            command.closeStdin();
            Path lock = folder.resolve(".orchard/lock");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!(Files.exists(lock) && Files.readString(lock).endsWith(" command\n"))) {
                assertTrue(command.isAlive() && System.nanoTime() < deadline, "the -c never took the folder");
                Thread.sleep(10);
            }
            try (OrchardProcess daemon = OrchardProcess.start(folder, "--daemon")) {
                daemon.closeStdin();
                daemon.awaitOutput("orchard: a -c runs its command in a runtime of its own", 60);
                assertEquals(1, command.waitFor(60), command::stderr);
                awaitSocket(daemon);
                try (OrchardProcess echo = OrchardProcess.start(folder, "-c", "echo through")) {
                    echo.closeStdin();
                    assertEquals(0, echo.waitFor(60), echo::stderr);
                    echo.drained();
                    assertEquals("through", echo.stdout().trim(), echo::stderr);
                    assertEquals("", echo.stderr(), "it ran in the daemon: no framework of its own");
                }
                daemon.signal("TERM");
                assertEquals(0, daemon.waitFor(30), daemon::stderr);
            }
        }
    }

    @Test
    void aDaemonAndAMinusCStartedTogetherBothSucceedRoundAfterRound() throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(ROUNDS_SECONDS);
        int rounds = 0;
        while (rounds < MAX_ROUNDS && (rounds < 3 || System.nanoTime() < end)) {
            rounds++;
            try (OrchardProcess daemon = OrchardProcess.start(folder, "--daemon");
                    OrchardProcess echo = OrchardProcess.start(folder, "-c", "echo round " + rounds)) {
                daemon.closeStdin();
                echo.closeStdin();
                int status = echo.waitFor(60);
                echo.drained();
                String round = "round " + rounds + ":\n-c " + echo.stderr() + "\ndaemon " + daemon.stderr();
                assertEquals(0, status, round);
                assertEquals("round " + rounds, echo.stdout().trim(), round);
                awaitSocket(daemon);
                daemon.signal("TERM");
                assertEquals(0, daemon.waitFor(30), round);
            }
        }
    }

    // The daemon started: its socket is there (it runs, however long a -c before it held the folder).
    private void awaitSocket(OrchardProcess daemon) throws InterruptedException {
        Path socket = folder.resolve(".orchard/socket");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(socket)) {
            assertTrue(
                    daemon.isAlive() && System.nanoTime() < deadline,
                    "the daemon never opened its socket (alive: " + daemon.isAlive() + ")\n" + daemon.stderr());
            Thread.sleep(20);
        }
    }
}
