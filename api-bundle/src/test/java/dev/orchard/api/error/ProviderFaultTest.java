package dev.orchard.api.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.pod.ObjectMeta;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A record that fails its validation is the caller's InvalidInput when the caller builds it as input, and the
 * provider's fault when a provider builds it as its output.
 */
class ProviderFaultTest {
    @Test
    void aCallerBuildingAnInvalidRecordGetsInvalidInput() {
        assertThrows(
                InvalidInputException.class, () -> new ObjectMeta("Not-A-Label", "default", null, null, null, null));
    }

    @Test
    void aProviderBuildingAnInvalidVolumeIsAProviderFaultNamingWhatItBuilt() {
        ProviderFaultException e = assertThrows(
                ProviderFaultException.class,
                () -> ProviderFaultException.output(
                        "volume default/data",
                        () -> new Volume(
                                "data",
                                "default",
                                "uid-1",
                                Map.of("bad key!", "v"),
                                Map.of(),
                                1024,
                                0,
                                1,
                                "",
                                VolumePhase.AVAILABLE,
                                "",
                                Instant.EPOCH)));
        assertEquals(OrchardException.Category.PROVIDER_FAULT, e.category());
        assertFalse(e.retryable(), "a provider fault does not go away by retrying");
        assertEquals(
                true,
                e.getMessage().startsWith("the provider built an invalid volume default/data: volume labels key"),
                e.getMessage());
        assertInstanceOf(InvalidInputException.class, e.getCause());
    }

    @Test
    void aValidOutputPassesThroughUnchanged() {
        Object built = new Object();
        assertSame(built, ProviderFaultException.output("anything", () -> built));
    }

    @Test
    void otherFailuresOfTheBuildAreNotRelabelled() {
        assertThrows(
                NotFoundException.class,
                () -> ProviderFaultException.output("pod default/web", () -> {
                    throw new NotFoundException("gone");
                }));
    }
}
