package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

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
            // The prompt after the follow. The second signal may still be on its way (each is handled on a thread of
            // its own) and end the next command instead; once a command has answered, both were handled.
            orchard.awaitStdoutSince(ticking, "g! ", 30);
            answers(orchard, "again");
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

    @Test
    void ctrlCAtAnyMomentOfALineNeverHangsNorSilencesTheShell() throws Exception {
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            orchard.run("kept = 'a value'");
            // Gogo runs each command of a line as a job on a thread of the session's pool, so a Ctrl-C during a line of
            // many short ones lands in every phase of a job: before a thread took it up (Gogo's cancel then left the
            // shell waiting forever) and while it writes (Gogo then closed the session's stream, which was stdout).
            String line = "echo tick; ".repeat(40) + "echo end";
            for (int i = 0; i < 40; i++) {
                orchard.type(line);
                orchard.signal("INT");
                answers(orchard, "after-" + i);
            }
            assertEquals("still here", lastLine(orchard.run("echo still here")));
            // Each interrupted line had the next one run in a fresh session: the variables went along.
            assertEquals("a value", lastLine(orchard.run("echo $kept")));
            orchard.type("stop 0");
            assertEquals(0, orchard.waitFor(30), orchard.stderr());
        }
    }

    // The shell answers a command. A Ctrl-C that came late may end one command, so a second one must answer; the
    // first is given less time, since an echo answers in milliseconds unless a Ctrl-C ate it.
    private static void answers(OrchardProcess orchard, String word) throws Exception {
        for (int attempt = 1; attempt <= 2; attempt++) {
            int from = orchard.stdout().length();
            orchard.type("echo " + word + "-" + attempt);
            if (orchard.printsSince(from, word + "-" + attempt + "\n", attempt == 1 ? 5 : 20)) {
                return;
            }
        }
        fail("the shell no longer answers (alive: " + orchard.isAlive() + ")\nstdout:\n" + orchard.stdout()
                + "\nstderr:\n" + orchard.stderr());
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
