package dev.orchard.runtime;

import static dev.orchard.runtime.RawClient.concat;
import static dev.orchard.runtime.RawClient.exchange;
import static dev.orchard.runtime.RawClient.frame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.runtime.OrchardProcess.Ended;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -c} passes its stdin to the command, through the real jar: in a runtime of its own and over the control
 * socket to a running daemon. Input reaches a pod's command while it runs, the end of stdin (Ctrl-D, a closed pipe)
 * ends the command's input so that {@code cat} ends, input longer than the socket's window all arrives, and a command
 * that does not read its input ends although stdin never closes. Over the socket, input frames that the protocol
 * does not allow (an unknown type, input on an {@code orchard/1} connection, more than the window) are refused with
 * the reason, an interrupt behind a full window of unread input is still read, and the runtime runs on.
 */
class MinusCInputIT {
    @TempDir
    Path folder;

    @Test
    void minusCInARuntimeOfItsOwnPassesItsInputAndItsEnd() throws Exception {
        Ended run = OrchardProcess.once(folder, "-c", "orchard:pod-run local p sh -c 'sleep 300'");
        assertEquals(0, run.status(), run::toString);
        try {
            catEchoesAndEndsWithItsInput();
            commandsThatDoNotReadEndWithStdinOpen();
        } finally {
            OrchardProcess.once(folder, "-c", "orchard:pod-rm local p");
        }
    }

    @Test
    void minusCThroughTheControlSocketPassesItsInputAndItsEnd() throws Exception {
        try (OrchardProcess daemon = Daemons.start(folder)) {
            Ended run = OrchardProcess.once(folder, "-c", "orchard:pod-run local p sh -c 'sleep 300'");
            assertEquals(0, run.status(), run::toString);
            try {
                catEchoesAndEndsWithItsInput();
                commandsThatDoNotReadEndWithStdinOpen();

                // More than the window the runtime holds: it arrives whole, as the command reads it.
                try (OrchardProcess count = OrchardProcess.start(folder, "-c", "orchard:exec local p p wc -c")) {
                    count.type("x".repeat(199_999));
                    count.closeStdin();
                    assertEquals(0, count.waitFor(60), count::stderr);
                    count.drained();
                    assertEquals("200000", count.stdout().trim(), count::stderr);
                }
                assertTrue(daemon.isAlive(), daemon::stderr);
            } finally {
                assertEquals(
                        0,
                        OrchardProcess.once(folder, "-c", "orchard:pod-rm local p")
                                .status());
            }
        }
    }

    @Test
    void inputTheProtocolDoesNotAllowIsRefusedAndTheRuntimeRunsOn() throws Exception {
        try (OrchardProcess daemon = Daemons.start(folder)) {
            // A scoped command nobody provides is waited for (3 s) before it runs: the frames after it come meanwhile.
            byte[] v2 = concat(frame('H', "orchard/2"), frame('C', "nosuch:command"));
            byte[] v1 = concat(frame('H', "orchard/1"), frame('C', "nosuch:command"));
            assertEquals(
                    "R:while a command runs only an empty interrupt ('I'), input ('N') and an empty end of input"
                            + " ('D') are defined, got a frame of type 'Q' with 1 bytes",
                    exchange(folder, concat(v2, frame('Q', "x"))));
            assertEquals(
                    "R:input frames ('N') are orchard/2's; this connection's hello was orchard/1",
                    exchange(folder, concat(v1, frame('N', "hi"))));
            assertEquals(
                    "R:the client sent 65537 bytes of input the command has not read; at most 65536 are allowed"
                            + " before the runtime credits them ('W')",
                    exchange(folder, concat(concat(v2, frame('N', "x".repeat(65_536))), frame('N', "y"))));
            // A full window of input nothing reads does not hold up the interrupt behind it.
            assertEquals("X:130", exchange(folder, concat(concat(v2, frame('N', "x".repeat(65_536))), frame('I', ""))));
            assertEquals(
                    "R:the input's end ('D') came twice",
                    exchange(folder, concat(concat(v2, frame('D', "")), frame('D', ""))));
            assertTrue(daemon.isAlive(), daemon::stderr);
            try (OrchardProcess echo = OrchardProcess.start(folder, "-c", "echo still")) {
                assertEquals(0, echo.waitFor(60), echo::stderr);
                echo.drained();
                assertEquals("still", echo.stdout().trim(), echo::stderr);
            }
        }
    }

    // Input reaches cat while it runs (before stdin ends); the end of stdin ends cat, and -c with its status.
    private void catEchoesAndEndsWithItsInput() throws Exception {
        try (OrchardProcess cat = OrchardProcess.start(folder, "-c", "orchard:exec local p p cat")) {
            cat.type("hi");
            cat.awaitStdoutSince(0, "hi\n", 60);
            assertTrue(cat.isAlive(), "cat runs until its input ends");
            cat.type("there");
            cat.closeStdin();
            assertEquals(0, cat.waitFor(60), cat::stderr);
            cat.drained();
            assertEquals("hi\nthere\n", cat.stdout(), cat::stderr);
        }
    }

    // Stdin stays open (a terminal, a pipe never closed): a command that does not read it still ends.
    private void commandsThatDoNotReadEndWithStdinOpen() throws Exception {
        try (OrchardProcess pods = OrchardProcess.start(folder, "-c", "orchard:pods local")) {
            assertEquals(0, pods.waitFor(60), pods::stderr);
            pods.drained();
            assertTrue(pods.stdout().contains("Running"), pods::stdout);
        }
        try (OrchardProcess exec = OrchardProcess.start(folder, "-c", "orchard:exec local p p sh -c 'exit 4'")) {
            assertEquals(4, exec.waitFor(60), exec::stderr);
        }
    }
}
