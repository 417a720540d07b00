package dev.orchard.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.orchard.runtime.control.LaunchMode;
import java.io.File;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RuntimeDefaultsTest {
    @Test
    void theInteractiveModeKeepsTheConsole() {
        assertNull(RuntimeDefaults.of(LaunchMode.INTERACTIVE).get("gosh.args"));
    }

    @Test
    void daemonNeverReadsStdin() {
        assertEquals("--nointeractive", RuntimeDefaults.of(LaunchMode.DAEMON).get("gosh.args"));
        assertEquals("--nointeractive", RuntimeDefaults.of(LaunchMode.COMMAND).get("gosh.args"));
    }

    @Test
    void fileInstallPollsFastEnoughForSubSecondDeploys() {
        Map<String, String> d = RuntimeDefaults.of(LaunchMode.INTERACTIVE);
        assertEquals("200", d.get("felix.fileinstall.poll"));
        assertEquals(
                new File(System.getProperty("user.dir"), "deploy").getAbsolutePath(), d.get("felix.fileinstall.dir"));
    }
}
