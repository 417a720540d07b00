package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interactive shell through the real jar: UTF-8 both ways, and Ctrl-C ending the running command (however often
 * pressed, and at the prompt) without stopping the runtime.
 */
class ShellConsoleIT {
    @TempDir
    Path folder;

    @Test
    void utf8RoundTripsThroughTheInteractiveShell() throws Exception {
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            String created = orchard.run("orchard:pod-run local u echo héllo");
            assertTrue(created.startsWith("Pod default/u created on local"), created);
            assertEquals("héllo", awaitLog(orchard, "orchard:logs local u"));
            assertEquals(
                    "InvalidInput: invalid provider name \"donnée\": it must consist of lower case letters a-z, digits"
                            + " 0-9 and '-', and start and end with a letter or digit (a DNS-1123 label)",
                    orchard.runFailing("orchard:provider donnée"));
            assertEquals("ünïcödé ✓", orchard.run("echo ünïcödé ✓"));
            orchard.run("orchard:pod-rm local u");
            orchard.type("stop 0");
            assertEquals(0, orchard.waitFor(30));
        }
    }

    @Test
    void ctrlCEndsTheFollowAndTheShellGoesOn() throws Exception {
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            orchard.run("orchard:pod-run local t sh -c 'while true; do echo tick; sleep 0.1; done'");
            orchard.type("orchard:logs local t --follow");
            orchard.awaitOutput("tick\ntick\ntick\n", 30);
            orchard.signal("INT");
            String after = orchard.run("echo still here");
            assertEquals("still here", lastLine(after), "the shell answers: " + after);
            assertTrue(orchard.isAlive());
            // A repeated Ctrl-C on one command ends it, and does not stop the runtime.
            int from = orchard.stdout().length();
            orchard.type("orchard:logs local t --follow");
            orchard.awaitStdoutSince(from, "tick\ntick\ntick\n", 30);
            int ticking = orchard.stdout().length();
            orchard.signal("INT");
            orchard.signal("INT");
            // The prompt after the follow, then a fresh one for one more Ctrl-C: the signals before it were handled,
            // so none can reach the next command.
            orchard.awaitStdoutSince(ticking, "g! ", 30);
            ctrlCAtThePrompt(orchard);
            assertEquals("again", lastLine(orchard.run("echo again")));
            orchard.run("orchard:pod-rm local t");
            // Ctrl-C at the prompt gives a fresh prompt; it does not stop the runtime either.
            ctrlCAtThePrompt(orchard);
            ctrlCAtThePrompt(orchard);
            assertEquals("at the prompt", lastLine(orchard.run("echo at the prompt")));
            assertTrue(orchard.isAlive());
            // The end of input (Ctrl-D) stops the runtime cleanly.
            orchard.closeStdin();
            assertEquals(0, orchard.waitFor(30), orchard.stderr());
            assertTrue(orchard.stderr().contains("Provider removed: POD local"), orchard.stderr());
        }
    }

    // Ctrl-C at the prompt, and the fresh prompt it gives.
    private static void ctrlCAtThePrompt(OrchardProcess orchard) throws Exception {
        int from = orchard.stdout().length();
        orchard.signal("INT");
        orchard.awaitStdoutSince(from, "\ng! ", 30);
    }

    private static String lastLine(String printed) {
        return printed.lines().reduce((a, b) -> b).orElse("");
    }

    // A pod's log once its command has written it.
    private static String awaitLog(OrchardProcess orchard, String command) throws Exception {
        long deadline = System.nanoTime() + 20_000_000_000L;
        String out;
        while ((out = orchard.run(command)).isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "no log");
            Thread.sleep(50);
        }
        return out;
    }
}
