package dev.orchard.api.provider;

import static dev.orchard.api.InvalidInput.assertInvalidInputContaining;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProviderConfigurationTest {
    /** A configuration declared as providers declare theirs. */
    @interface Sample {
        String name() default "";

        String label() default "sample";

        int service_ranking() default 0;

        int max_pods() default 110;

        String volume_pool() default "";

        String node_cpu() default "20";

        String sandbox_root() default "";
    }

    private static ProviderConfiguration config(Map<String, ?> properties) {
        return ProviderConfiguration.of(properties, Sample.class, "sample");
    }

    @Test
    void keysAreNamedAsDeclarativeServicesNamesThem() {
        assertEquals("max.pods", ProviderConfiguration.key("max_pods"));
        assertEquals("a_b", ProviderConfiguration.key("a__b"));
        assertEquals("a-b", ProviderConfiguration.key("a$_$b"));
        assertEquals("a$b", ProviderConfiguration.key("a$$b"));
        assertEquals("ab", ProviderConfiguration.key("a$b"));
    }

    @Test
    void defaultsComeFromTheAnnotation() {
        ProviderConfiguration c = config(Map.of());
        assertEquals("sample", c.name());
        assertEquals("sample", c.text("label"));
        assertEquals(110, c.count("max.pods"));
        assertEquals(Optional.empty(), c.bytes("volume.pool"));
        assertEquals(20_000, c.millicores("node.cpu"));
        assertEquals(0, c.ranking());
    }

    @Test
    void valuesMayBeStringsOrTyped() {
        ProviderConfiguration c = config(Map.of("max.pods", "5", "service.ranking", 7, "volume.pool", "1Gi"));
        assertEquals(5, c.count("max.pods"));
        assertEquals(7, c.ranking());
        assertEquals(Optional.of(1L << 30), c.bytes("volume.pool"));
        assertEquals(9, config(Map.of("max.pods", 9, "service.ranking", " -3 ")).count("max.pods"));
        assertEquals(-3, config(Map.of("service.ranking", " -3 ")).ranking());
    }

    @Test
    void aFactoryConfigurationIsNamedAfterItsPidUnlessNameIsSet() {
        assertEquals(
                "edge",
                config(Map.of("service.pid", "dev.orchard.provider.sample~edge"))
                        .name());
        assertEquals(
                "core",
                config(Map.of("service.pid", "dev.orchard.provider.sample~edge", "name", "core"))
                        .name());
    }

    @Test
    void aFailedInstanceIsShownUnderAValidNameWhereThereIsOne() {
        assertEquals(
                "core", config(Map.of("service.pid", "x~edge", "name", "core")).failedName());
        assertEquals(
                "edge", config(Map.of("service.pid", "x~edge", "name", "UPPER")).failedName());
        assertEquals(
                "sample", config(Map.of("service.pid", "x", "name", "UPPER")).failedName());
        assertEquals(
                "UPPER",
                config(Map.of("service.pid", "x~Bad_Instance", "name", "UPPER")).failedName());
    }

    @Test
    void badValuesNameTheKeyTheConfigurationAndTheValue() {
        assertInvalidInputContaining(
                () -> config(Map.of("service.pid", "x~edge", "max.pods", "abc")).count("max.pods"),
                "configuration key max.pods (x~edge)",
                "\"abc\"");
        assertInvalidInputContaining(
                () -> config(Map.of("name", "UPPER")).name(), "configuration key name", "\"UPPER\"");
        assertInvalidInputContaining(
                () -> config(Map.of("service.ranking", "high")).ranking(), "service.ranking", "\"high\"");
        assertInvalidInputContaining(
                () -> config(Map.of("volume.pool", "lots")).bytes("volume.pool"), "volume.pool", "\"lots\"");
        assertInvalidInputContaining(
                () -> config(Map.of("label", new String[] {"a", "b"})).text("label"), "label", "single value");
        assertInvalidInputContaining(
                () -> config(Map.of("max.pods", String.valueOf(Long.MAX_VALUE))).count("max.pods"), "max.pods");
    }

    @Test
    void unknownKeysAreAnErrorThatListsTheKnownOnes() {
        Map<String, Object> props = new HashMap<>();
        props.put("maxPods", "5");
        props.put("pods", "5");
        props.put("service.pid", "dev.orchard.provider.sample");
        props.put("component.name", "x");
        props.put("felix.fileinstall.filename", "file:/x.cfg");
        props.put("shell.target", "(x=y)");
        assertInvalidInputContaining(
                () -> config(props).requireKnownKeys(),
                "unknown key(s) maxPods, pods",
                "known keys are label, max.pods, name, node.cpu, sandbox.root, service.ranking, volume.pool");
        props.remove("maxPods");
        props.remove("pods");
        config(props).requireKnownKeys();
    }

    @Test
    void foldersResolveAgainstTheBase() {
        Path base = Path.of("/srv/orchard");
        assertEquals(Path.of("/srv/orchard/data/pods"), config(Map.of()).folder("sandbox.root", base, "data/pods"));
        assertEquals(
                Path.of("/srv/orchard/sb"),
                config(Map.of("sandbox.root", "sb/")).folder("sandbox.root", base, "x"));
        assertEquals(Path.of("/abs"), config(Map.of("sandbox.root", "/abs/./")).folder("sandbox.root", base, "x"));
        assertInvalidInputContaining(
                () -> config(Map.of("sandbox.root", "a\u0000b")).folder("sandbox.root", base, "x"), "sandbox.root");
    }

    @Test
    void readingAnUndeclaredKeyIsAProgrammingError() {
        assertThrows(IllegalArgumentException.class, () -> config(Map.of()).text("nope"));
    }
}
