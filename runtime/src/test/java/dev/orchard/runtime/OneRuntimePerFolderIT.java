package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.runtime.OrchardProcess.Ended;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One runtime per folder, through the real jar: options that only print create nothing; a second start is refused
 * naming the running one; SIGTERM and SIGINT stop the daemon cleanly with 0.
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
}
