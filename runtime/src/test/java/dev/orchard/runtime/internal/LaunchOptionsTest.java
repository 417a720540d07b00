package dev.orchard.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.File;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LaunchOptionsTest {
    @Test
    void noArgumentsIsInteractiveAndKeepsTheConsole() {
        LaunchOptions o = LaunchOptions.parse(new String[0]);
        assertEquals(LaunchOptions.Mode.INTERACTIVE, o.mode);
        assertNull(RuntimeActivator.defaults(o).get("gosh.args"));
    }

    @Test
    void daemonNeverReadsStdin() {
        LaunchOptions o = LaunchOptions.parse(new String[] {"--daemon"});
        assertEquals(LaunchOptions.Mode.DAEMON, o.mode);
        assertEquals("--nointeractive", RuntimeActivator.defaults(o).get("gosh.args"));
        assertEquals(LaunchOptions.Mode.DAEMON, LaunchOptions.parse(new String[] {"-d"}).mode);
    }

    @Test
    void commandJoinsTheRestOfTheLine() {
        LaunchOptions o = LaunchOptions.parse(new String[] {"-c", "orchard:provider", "mock"});
        assertEquals(LaunchOptions.Mode.ONE_SHOT, o.mode);
        assertEquals("orchard:provider mock", o.command);
        assertEquals("orchard:providers", LaunchOptions.parse(new String[] {"--command", "orchard:providers"}).command);
    }

    @Test
    void badCommandLinesAreRefusedWithAReason() {
        assertNotNull(LaunchOptions.parse(new String[] {"-c"}).error);
        assertNotNull(LaunchOptions.parse(new String[] {"-c", "  "}).error);
        assertNotNull(LaunchOptions.parse(new String[] {"--daemon", "extra"}).error);
        assertNotNull(LaunchOptions.parse(new String[] {"--bogus"}).error);
        assertNull(LaunchOptions.parse(new String[] {"--help"}).error);
    }

    @Test
    void fileInstallPollsFastEnoughForSubSecondDeploys() {
        Map<String, String> d = RuntimeActivator.defaults(LaunchOptions.parse(new String[0]));
        assertEquals("200", d.get("felix.fileinstall.poll"));
        assertEquals(
                new File(System.getProperty("user.dir"), "deploy").getAbsolutePath(), d.get("felix.fileinstall.dir"));
    }

    @Test
    void namedFactoryConfigurationFileNames() {
        assertArrayEquals(
                new String[] {"dev.orchard.provider.mock", "edge"},
                NamedConfigurationInstaller.parse(new File("deploy/dev.orchard.provider.mock~edge.cfg")));
        assertNull(NamedConfigurationInstaller.parse(new File("dev.orchard.provider.mock-edge.cfg")));
        assertNull(NamedConfigurationInstaller.parse(new File("~edge.cfg")));
        assertNull(NamedConfigurationInstaller.parse(new File("pid~.cfg")));
        assertNull(NamedConfigurationInstaller.parse(new File("a~b~c.cfg")));
        assertNull(NamedConfigurationInstaller.parse(new File("pid~edge.config")));
    }
}
