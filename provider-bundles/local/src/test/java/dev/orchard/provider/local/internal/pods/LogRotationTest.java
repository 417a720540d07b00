package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.provider.local.internal.processes.CgroupHost;
import dev.orchard.provider.local.internal.volumes.LocalStorage;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogRotationTest {
    @TempDir
    Path dir;

    private LocalPods pods;

    @AfterEach
    void close() {
        if (pods != null) {
            pods.close();
        }
    }

    @Test
    void aLogOverItsCapIsRotatedOnceAndReadsSpanBothFiles() throws Exception {
        LocalStorage storage = new LocalStorage(LocalStorage.root(dir.resolve("volumes")), 1L << 30, Clock.systemUTC());
        pods = new LocalPods(
                LocalPods.root(dir.resolve("pods")),
                storage,
                Clock.systemUTC(),
                "local",
                110,
                2_000,
                ContainerSupervisor.Launcher.PROCESS_BUILDER,
                CgroupHost.discover("rotation"));
        Container chatty = Container.of(
                "main",
                "none",
                "sh",
                "-c",
                "i=0; while [ $i -lt 400 ]; do echo line-$i; i=$((i+1)); sleep 0.01; done; sleep 300");
        pods.createPod(
                Pod.of("default", "chatty", new PodSpec(List.of(chatty), List.of(), RestartPolicy.NEVER, 1, "")));
        Path logs = dir.resolve("pods").toRealPath().resolve(".orchard/pods/default/chatty/main");
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!Files.exists(logs.resolve("current.log.1")) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(Files.exists(logs.resolve("current.log.1")), "the log was rotated");
        while (!read(LogOptions.builder().tail(1).build()).equals("line-399\n") && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(read(LogOptions.builder().tail(1).build()).equals("line-399\n"), "the newest line is readable");
        // The cap bounds what is kept: the current file and one rotated file, each at most the cap plus what one
        // check interval (200 ms, about 540 bytes here) adds; unrotated, the 400 lines would be about 10,800 bytes.
        // The loop opens the log for each line, so a rotation after the last line leaves no current file yet.
        Path current = logs.resolve("current.log");
        long kept = (Files.exists(current) ? Files.size(current) : 0) + Files.size(logs.resolve("current.log.1"));
        assertTrue(kept < 3 * 2_000 + 1_000, "kept " + kept + " bytes");
        String all = read(LogOptions.DEFAULT);
        assertTrue(all.endsWith("line-399\n") && !all.contains("line-0\n"), "old lines beyond the cap are gone");
    }

    private String read(LogOptions options) throws Exception {
        try (InputStream in = pods.getContainerLogs("default", "chatty", "main", options)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
