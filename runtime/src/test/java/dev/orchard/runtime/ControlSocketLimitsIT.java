package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.runtime.OrchardProcess.Ended;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a client can hold of the control socket, and how long {@code -c} waits: silent and slow connections are
 * closed after a few seconds and never lock out a real {@code -c}; a refusal always fits its frame; {@code -c} gives
 * up on a stopped runtime within {@code orchard.command.wait.ms}, and never cuts a command that started.
 */
class ControlSocketLimitsIT {
    @TempDir
    Path folder;

    @Test
    void silentConnectionsNeverLockOutMinusCAndAreClosedWithinSeconds() throws Exception {
        List<SocketChannel> silent = new ArrayList<>();
        try (OrchardProcess daemon = Daemons.start(folder)) {
            for (int i = 0; i < 40; i++) {
                silent.add(RawClient.silent(folder));
            }
            Ended providers = OrchardProcess.once(folder, "-c", "orchard:providers");
            assertEquals(0, providers.status(), "-c answers while 40 connections say nothing: " + providers);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            for (SocketChannel c : silent) {
                assertTrue(closedByTheRuntime(c, deadline), "a silent connection is closed by the runtime");
            }
            assertTrue(daemon.isAlive());
        } finally {
            for (SocketChannel c : silent) {
                c.close();
            }
        }
    }

    @Test
    void aClientThatSendsAByteASecondIsClosedAtTheHandshakeDeadline() throws Exception {
        byte[] hello = RawClient.frame('H', "orchard/1");
        try (OrchardProcess daemon = Daemons.start(folder);
                SocketChannel slow = RawClient.silent(folder)) {
            long start = System.nanoTime();
            boolean closed = false;
            for (int i = 0; i < hello.length && !closed; i++) {
                try {
                    slow.write(ByteBuffer.wrap(hello, i, 1));
                    Thread.sleep(1_000);
                } catch (IOException e) {
                    closed = true;
                }
            }
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
            // 14 bytes at one a second would take 14 s: the runtime closes it at 5.
            assertTrue(closed && seconds < 10, "closed: " + closed + ", after " + seconds + " s");
            assertTrue(daemon.isAlive());
        }
    }

    @Test
    void aHelloOfAFullFrameIsRefusedWithAReasonThatFitsAndNothingIsLogged() throws Exception {
        try (OrchardProcess daemon = Daemons.start(folder)) {
            String hello = "v".repeat(65_536);
            assertEquals(
                    "R:this runtime speaks orchard/2 and orchard/1, not \"" + "v".repeat(64)
                            + "...\" (65536 characters)",
                    RawClient.exchange(folder, RawClient.frame('H', hello)));
            // A multi-byte hello that would be cut inside a character, and a frame that claims more than it is.
            assertTrue(RawClient.exchange(folder, RawClient.frame('H', "é".repeat(32_768)))
                    .startsWith("R:this runtime speaks orchard/2 and orchard/1, not \"éé"));
            assertEquals(
                    "R:a frame of type 'H' is 4294967295 bytes long; at most 65536 are allowed",
                    RawClient.exchange(
                            folder,
                            ByteBuffer.allocate(5).put((byte) 'H').putInt(-1).array()));
            Ended providers = OrchardProcess.once(folder, "-c", "orchard:providers");
            assertEquals(0, providers.status(), providers::toString);
            assertFalse(
                    daemon.stderr().contains("Exception") || daemon.stderr().contains("\tat "),
                    "nothing thrown, nothing logged with a stack:\n" + daemon.stderr());
        }
    }

    @Test
    void minusCGivesUpWithThreeOnAStoppedRuntimeAndNothingRuns() throws Exception {
        try (OrchardProcess daemon = Daemons.start(folder)) {
            assertEquals(
                    0, OrchardProcess.once(folder, "-c", "orchard:providers").status());
            daemon.signal("STOP");
            try (OrchardProcess c = OrchardProcess.start(
                    folder, List.of("-Dorchard.command.wait.ms=2000"), "-c", "orchard:pod-run local late echo hi")) {
                c.closeStdin();
                long start = System.nanoTime();
                int status = c.waitFor(30);
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                c.drained();
                assertEquals(3, status, c.stderr());
                assertTrue(
                        c.stderr().contains("did not take the command within 2000 ms (orchard.command.wait.ms)"),
                        c.stderr());
                assertTrue(millis < 15_000, "gave up after " + millis + " ms");
            } finally {
                daemon.signal("CONT");
            }
            // Resumed, the runtime finds the command it never took gone with its client: it does not run it.
            Thread.sleep(1_000);
            Ended pods = OrchardProcess.once(folder, "-c", "orchard:pods local");
            assertEquals("No pods on local.", pods.stdout().trim(), pods::toString);
        }
    }

    @Test
    void aCommandThatStartedRunsLongerThanTheWait() throws Exception {
        try (OrchardProcess daemon = Daemons.start(folder)) {
            Ended run = OrchardProcess.once(
                    folder, "-c", "orchard:pod-run local quiet sh -c 'sleep 4; echo late; sleep 60'");
            assertEquals(0, run.status(), run::toString);
            try (OrchardProcess follow = OrchardProcess.start(
                    folder, List.of("-Dorchard.command.wait.ms=2000"), "-c", "orchard:logs local quiet --follow")) {
                follow.awaitOutput("late", 30);
                assertTrue(follow.isAlive(), "a quiet follow is not cut by the wait: " + follow.stderr());
                follow.signal("INT");
                assertEquals(130, follow.waitFor(30), follow.stderr());
            }
            assertEquals(
                    0,
                    OrchardProcess.once(folder, "-c", "orchard:pod-rm local quiet")
                            .status());
        }
    }

    // Whether the runtime closes a connection (after a refusal) before the deadline.
    private static boolean closedByTheRuntime(SocketChannel c, long deadline) throws Exception {
        c.configureBlocking(false);
        ByteBuffer buffer = ByteBuffer.allocate(1024);
        while (System.nanoTime() < deadline) {
            buffer.clear();
            if (c.read(buffer) < 0) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }
}
