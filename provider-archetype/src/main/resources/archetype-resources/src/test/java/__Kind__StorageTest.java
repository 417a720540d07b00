package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeProfile;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ${kind} storage as a caller meets it: volumes added, read, listed and deleted, within the pool. */
class ${Kind}StorageTest {
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    private final ${Kind}Storage storage = new ${Kind}Storage(2L << 30, Clock.fixed(NOW, ZoneOffset.UTC));

    private static VolumeProfile volume(String name, String capacity) {
        return VolumeProfile.builder().name(name).capacity(capacity).build();
    }

    @Test
    void anAddedVolumeIsReadListedAndDeleted() {
        Volume added = storage.addStorage(volume("data", "1Gi"));

        assertEquals(1L << 30, added.capacityBytes());
        assertEquals(NOW, added.creationTime());
        assertEquals(added, storage.readStorage(volume("data", "1Gi")).orElseThrow());
        assertEquals(List.of(added), storage.listStorage(VolumeProfile.builder().build()).items());
        assertTrue(storage.deleteStorage(volume("data", "1Gi")));
        assertFalse(storage.readStorage(volume("data", "1Gi")).isPresent());
        assertFalse(storage.deleteStorage(volume("data", "1Gi")), "a second delete finds nothing");
    }

    @Test
    void aVolumeThatExistsIsNotAddedTwice() {
        storage.addStorage(volume("data", "1Gi"));

        assertThrows(AlreadyExistsException.class, () -> storage.addStorage(volume("data", "1Gi")));
    }

    @Test
    void aVolumeLargerThanWhatThePoolHasLeftIsRefusedWithTheSizes() {
        storage.addStorage(volume("first", "1536Mi"));

        UnavailableException e =
                assertThrows(UnavailableException.class, () -> storage.addStorage(volume("second", "1Gi")));
        assertEquals(
                "volume second needs 1Gi but the ${kind} storage pool has 512Mi of 2Gi left", e.getMessage());
    }

    @Test
    void theOrchestratorOffersItsStorage() {
        ${Kind}Orchestrator orchestrator = new ${Kind}Orchestrator("${kind}", "${kind}", "local", storage);

        assertEquals(storage, orchestrator.storageOps().orElseThrow());
    }
}
