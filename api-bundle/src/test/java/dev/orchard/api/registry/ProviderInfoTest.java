package dev.orchard.api.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProviderInfoTest {
    @Test
    void keepsItsComponents() {
        ProviderInfo info = new ProviderInfo(
                "mock",
                ProviderKind.ORCHESTRATOR,
                ProviderState.FAILED,
                "dev.orchard.provider.mock",
                "0.1.0",
                42,
                10,
                Optional.of("activation threw"));
        assertEquals("mock", info.name());
        assertEquals(ProviderKind.ORCHESTRATOR, info.kind());
        assertEquals(ProviderState.FAILED, info.state());
        assertEquals(42, info.serviceId());
        assertEquals(10, info.ranking());
        assertEquals(Optional.of("activation threw"), info.failureReason());
        assertEquals("dev.orchard.provider.mock/0.1.0", info.bundle());
    }

    @Test
    void nullsBecomeEmpty() {
        ProviderInfo info = new ProviderInfo(null, ProviderKind.POD, ProviderState.ACTIVE, null, null, 1, 0, null);
        assertEquals("", info.name());
        assertEquals("", info.bundleSymbolicName());
        assertEquals("", info.bundleVersion());
        assertEquals(Optional.empty(), info.failureReason());
        assertEquals("/", info.bundle());
    }

    @Test
    void kindAndStateAreRequired() {
        assertEquals(
                "kind",
                assertThrows(
                                NullPointerException.class,
                                () -> new ProviderInfo(
                                        "mock", null, ProviderState.ACTIVE, "b", "1", 1, 0, Optional.empty()))
                        .getMessage());
        assertEquals(
                "state",
                assertThrows(
                                NullPointerException.class,
                                () -> new ProviderInfo(
                                        "mock", ProviderKind.POD, null, "b", "1", 1, 0, Optional.empty()))
                        .getMessage());
    }
}
