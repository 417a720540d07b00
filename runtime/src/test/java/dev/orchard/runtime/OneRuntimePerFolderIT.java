package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.runtime.OrchardProcess.Ended;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One runtime per folder, through the real jar: options that only print create nothing; a second start is refused
 * naming the running one; {@code -c} runs inside the running daemon (its pod is the daemon's, and nothing starts or
 * adopts a second time); SIGTERM and SIGINT stop the daemon cleanly with 0.
 */
class OneRuntimePerFolderIT {
    @TempDir
    Path folder;

    @Test
    void helpVersionAndBadOptionsPrintAndCreateNothing() throws Exception {
        Path mydata = Files.createDirectories(folder.resolve("data/volumes/default/mydata"));
        Files.writeString(mydata.resolve("keep.txt"), "precious");
        List<String> before = listing();

        Ended help = OrchardProcess.once(folder, "--help");
        assertEquals(0, help.status(), help::toString);
        assertTrue(help.stdout().startsWith("Usage: java "), help::toString);
        Ended version = OrchardProcess.once(folder, "--version");
        assertEquals(0, version.status(), version::toString);
        assertTrue(version.stdout().matches("orchard \\S+ on Java \\S+\\s*"), version::toString);
        // The Java the jar runs on, where the build names it (the Java 25 run): a check that it really ran there.
        String feature = System.getProperty("orchard.it.java.feature", "");
        assertTrue(feature.isBlank() || version.stdout().contains(" on Java " + feature), version::toString);
        for (String[] bad : new String[][] {{"--bogus"}, {"-c"}, {"--daemon", "extra"}, {"-h", "x"}}) {
            Ended refused = OrchardProcess.once(folder, bad);
            assertEquals(2, refused.status(), refused::toString);
            assertTrue(
                    refused.stderr().startsWith("orchard: ") && refused.stderr().contains("Usage:"), refused::toString);
        }

        assertEquals(before, listing(), "nothing created, nothing removed");
        assertEquals("precious", Files.readString(mydata.resolve("keep.txt")));
    }

    @Test
    void aSecondStartIsRefusedNamingTheRunningOnesPid() throws Exception {
        try (OrchardProcess daemon = Daemons.start(folder)) {
            for (String[] second : new String[][] {{"--daemon"}, {}}) {
                Ended refused = OrchardProcess.once(folder, second);
                assertEquals(2, refused.status(), refused::toString);
                assertTrue(
                        refused.stderr()
                                .startsWith("orchard: a runtime already runs in " + folder.toRealPath() + " (pid "
                                        + daemon.pid() + ", daemon)"),
                        refused::toString);
                assertFalse(refused.stderr().contains("Provider added"), "no framework started");
            }
            assertTrue(daemon.isAlive(), "the running one runs on");
            assertEquals(1, count(daemon.stderr(), "Local volumes under"), "started once");
        }
    }

    @Test
    void aMinusCWaitsForAnotherMinusCsOwnRuntimeThenStartsItsOwn() throws Exception {
        // A scoped command nobody provides is waited for 3 s before it fails: the first holds the folder that long.
        try (OrchardProcess first = OrchardProcess.start(folder, "-c", "nosuch:command")) {
            first.closeStdin();
            Path lock = folder.resolve(".orchard/lock");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!(Files.exists(lock) && Files.readString(lock).endsWith(" command\n"))) {
                assertTrue(first.isAlive() && System.nanoTime() < deadline, "the first -c never took the folder");
                Thread.sleep(10);
            }
            try (OrchardProcess second = OrchardProcess.start(folder, "-c", "echo two")) {
                second.closeStdin();
                assertEquals(1, first.waitFor(60), first::stderr);
                assertTrue(first.stderr().contains("Command not found: nosuch:command"), first::stderr);
                assertEquals(0, second.waitFor(60), second::stderr);
                second.drained();
                assertEquals("two", second.stdout().trim(), second::stderr);
            }
        }
    }

    @Test
    void minusCRunsInsideTheRunningDaemon() throws Exception {
        try (OrchardProcess daemon = Daemons.start(folder)) {
            Ended run = OrchardProcess.once(folder, "-c", "orchard:pod-run local web sh -c 'echo up; sleep 300'");
            assertEquals(0, run.status(), run::toString);
            assertTrue(run.stdout().startsWith("Pod default/web created on local"), run::toString);
            assertEquals("", run.stderr(), "no framework of its own: no log line, no adoption");

            long pid = sleepingPid(daemon);
            assertTrue(pid > 0, "the pod's process is the daemon's");
            Ended pods = OrchardProcess.once(folder, "-c", "orchard:pods local");
            assertTrue(
                    pods.stdout().lines().anyMatch(l -> l.matches("web\\s+default\\s+Running\\s+1/1\\s+0")),
                    pods::toString);

            Ended exec = OrchardProcess.once(folder, "-c", "orchard:exec local web web sh -c 'echo bye; exit 3'");
            assertEquals(3, exec.status(), exec::toString);
            assertEquals("bye", exec.stdout().trim());
            Ended missing = OrchardProcess.once(folder, "-c", "orchard:provider nope");
            assertEquals(1, missing.status(), missing::toString);
            assertEquals(
                    "NotFound: provider \"nope\" not found", missing.stderr().trim());
            Ended unknown = OrchardProcess.once(folder, "-c", "no-such-command");
            assertEquals(1, unknown.status(), unknown::toString);

            assertEquals(pid, sleepingPid(daemon), "the pod ran on untouched through every -c");
            Ended rm = OrchardProcess.once(folder, "-c", "orchard:pod-rm local web");
            assertEquals(0, rm.status(), rm::toString);
            assertEquals(1, count(daemon.stderr(), "Local volumes under"), "one runtime, one start-up clean-up");
        }
    }

    @Test
    void sigtermAndSigintStopTheDaemonCleanlyWithZero() throws Exception {
        for (String signal : List.of("TERM", "INT")) {
            try (OrchardProcess daemon = Daemons.start(folder)) {
                daemon.signal(signal);
                assertEquals(0, daemon.waitFor(30), "SIG" + signal + ":\n" + daemon.stderr());
                for (String gone : List.of("ORCHESTRATOR local", "POD local", "ORCHESTRATOR mock", "POD mock")) {
                    assertTrue(
                            daemon.stderr().contains("Provider removed: " + gone),
                            "SIG" + signal + " stopped" + " the framework cleanly:\n" + daemon.stderr());
                }
                assertFalse(Files.exists(folder.resolve(".orchard/socket")), "the socket is gone");
            }
        }
    }

    // The folder's entries, recursively, as relative paths.
    private List<String> listing() throws Exception {
        try (Stream<Path> all = Files.walk(folder)) {
            return all.map(p -> folder.relativize(p).toString()).sorted().toList();
        }
    }

    private static long count(String text, String what) {
        return text.lines().filter(l -> l.contains(what)).count();
    }

    // The pid of the pod's `sleep 300`, among the daemon's descendants.
    private static long sleepingPid(OrchardProcess daemon) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            long pid = daemon.descendants()
                    .filter(h -> h.info()
                            .commandLine()
                            .map(c -> c.endsWith("sleep 300"))
                            .orElse(false))
                    .mapToLong(ProcessHandle::pid)
                    .findFirst()
                    .orElse(-1);
            if (pid > 0) {
                return pid;
            }
            Thread.sleep(20);
        }
        return -1;
    }
}
