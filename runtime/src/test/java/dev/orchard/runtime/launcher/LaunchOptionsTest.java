package dev.orchard.runtime.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class LaunchOptionsTest {
    @Test
    void noArgumentsIsInteractive() {
        assertEquals(
                LaunchOptions.Mode.INTERACTIVE,
                LaunchOptions.parse(new String[0]).mode());
    }

    @Test
    void daemon() {
        assertEquals(
                LaunchOptions.Mode.DAEMON,
                LaunchOptions.parse(new String[] {"--daemon"}).mode());
        assertEquals(
                LaunchOptions.Mode.DAEMON,
                LaunchOptions.parse(new String[] {"-d"}).mode());
    }

    @Test
    void commandJoinsTheRestOfTheLine() {
        LaunchOptions o = LaunchOptions.parse(new String[] {"-c", "orchard:provider", "mock"});
        assertEquals(LaunchOptions.Mode.COMMAND, o.mode());
        assertEquals("orchard:provider mock", o.command());
        assertEquals(
                "orchard:providers",
                LaunchOptions.parse(new String[] {"--command", "orchard:providers"})
                        .command());
    }

    @Test
    void badCommandLinesAreRefusedWithAReason() {
        for (String[] bad : new String[][] {
            {"-c"}, {"-c", "  "}, {"--daemon", "extra"}, {"--bogus"}, {"-x", "-c"}, {"--help", "x"}, {"--version", "-c"}
        }) {
            LaunchOptions o = LaunchOptions.parse(bad);
            assertEquals(LaunchOptions.Mode.INVALID, o.mode(), String.join(" ", bad));
            assertNotNull(o.error());
        }
        assertEquals(
                "unknown option --bogus",
                LaunchOptions.parse(new String[] {"--bogus"}).error());
        assertNull(LaunchOptions.parse(new String[] {"--help"}).error());
        assertEquals(
                LaunchOptions.Mode.HELP,
                LaunchOptions.parse(new String[] {"-h"}).mode());
        assertEquals(
                LaunchOptions.Mode.VERSION,
                LaunchOptions.parse(new String[] {"--version"}).mode());
    }
}
