package dev.orchard.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orchard.runtime.control.LaunchMode;
import java.io.File;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RuntimeDefaultsTest {
    @Test
    void gogosOwnConsoleNeverRunsSoNoModeReadsStdinThroughIt() {
        // The interactive mode has Orchard's UTF-8 console (ShellConsole) instead; the daemon and -c have none.
        assertEquals("--nointeractive", RuntimeDefaults.of(LaunchMode.DAEMON).get("gosh.args"));
    }

    @Test
    void anOperatorsGoshArgsKeepGogosOwnConsoleOff() {
        assertEquals("--nointeractive -q", RuntimeDefaults.withNoInteractive("-q"));
        assertEquals("--nointeractive", RuntimeDefaults.withNoInteractive(" "));
        assertEquals("--nointeractive", RuntimeDefaults.withNoInteractive(null));
        assertEquals("-q --nointeractive", RuntimeDefaults.withNoInteractive("-q --nointeractive"));
        String before = System.getProperty("gosh.args");
        try {
            System.setProperty("gosh.args", "-q");
            RuntimeDefaults.apply(Map.of());
            assertEquals("--nointeractive -q", System.getProperty("gosh.args"));
        } finally {
            if (before == null) {
                System.clearProperty("gosh.args");
            } else {
                System.setProperty("gosh.args", before);
            }
        }
    }

    @Test
    void fileInstallPollsFastEnoughForSubSecondDeploys() {
        Map<String, String> d = RuntimeDefaults.of(LaunchMode.DAEMON);
        assertEquals("200", d.get("felix.fileinstall.poll"));
        assertEquals(
                new File(System.getProperty("user.dir"), "deploy").getAbsolutePath(), d.get("felix.fileinstall.dir"));
    }

    @Test
    void fileInstallLogsThroughJavaUtilLoggingWhereEachFailureBecomesOneLine() {
        Map<String, String> d = RuntimeDefaults.of(LaunchMode.DAEMON);
        assertEquals("jul", d.get("felix.fileinstall.log.default"));
        assertEquals("4", d.get("felix.fileinstall.log.level"), "every level reaches FileInstallLog, which sorts them");
    }

    @Test
    void aOneShotCommandLogsOnlyWarningsOfOrchardWhileTheShellAndTheDaemonLogTheirLifecycle() {
        String key = "org.slf4j.simpleLogger.log.dev.orchard";
        assertEquals("warn", RuntimeDefaults.of(LaunchMode.COMMAND).get(key));
        assertEquals("info", RuntimeDefaults.of(LaunchMode.DAEMON).get(key));
        assertEquals("info", RuntimeDefaults.of(LaunchMode.INTERACTIVE).get(key));
    }
}
