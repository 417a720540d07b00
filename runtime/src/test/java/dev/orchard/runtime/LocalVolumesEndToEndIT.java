package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local provider through the runtime's shell: volumes, their survival of kill -9, and a pod using one. */
class LocalVolumesEndToEndIT {
    private static final Pattern ADDED = Pattern.compile("Volume default/(v\\d+) added to local");

    @TempDir
    Path folder;

    @Test
    void volumeCommandsCreateInspectAndRemoveDirectories() throws Exception {
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            String added = orchard.run("orchard:volume-add local data 64Mi -n shop -l app=db");
            assertTrue(added.startsWith("Volume shop/data added to local: 64Mi, 1 replica(s), uid "), added);
            Path dir = folder.resolve("data/volumes/shop/data");
            assertTrue(Files.isDirectory(dir), "the volume is a directory");
            assertTrue(Files.isRegularFile(folder.resolve("data/volumes/shop/data.volume.json")));
            Files.write(dir.resolve("blob"), new byte[4096]);

            String list = orchard.run("orchard:volumes local -n shop");
            assertTrue(list.lines().anyMatch(l -> l.matches("data\\s+shop\\s+64Mi\\s+1\\s+Available\\s+app=db")), list);
            String info = orchard.run("orchard:volume-info local data -n shop");
            assertTrue(info.contains("used:         4096 bytes, 0% of capacity"), info);

            // Capacity is a claim on local, not a limit: a volume over it takes the bytes and says so.
            orchard.run("orchard:volume-add local small 1Mi");
            Files.write(folder.resolve("data/volumes/default/small/blob"), new byte[3_000_000]);
            String over = orchard.run("orchard:volume-info local small");
            assertTrue(over.contains("used:         3000000 bytes, 286% of capacity: over capacity"), over);
            assertTrue(over.contains("over capacity: uses 3000000 bytes of 1Mi"), over);
            orchard.run("orchard:volume-rm local small");

            String dup = orchard.runFailing("orchard:volume-add local data 64Mi -n shop");
            assertTrue(dup.startsWith("AlreadyExists: volume shop/data exists already"), dup);
            String full = orchard.runFailing("orchard:volume-add local big 1Ei");
            assertTrue(full.startsWith("Unavailable: volume default/big needs 1Ei"), full);

            assertEquals("Volume shop/data removed from local.", orchard.run("orchard:volume-rm local data -n shop"));
            assertFalse(Files.exists(dir));
            assertEquals(
                    "Volume shop/data did not exist in local.", orchard.run("orchard:volume-rm local data -n shop"));
            orchard.type("stop 0");
            assertEquals(0, orchard.waitFor(30));
        }
    }

    @Test
    void aPodRunsWithAVolumeLogsExecsAndLeavesNoProcessWhenDeleted() throws Exception {
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            orchard.run("orchard:volume-add local data 16Mi");
            String created = orchard.run("orchard:pod-run local web -v data:/data sh -c"
                    + " 'echo hello; echo written > \"$ORCHARD_VOLUME_DATA/out\"; sleep 300'");
            assertTrue(created.startsWith("Pod default/web created on local"), created);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            String pods;
            while (!(pods = orchard.run("orchard:pods local"))
                    .lines()
                    .anyMatch(l -> l.matches("web\\s+default\\s+Running.*"))) {
                assertTrue(System.nanoTime() < deadline, "web never ran: " + pods);
                Thread.sleep(50);
            }
            Path written = folder.resolve("data/volumes/default/data/out");
            while (!Files.exists(written) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals("written\n", Files.readString(written), "the pod wrote into its mounted volume");
            assertEquals("hello", orchard.run("orchard:logs local web"));
            assertEquals("written", orchard.run("orchard:exec local web web cat data/out"));
            long pid = sleepingPid(orchard);
            orchard.run("orchard:pod-rm local web");
            // Killed, it may linger a moment as a zombie until init reaps it (isAlive counts zombies).
            long reaped = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < reaped) {
                Thread.sleep(20);
            }
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the pod's process is gone");
            assertTrue(orchard.run("orchard:pods local").startsWith("No pods"));
            assertEquals("Volume default/data removed from local.", orchard.run("orchard:volume-rm local data"));
            orchard.type("stop 0");
            assertEquals(0, orchard.waitFor(30));
        }
    }

    @Test
    void aRunningPodSurvivesAnUpdateOfTheLocalProviderBundle() throws Exception {
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            orchard.run("orchard:pod-run local ticker sh -c"
                    + " 'i=0; while [ $i -lt 60 ]; do echo tick-$i; i=$((i+1)); sleep 0.1; done; exit 3'");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!orchard.run("orchard:logs local ticker").contains("tick-5")) {
                assertTrue(System.nanoTime() < deadline, "the pod never logged");
                Thread.sleep(50);
            }
            String id = orchard.run("lb -s")
                    .lines()
                    .filter(l -> l.contains("|dev.orchard.provider.local "))
                    .map(l -> l.split("\\|")[0].trim())
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no local provider bundle in lb -s"));
            String before = orchard.run("orchard:logs local ticker --tail 1");
            orchard.run("update " + id); // the bundle stops (its provider instance leaves) and starts again

            assertTrue(
                    orchard.run("orchard:pods local")
                            .lines()
                            .anyMatch(l -> l.matches("ticker\\s+default\\s+Running.*")),
                    "the pod still runs under the new instance");
            while (orchard.run("orchard:logs local ticker --tail 1").equals(before)) {
                assertTrue(System.nanoTime() < deadline, "the logs stopped after the update");
                Thread.sleep(50);
            }
            String pods;
            while (!(pods = orchard.run("orchard:pods local"))
                    .lines()
                    .anyMatch(l -> l.matches("ticker\\s+default\\s+Failed.*"))) {
                assertTrue(System.nanoTime() < deadline, "the exit (code 3) was not reported: " + pods);
                Thread.sleep(100);
            }
            assertTrue(orchard.run("orchard:logs local ticker --tail 1").equals("tick-59"), "the whole run was logged");
            orchard.run("orchard:pod-rm local ticker");
            orchard.type("stop 0");
            assertEquals(0, orchard.waitFor(30));
        }
    }

    // The pid of the pod's `sleep 300`, found among the runtime's descendants by its command line.
    private static long sleepingPid(OrchardProcess orchard) {
        return orchard.descendants()
                .filter(h ->
                        h.info().commandLine().map(c -> c.endsWith("sleep 300")).orElse(false))
                .filter(h -> h.info().startInstant().isPresent())
                .max(java.util.Comparator.comparing(h -> h.info().startInstant().get()))
                .map(ProcessHandle::pid)
                .orElseThrow(() -> new AssertionError("no sleep 300 process"));
    }

    @Test
    void killMinusNineWhileAdding200VolumesLosesNoAcknowledgedVolumeAndLeavesNoHalfMadeOne() throws Exception {
        Set<String> acknowledged = new HashSet<>();
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            for (int i = 0; i < 200; i++) {
                orchard.type("orchard:volume-add local v" + i + " 1Mi");
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (ackCount(orchard.stdout()) < 60 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            orchard.kill(); // mid-stream: some adds answered, one perhaps half-way, the rest never started
            acknowledged.addAll(acks(orchard.stdout()));
        }
        assertTrue(
                acknowledged.size() >= 60 && acknowledged.size() < 200,
                "the kill came in the middle: " + acknowledged.size() + " acknowledged");

        try (OrchardProcess restarted = OrchardProcess.start(folder)) {
            restarted.run("echo ready");
            String list = restarted.run("orchard:volumes local");
            Set<String> listed =
                    list.lines().skip(1).map(l -> l.split("\\s+")[0]).collect(Collectors.toSet());
            assertTrue(
                    listed.containsAll(acknowledged),
                    () -> "acknowledged but lost: "
                            + acknowledged.stream()
                                    .filter(v -> !listed.contains(v))
                                    .sorted()
                                    .toList());
            Path ns = folder.resolve("data/volumes/default");
            try (Stream<Path> entries = Files.list(ns)) {
                List<String> names =
                        entries.map(p -> p.getFileName().toString()).sorted().toList();
                for (String n : names) {
                    assertFalse(n.startsWith("."), "a temp or trash entry survived reconcile: " + n);
                    String volume =
                            n.endsWith(".volume.json") ? n.substring(0, n.length() - ".volume.json".length()) : n;
                    assertTrue(
                            names.contains(volume) && names.contains(volume + ".volume.json"),
                            "volume " + volume + " is not whole: " + names);
                    assertTrue(listed.contains(volume), "volume " + volume + " on disk but not listed");
                }
            }
            System.out.println("kill -9: " + acknowledged.size() + " of 200 adds acknowledged, " + listed.size()
                    + " volumes whole after restart, none half-made");
            restarted.type("stop 0");
            assertEquals(0, restarted.waitFor(30));
        }
    }

    private static Set<String> acks(String stdout) {
        Set<String> out = new HashSet<>();
        Matcher m = ADDED.matcher(stdout);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static int ackCount(String stdout) {
        return acks(stdout).size();
    }
}
