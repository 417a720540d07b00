package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.pod.VolumeMount;
import dev.orchard.provider.local.internal.files.Json;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pod journal's own records: today's files read as they are, and a hand-edited file as a provider fault. */
class StoredPodTest {
    @TempDir
    Path dir;

    // The pod that pod-format1.json holds: written by the provider before the journal had records of its own,
    // when it stored the API's PodSpec directly.
    private static final Container MAIN = new Container(
            "main",
            "busybox:1.36",
            List.of("sh", "-c"),
            List.of("sleep 300"),
            Map.of("COLOR", "green"),
            "/srv",
            List.of(new VolumeMount("data", "/mnt/data", false)),
            new Resources(250, 1L << 20, 0));
    private static final PodSpec SPEC = new PodSpec(
            List.of(MAIN, Container.of("side", "", "sleep", "300")),
            List.of(new PodVolume("data", "data")),
            RestartPolicy.ON_FAILURE,
            7,
            "node-1");

    private Path fixture() throws Exception {
        Path file = Files.createTempFile(dir, "pod", ".json");
        Files.delete(file);
        try (InputStream in = getClass().getResourceAsStream("pod-format1.json")) {
            Files.copy(in, file);
        }
        return file;
    }

    private Path edited(String from, String to) throws Exception {
        Path file = fixture();
        String text = Files.readString(file);
        assertTrue(text.contains(from), from);
        Files.writeString(file, text.replace(from, to));
        return file;
    }

    @Test
    void aJournalThatTheProviderWroteBeforeItHadItsOwnRecordsIsReadAsItIs() throws Exception {
        Path file = fixture();
        StoredPod stored = PodJournal.read(file);
        assertEquals(1, stored.format());
        assertEquals(SPEC, stored.spec(file));
        ObjectMeta meta = stored.meta(file);
        assertEquals("default/web", meta.namespace() + "/" + meta.name());
        assertEquals("f6c6ed05-f230-44e5-a720-04df141a13d7", meta.uid());
        assertEquals(Map.of("app", "web"), meta.labels());
        assertEquals(Map.of("note", "x y"), meta.annotations());
        assertEquals(Instant.parse("2026-12-03T07:33:29.634706921Z"), meta.creationTime());
        assertEquals(Instant.parse("2026-12-03T07:33:29.634706921Z"), stored.startTime(file));
        StoredPod.Run main = stored.runs(file).get("main");
        // Format 1 knew a run's start in milliseconds only, which never identifies a process: no start ticks, no
        // boot, so none of its processes is ever taken for the pod's.
        assertEquals(new StoredPod.Run("main", 23528, 0, null, 0, "2026-12-03T07:33:29.659309023Z"), main);
        assertEquals(2, stored.runs(file).size());
    }

    @Test
    void whatItWritesItReadsBackTheSame() throws Exception {
        ObjectMeta meta = new ObjectMeta("web", "prod", "u-1", Map.of("a", "b"), Map.of("n", "v"), Instant.EPOCH);
        Instant start = Instant.parse("2030-01-02T03:04:05.000000006Z");
        StoredPod.Run run = new StoredPod.Run("main", 42, 1234, "boot-1", 3, start.toString());
        Path file = dir.resolve("pod.json");
        Files.write(
                file,
                Json.mapper()
                        .writeValueAsBytes(StoredPod.of(
                                meta, SPEC, start, List.of(run), "token-1", List.of("/sys/fs/cgroup/x"), true)));

        StoredPod read = PodJournal.read(file);
        assertEquals(meta, read.meta(file));
        assertEquals(SPEC, read.spec(file));
        assertEquals(start, read.startTime(file));
        assertEquals(Map.of("main", run), read.runs(file));
        assertEquals(StoredPod.FORMAT, read.format());
        assertEquals("token-1", read.token());
        assertEquals(List.of("/sys/fs/cgroup/x"), read.cgroupFolders());
        assertTrue(read.deleting());
        assertEquals(start, StoredPod.startedAt(run));
        assertNull(StoredPod.startedAt(new StoredPod.Run("side", -1, 0, null, 0, null)), "a run that never started");
    }

    @Test
    void fieldsOfANewerVersionAreIgnored() throws Exception {
        Path file = edited("\"format\" : 1,", "\"format\" : 1, \"cgroup\" : \"/orchard/web\",");
        assertEquals(SPEC, PodJournal.read(file).spec(file));
    }

    @Test
    void aJournalEditedIntoNonsenseIsAProviderFaultNamingTheFileAndTheField() throws Exception {
        Path labels = edited("\"app\" : \"web\"", "\"bad key!\" : \"web\"");
        assertFault(() -> PodJournal.read(labels).meta(labels), labels, "label");

        Path policy = edited("\"ON_FAILURE\"", "\"SOMETIMES\"");
        assertFault(() -> PodJournal.read(policy).spec(policy), policy, "SOMETIMES");

        Path restarts = edited("\"restarts\" : 0,", "\"restarts\" : -2,");
        assertFault(() -> PodJournal.read(restarts).runs(restarts), restarts, "-2");

        Path time = edited("\"startTime\" : \"2026-12-03T07:33:29.634706921Z\"", "\"startTime\" : \"yesterday\"");
        assertFault(() -> PodJournal.read(time).startTime(time), time, "yesterday");

        Path format = edited("\"format\" : 1,", "\"format\" : 9,");
        assertFault(() -> PodJournal.read(format).meta(format), format, "format 9");
    }

    private interface Read {
        Object run() throws Exception;
    }

    private static void assertFault(Read read, Path file, String detail) {
        ProviderFaultException e = assertThrows(ProviderFaultException.class, read::run);
        assertEquals(OrchardException.Category.PROVIDER_FAULT, e.category());
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains(detail), e.getMessage());
    }
}
