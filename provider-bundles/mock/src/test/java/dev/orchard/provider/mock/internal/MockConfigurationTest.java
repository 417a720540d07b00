package dev.orchard.provider.mock.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.provider.ProviderConfiguration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A mock instance built from its configuration: the dotted keys, their defaults, and what is wrong with a value. */
class MockConfigurationTest {
    private static MockInstance from(Map<String, Object> properties) {
        return MockInstance.from(ProviderConfiguration.of(properties, MockConfiguration.class, "mock"), Fixtures.CLOCK);
    }

    private static Resources capacity(MockInstance m) {
        return m.pods().configureNode(Node.named("n1")).capacity();
    }

    @Test
    void defaultCapacityIsVirtualKubeletsMock() {
        MockInstance m = from(Map.of());
        try {
            assertEquals(new Resources(20_000, 100L << 30, 20), capacity(m));
            assertEquals(Fixtures.DEFAULT_CAPACITY, capacity(m));
            assertEquals("mock", m.orchestrator().name());
            assertEquals("mock", m.orchestrator().label());
            assertEquals("local", m.orchestrator().region());
        } finally {
            m.close();
        }
    }

    @Test
    void theDefaultPoolIsOneTebibyte() {
        MockInstance m = from(Map.of());
        try {
            m.storage().addStorage(Fixtures.volume("default", "most", "1023Gi"));
            UnavailableException e = assertThrows(
                    UnavailableException.class,
                    () -> m.storage().addStorage(Fixtures.volume("default", "more", "2Gi")));
            assertTrue(e.getMessage().contains("1Gi of 1Ti left"), e.getMessage());
        } finally {
            m.close();
        }
    }

    @Test
    void theDottedKeysSetNodeCapacityPoolLabelAndRegion() {
        MockInstance m = from(Map.of(
                "name", "edge",
                "label", "lab",
                "region", "eu-west",
                "node.cpu", "2",
                "node.memory", "4Gi",
                "max.pods", "3",
                "volume.pool", "2Gi"));
        try {
            assertEquals(new Resources(2000, 4L << 30, 3), capacity(m));
            assertEquals("edge", m.orchestrator().name());
            assertEquals("lab", m.orchestrator().label());
            assertEquals("eu-west", m.orchestrator().region());
            m.storage().addStorage(Fixtures.volume("default", "a", "2Gi"));
            assertThrows(
                    UnavailableException.class,
                    () -> m.storage()
                            .addStorage(VolumeProfile.builder()
                                    .name("b")
                                    .capacityBytes(1)
                                    .build()));
        } finally {
            m.close();
        }
    }

    @Test
    void anEmptyPoolHasNoLimit() {
        MockInstance m = from(Map.of("volume.pool", ""));
        try {
            assertEquals(
                    "huge",
                    m.storage()
                            .addStorage(Fixtures.volume("default", "huge", "1Ei"))
                            .name());
        } finally {
            m.close();
        }
    }

    @Test
    void aValueThatDoesNotParseNamesItsKey() {
        for (List<String> bad : List.of(
                List.of("max.pods", "abc"),
                List.of("max.pods", "0"),
                List.of("node.cpu", "lots"),
                List.of("node.memory", "lots"),
                List.of("volume.pool", "-1Gi"))) {
            InvalidInputException e =
                    assertThrows(InvalidInputException.class, () -> from(Map.of(bad.get(0), bad.get(1))));
            assertTrue(e.getMessage().contains(bad.get(0)), e.getMessage());
            assertTrue(e.getMessage().contains(bad.get(1)), e.getMessage());
        }
        InvalidInputException blank = assertThrows(InvalidInputException.class, () -> from(Map.of("node.memory", " ")));
        assertTrue(blank.getMessage().contains("node.memory"), blank.getMessage());
    }

    @Test
    void anInvalidNameSaysWhatIsAllowed() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> from(Map.of("name", "UPPER")));
        assertTrue(e.getMessage().contains("\"UPPER\""), e.getMessage());
        assertTrue(e.getMessage().contains("DNS-1123"), e.getMessage());
    }
}
