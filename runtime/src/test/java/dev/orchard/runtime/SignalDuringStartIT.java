package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SIGTERM while the runtime is still starting, through the real jar: at any point of the start (the framework being
 * created, its bundles starting, the shell not yet there) it stops cleanly with 0 and claims no failed start.
 */
class SignalDuringStartIT {
    @TempDir
    Path folder;

    // The delay after the framework's storage appears is what the test varies: it places the signal at successive
    // stages of the start (about 0 to 2.5 s, the start taking about 2 s here), where no condition of the start can be
    // observed from outside.
    @ParameterizedTest(name = "SIGTERM {0} ms after the framework is created")
    @ValueSource(longs = {0, 300, 600, 900, 1200, 1500, 2000, 2500})
    void sigtermWhileStartingStopsCleanlyWithZero(long delayMillis) throws Exception {
        try (OrchardProcess orchard = OrchardProcess.start(folder, "--daemon")) {
            orchard.closeStdin();
            Path storage = folder.resolve(".orchard/framework");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(storage)) {
                if (!orchard.isAlive() || System.nanoTime() > deadline) {
                    throw new AssertionError("the runtime never created " + storage + "\n" + orchard.stderr());
                }
                Thread.sleep(5);
            }
            Thread.sleep(delayMillis);
            orchard.signal("TERM");
            assertEquals(0, orchard.waitFor(60), orchard::stderr);
            assertFalse(orchard.stderr().contains("did not start"), orchard::stderr);
        }
    }
}
