package dev.orchard.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.File;
import org.junit.jupiter.api.Test;

class NamedConfigurationInstallerTest {
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
