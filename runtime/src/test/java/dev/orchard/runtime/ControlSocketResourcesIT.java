package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchard.runtime.OrchardProcess.Ended;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime's threads and file descriptors before, during and after 200 silent connections to its control socket:
 * bounded while they are connected, back to within 10% of the baseline within 10 s of their leaving, and {@code -c}
 * answering throughout.
 */
class ControlSocketResourcesIT {
    private static final int CLIENTS = 200;

    @TempDir
    Path folder;

    @Test
    void twoHundredSilentConnectionsCostABoundedAmountForSecondsAndMinusCAnswersThroughout() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs /proc to count threads and descriptors");
        List<SocketChannel> silent = new ArrayList<>();
        try (OrchardProcess daemon = Daemons.start(folder)) {
            Path proc = Path.of("/proc", Long.toString(daemon.pid()));
            answers("warm-up");
            answers("warm-up");
            Thread.sleep(1_000);
            long threads = count(proc.resolve("task"));
            long fds = count(proc.resolve("fd"));
            System.out.printf("baseline: %d threads, %d fds%n", threads, fds);

            for (int i = 0; i < CLIENTS; i++) {
                silent.add(RawClient.silent(folder));
            }
            answers("with " + CLIENTS + " silent connections just made");
            System.out.printf(
                    "during (just connected): %d threads, %d fds%n",
                    count(proc.resolve("task")), count(proc.resolve("fd")));
            // Past the handshake deadline (5 s) the runtime has let them go, though the clients still hold them.
            Thread.sleep(7_000);
            answers("with " + CLIENTS + " silent connections still open");
            long duringThreads = count(proc.resolve("task"));
            long duringFds = count(proc.resolve("fd"));
            System.out.printf("during (7 s later, still connected): %d threads, %d fds%n", duringThreads, duringFds);
            assertTrue(within(duringThreads, threads), duringThreads + " threads, baseline " + threads);
            assertTrue(within(duringFds, fds), duringFds + " fds, baseline " + fds);

            for (SocketChannel c : silent) {
                c.close();
            }
            long left = System.nanoTime();
            long deadline = left + TimeUnit.SECONDS.toNanos(10);
            long afterThreads;
            long afterFds;
            do {
                Thread.sleep(200);
                afterThreads = count(proc.resolve("task"));
                afterFds = count(proc.resolve("fd"));
            } while (!(within(afterThreads, threads) && within(afterFds, fds)) && System.nanoTime() < deadline);
            System.out.printf(
                    "after (%d ms): %d threads, %d fds%n",
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - left), afterThreads, afterFds);
            assertTrue(within(afterThreads, threads), afterThreads + " threads, baseline " + threads);
            assertTrue(within(afterFds, fds), afterFds + " fds, baseline " + fds);
            answers("after the clients left");
        } finally {
            for (SocketChannel c : silent) {
                c.close();
            }
        }
    }

    private void answers(String when) throws IOException, InterruptedException {
        Ended providers = OrchardProcess.once(folder, "-c", "orchard:providers");
        assertEquals(0, providers.status(), "-c " + when + ": " + providers);
    }

    private static boolean within(long now, long baseline) {
        return now <= baseline * 1.1;
    }

    private static long count(Path dir) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.count();
        }
    }
}
