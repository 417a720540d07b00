package dev.orchard.runtime.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.runtime.launcher.LauncherProperties.RunBundle;
import java.io.IOException;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class LauncherPropertiesTest {
    // As bnd 7.1's export writes them, after Properties.load.
    private static Properties exported() {
        Properties p = new Properties();
        p.setProperty("launch.bundles", "jar/a-1.jar,jar/b-2.jar,jar/c-3.jar");
        p.setProperty(
                "launch.runbundles.attrs",
                "a;version=\"1.0.0\";startlevel=1,b;version=\"[2,3)\";startlevel=20,c;version=\"3.0.0\"");
        p.setProperty("launch.startlevel.default", "31");
        p.setProperty("org.osgi.framework.startlevel.beginning", "32");
        p.setProperty("launch.system.packages", "org.osgi.framework;version=\"1.10\",org.osgi.dto");
        p.setProperty("launch.trace", "false");
        p.setProperty("some.run.property", "x");
        return p;
    }

    @Test
    void theBundlesPairWithTheirStartLevelsInOrder() throws IOException {
        LauncherProperties launch = LauncherProperties.parse(exported());
        assertEquals(
                List.of(
                        new RunBundle("jar/a-1.jar", "a", 1),
                        new RunBundle("jar/b-2.jar", "b", 20),
                        new RunBundle("jar/c-3.jar", "c", 0)),
                launch.bundles());
        assertEquals(31, launch.defaultStartLevel());
    }

    @Test
    void runPropertiesAndSystemPackagesGoToTheFrameworkButNotTheLaunchersOwnKeys() throws IOException {
        LauncherProperties launch = LauncherProperties.parse(exported());
        assertEquals("32", launch.frameworkProperties().get("org.osgi.framework.startlevel.beginning"));
        assertEquals("x", launch.frameworkProperties().get("some.run.property"));
        assertEquals(
                "org.osgi.framework;version=\"1.10\",org.osgi.dto",
                launch.frameworkProperties().get("org.osgi.framework.system.packages.extra"));
        assertTrue(launch.frameworkProperties().keySet().stream().noneMatch(k -> k.startsWith("launch.")));
    }

    @Test
    void bundlesWithoutTheirAttributesAreRefused() {
        Properties p = exported();
        p.setProperty("launch.bundles", "jar/a-1.jar,jar/b-2.jar");
        IOException e = assertThrows(IOException.class, () -> LauncherProperties.parse(p));
        assertEquals(
                "launcher.properties lists 2 bundles in launch.bundles but 3 in launch.runbundles.attrs",
                e.getMessage());
    }
}
