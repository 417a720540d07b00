package dev.orchard.provider.local.internal.volumes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.provider.local.internal.files.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A volume's metadata file edited into nonsense: turning it back into a Volume is the provider's fault
 * (PROVIDER_FAULT, naming the file and the field), not a caller's InvalidInput. At start the storage skips such a
 * volume and keeps its data; issue 13 is to show it as a Failed volume instead.
 */
class StoredVolumeTest {
    @TempDir
    Path dir;

    private static StoredVolume stored(Map<String, String> labels, String phase, String creationTime) {
        return new StoredVolume(
                StoredVolume.FORMAT,
                "data",
                "default",
                "u-1",
                labels,
                Map.of(),
                1 << 20,
                1,
                "",
                phase,
                "",
                creationTime);
    }

    @Test
    void aValidFileIsTheVolume() {
        var v = stored(Map.of("app", "db"), "BOUND", "2030-01-01T00:00:00Z").toVolume(dir.resolve("data.volume.json"));
        assertEquals(VolumePhase.BOUND, v.phase());
        assertEquals(Map.of("app", "db"), v.labels());
    }

    @Test
    void anInvalidLabelPhaseOrTimeIsAProviderFault() {
        Path file = dir.resolve("data.volume.json");
        assertFault(stored(Map.of("bad key!", "x"), "BOUND", "2030-01-01T00:00:00Z"), file, "label");
        assertFault(stored(Map.of(), "LOST", "2030-01-01T00:00:00Z"), file, "LOST");
        assertFault(stored(Map.of(), "BOUND", "soon"), file, "soon");
    }

    private static void assertFault(StoredVolume stored, Path file, String detail) {
        ProviderFaultException e = assertThrows(ProviderFaultException.class, () -> stored.toVolume(file));
        assertEquals(OrchardException.Category.PROVIDER_FAULT, e.category());
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains(detail), e.getMessage());
    }

    @Test
    void atStartAVolumeWhoseFileHoldsAnInvalidLabelIsFailedWithTheReasonAndItsDataKept() throws Exception {
        LocalStorage first = new LocalStorage(LocalStorage.root(dir.resolve("volumes")), 1L << 30, Clock.systemUTC());
        first.addStorage(VolumeProfile.builder().name("data").capacity("1Mi").build());
        Path ns = dir.resolve("volumes").toRealPath().resolve("default");
        Files.writeString(ns.resolve("data/keep"), "x");
        Path meta = ns.resolve("data" + VolumeFiles.METADATA_SUFFIX);
        Files.write(
                meta,
                Json.mapper().writeValueAsBytes(stored(Map.of("bad key!", "x"), "AVAILABLE", "2030-01-01T00:00:00Z")));

        LocalStorage second = new LocalStorage(LocalStorage.root(dir.resolve("volumes")), 1L << 30, Clock.systemUTC());
        Volume failed =
                second.readStorage(VolumeProfile.builder().name("data").build()).orElseThrow();
        assertEquals(VolumePhase.FAILED, failed.phase(), "listed, not skipped");
        assertTrue(
                failed.message().contains("bad key!") && failed.message().contains(meta.toString()), failed.message());
        assertEquals("x", Files.readString(ns.resolve("data/keep")), "its data is kept for a person to look at");
    }
}
