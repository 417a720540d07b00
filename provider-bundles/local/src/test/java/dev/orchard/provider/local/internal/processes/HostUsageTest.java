package dev.orchard.provider.local.internal.processes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The host's figures read from this host's real {@code /proc}, against what {@code cat} reads from the same files:
 * a sysctl file answers only a read from offset 0, so a reader that starts anywhere else gets a wrong figure.
 */
class HostUsageTest {
    private static String cat(String file) throws IOException, InterruptedException {
        assumeTrue(Files.exists(Path.of(file)), "this host has no " + file);
        Process p = new ProcessBuilder("cat", file).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        assertEquals(0, p.waitFor(), "cat " + file + ": " + out);
        return out;
    }

    @Test
    void sysctlFiguresAreWhatCatReads() throws IOException, InterruptedException {
        assertEquals(cat("/proc/sys/kernel/pid_max"), Proc.read("sys/kernel/pid_max"));
        assertEquals(cat("/proc/sys/kernel/threads-max"), Proc.read("sys/kernel/threads-max"));
        assertEquals(cat("/proc/sys/kernel/random/boot_id"), Proc.bootId());
    }

    @Test
    void theTaskLimitIsTheLowerOfPidMaxAndThreadsMax() throws IOException, InterruptedException {
        long expected = Math.min(
                Long.parseLong(cat("/proc/sys/kernel/pid_max")), Long.parseLong(cat("/proc/sys/kernel/threads-max")));
        assertEquals(expected, HostUsage.pids().max());
    }
}
