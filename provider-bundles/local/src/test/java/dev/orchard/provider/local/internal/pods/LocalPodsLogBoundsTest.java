package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.provider.local.internal.logs.LogFormat;
import dev.orchard.provider.local.internal.processes.CgroupHost;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A container's output is bounded however it is shaped: output with no newline reaches the log file at once, in
 * parts of at most 16 KiB, and the log's cap applies to it; a line far longer than the cap is kept only up to it.
 */
class LocalPodsLogBoundsTest extends LocalPodsTestBase {
    private static final long CAP = 200_000;

    @BeforeEach
    void openWithASmallCap() throws Exception {
        reopen(CAP, CgroupHost.NONE);
    }

    private Path logs(String pod) {
        return podRoot.resolve(".orchard/pods").resolve(NS).resolve(pod).resolve("c");
    }

    private long kept(String pod) throws Exception {
        long n = 0;
        for (String f : new String[] {"current.log", "current.log.1"}) {
            Path p = logs(pod).resolve(f);
            n += Files.exists(p) ? Files.size(p) : 0;
        }
        return n;
    }

    // orchard:pod-run local l3 sh -c 'tr "\000" a < /dev/zero': it grew in memory and left a 0-byte log.
    @Test
    void outputWithoutANewlineIsLoggedInPartsAndCapped() throws Exception {
        createRunning("l3", "tr '\\000' a < /dev/zero");
        await("the log to be rotated", WAIT, () -> Files.exists(logs("l3").resolve("current.log.1")), b -> b);
        String part = Files.readAllLines(logs("l3").resolve("current.log.1")).get(0);
        assertTrue(part.matches("\\S+ P a{" + LogFormat.PART_BYTES + "}"), "a partial record of 16 KiB");
        // The cap plus what one check interval (200 ms) adds, twice: the current file and the rotated one.
        long bound = 2 * CAP + 2 * 1_000_000;
        for (int i = 0; i < 5; i++) {
            assertTrue(kept("l3") < bound, "kept " + kept("l3") + " bytes");
            Thread.sleep(200); // the output goes on meanwhile
        }
        try (InputStream in = pods.getContainerLogs(
                NS, "l3", "c", LogOptions.builder().limitBytes(10).build())) {
            assertEquals("aaaaaaaaaa", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    // A single 150 MB line was written whole; here 3 MB against a 200 kB cap.
    @Test
    void aLineFarLongerThanTheCapIsKeptOnlyUpToIt() throws Exception {
        create("long", RestartPolicy.NEVER, sh("c", "head -c 3000000 /dev/zero | tr '\\000' b; echo; echo end"));
        awaitPhase("long", PodPhase.SUCCEEDED);
        // The cap is checked every 200 ms: each of the two files may pass it by what the loop writes meanwhile
        // (about 4 MB/s at most, so under 1 MB); unbounded, all 3 MB would be kept.
        assertTrue(kept("long") < 2 * (CAP + 1_000_000), "kept " + kept("long"));
        try (InputStream in = pods.getContainerLogs(
                NS, "long", "c", LogOptions.builder().tail(1).build())) {
            assertEquals("end\n", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
