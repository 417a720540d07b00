package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchard.api.pod.NodeCondition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The node's conditions on this host's real {@code /proc}. */
class NodeConditionsTest {
    @TempDir
    Path root;

    private static long number(String file) throws IOException {
        return Long.parseLong(Files.readAllLines(Path.of(file)).get(0).trim());
    }

    @Test
    void aHostWithFewTasksHasNoPidPressure() throws IOException {
        assumeTrue(Files.exists(Path.of("/proc/loadavg")), "this host has no /proc");
        // The host's real task count and limit, read line-wise as cat does, must leave more than the 10% margin.
        String[] loadavg = Files.readAllLines(Path.of("/proc/loadavg")).get(0).split("\\s+");
        long tasks = Long.parseLong(loadavg[3].substring(loadavg[3].indexOf('/') + 1));
        long max = Math.min(number("/proc/sys/kernel/pid_max"), number("/proc/sys/kernel/threads-max"));
        assumeTrue(max - tasks > max * 0.2, "this host is near its task limit: " + tasks + " of " + max);
        List<NodeCondition> conditions = new NodeConditions(List.of(root)).now();
        NodeCondition pids = conditions.stream()
                .filter(c -> c.type().equals("PIDPressure"))
                .findFirst()
                .orElseThrow();
        assertFalse(pids.status(), "PIDPressure: " + pids);
    }
}
