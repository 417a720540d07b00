package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchard.api.pod.PodPhase;
import dev.orchard.provider.local.internal.processes.CgroupHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What a kill -9 of the runtime between making a pod's cgroup and journalling it leaves: a group no journal names.
 * The next instance kills what is in it and removes it, touches nothing else, and its folder goes when it closes.
 */
class LocalPodsCgroupSweepTest extends LocalPodsTestBase {

    @Test
    void aGroupNoJournalNamesIsSweptAtStartWithItsProcessAndNothingElseIs() throws Exception {
        String name = "sweep-" + Long.toHexString(System.nanoTime());
        CgroupHost host = CgroupHost.discover(name);
        assumeTrue(host.available(), "this host lets the provider make no cgroup: " + host);
        reopen(ContainerLogs.CAP_BYTES, host);
        createRunning("keep", "sleep 300");
        Path parent = groupOf("keep").getParent();
        assertEquals("orchard-local." + name, parent.getFileName().toString());

        // Left by a kill -9 in the window: one group with a process in it, one empty, both named as ours.
        Path lost = Files.createDirectory(parent.resolve("default.lost.0123abcd"));
        Path empty = Files.createDirectory(parent.resolve("default.empty.89abcdef"));
        Process inside = new ProcessBuilder("sleep", "300").start();
        // Another's, under our folder, and one named as ours under another root's folder: never touched.
        Path notOurs = Files.createDirectory(parent.resolve("someones-group"));
        CgroupHost other = CgroupHost.discover(name + "-other");
        Path elsewhere = Files.createDirectory(
                parent.resolveSibling("orchard-local." + name + "-other").resolve("default.elsewhere.0123abcd"));
        try {
            Files.writeString(lost.resolve("cgroup.procs"), inside.pid() + "\n");
            pods.detach();

            pods = provider(tmp.resolve("pods"), ContainerSupervisor.Launcher.PROCESS_BUILDER, host);
            assertTrue(inside.waitFor(10, TimeUnit.SECONDS), "the process in the swept group is killed");
            assertFalse(Files.exists(lost), "the group with a process is removed");
            assertFalse(Files.exists(empty), "the empty group is removed");
            assertTrue(Files.isDirectory(notOurs), "a group not named as ours is left alone");
            assertTrue(Files.isDirectory(elsewhere), "a group under another root's folder is left alone");
            assertTrue(Files.isDirectory(groupOf("keep")), "the journalled pod's group stays");
            assertEquals(PodPhase.RUNNING, pods.getPodStatus(NS, "keep").phase(), "and its pod is adopted");

            Files.delete(notOurs);
            pods.close();
            assertFalse(Files.exists(parent), "the provider's folder goes once it is empty, at close");
        } finally {
            inside.destroyForcibly();
            Files.deleteIfExists(notOurs);
            Files.deleteIfExists(elsewhere);
            other.removeIfEmpty();
        }
    }

    // The pod's group in the unified hierarchy, as its journal names it.
    private Path groupOf(String pod) throws Exception {
        String journal =
                Files.readString(podRoot.resolve(".orchard/pods").resolve(NS).resolve(pod + "/pod.json"));
        Matcher m = Pattern.compile("\"cgroups\"\\s*:\\s*\\[\\s*\"([^\"]+)\"").matcher(journal);
        assertTrue(m.find(), "the journal names the pod's groups: " + journal);
        return Path.of(m.group(1));
    }
}
