package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.PodStats;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.provider.local.internal.processes.CgroupHost;
import dev.orchard.provider.local.internal.processes.Launches;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which processes are a pod's after a restart of the provider: the kernel says so (the pod's cgroup, or its token
 * in the environment), never the journal, which the pod can rewrite.
 */
class LocalPodsIdentityTest extends LocalPodsTestBase {

    // The pod writes another process's pid and its real start ticks into its pod.json, then the runtime restarts.
    @ParameterizedTest(name = "cgroups: {0}")
    @ValueSource(booleans = {true, false})
    void aJournalForgedWithAnotherProcesssRealIdentityNeitherAdoptsNorKillsIt(boolean cgroups) throws Exception {
        CgroupHost host =
                cgroups ? CgroupHost.discover("identity-" + Long.toHexString(System.nanoTime())) : CgroupHost.NONE;
        assumeTrue(host.available() || !cgroups, "this host lets the provider make no cgroup: " + host);
        reopen(ContainerLogs.CAP_BYTES, host);
        createRunning("web", "sleep 300");
        Process foreign = new ProcessBuilder("sleep", "300").start();
        try {
            pods.detach();
            Path journal = podRoot.resolve(".orchard/pods").resolve(NS).resolve("web/pod.json");
            String forged = Files.readString(journal)
                    .replaceAll("\"pid\"\\s*:\\s*\\d+", "\"pid\":" + foreign.pid())
                    .replaceAll("\"startTicks\"\\s*:\\s*\\d+", "\"startTicks\":" + startTicks(foreign.pid()));
            Files.writeString(journal, forged);

            pods = open(host, ContainerSupervisor.Launcher.PROCESS_BUILDER);
            ContainerStatus s = container("web", "c");
            assertEquals(ContainerState.TERMINATED, s.state(), "the foreign process is not the container's run");
            assertEquals("ContainerStatusUnknown", s.reason(), "the status says the run is unknown");
            assertEquals(137, s.exitCode());
            assertTrue(pods.pid(NS, "web", "c").isEmpty(), "the foreign pid is forgotten");
            for (PodStats p : pods.getStatsSummary().pods()) {
                assertEquals(0, p.containers().size(), "no stats of the foreign process are shown as the pod's");
            }
            assertFalse(Files.readString(journal).contains("\"pid\":" + foreign.pid()), "nor journalled again");

            pods.deletePod(NS, "web");
            assertTrue(foreign.isAlive(), "pod-rm did not signal the foreign process");
        } finally {
            foreign.destroyForcibly(); // the provider, closed after each test, removes its cgroups
        }
    }

    // Without cgroups the token finds a pod's processes: a pod that copies another's token (and its wrapper's pid and
    // start ticks) into its own journal would get that pod's processes adopted, and killed by its pod-rm.
    @Test
    void aJournalCarryingAnotherPodsTokenGetsNeitherPodTaken() throws Exception {
        reopen(ContainerLogs.CAP_BYTES, CgroupHost.NONE);
        createRunning("victim", "sleep 300");
        createRunning("forger", "sleep 300");
        long victim = pods.pid(NS, "victim", "c").orElseThrow();
        long forgerWrapper = pods.pid(NS, "forger", "c").orElseThrow();
        pods.detach();
        Path journals = podRoot.resolve(".orchard/pods").resolve(NS);
        Matcher token = Pattern.compile("\"token\"\\s*:\\s*\"([^\"]+)\"")
                .matcher(Files.readString(journals.resolve("victim/pod.json")));
        assertTrue(token.find());
        Path forger = journals.resolve("forger/pod.json");
        Files.writeString(
                forger,
                Files.readString(forger)
                        .replaceAll("\"token\"\\s*:\\s*\"[^\"]+\"", "\"token\":\"" + token.group(1) + "\"")
                        .replaceAll("\"pid\"\\s*:\\s*\\d+", "\"pid\":" + victim)
                        .replaceAll("\"startTicks\"\\s*:\\s*\\d+", "\"startTicks\":" + startTicks(victim)));

        pods = open(CgroupHost.NONE, ContainerSupervisor.Launcher.PROCESS_BUILDER);
        assertThrows(NotFoundException.class, () -> pods.getPod(NS, "forger"), "the forger is left alone");
        assertThrows(NotFoundException.class, () -> pods.getPod(NS, "victim"), "and so is its victim");
        assertTrue(ProcessHandle.of(victim).map(LocalPodsTestBase::running).orElse(false), "nothing was killed");
        // Left alone means left to a person: end what the test started, each wrapper's session (it leads it).
        assertEquals(
                0,
                new ProcessBuilder("kill", "-KILL", "--", "-" + victim, "-" + forgerWrapper)
                        .inheritIO()
                        .start()
                        .waitFor());
        await("the pods' processes to end", WAIT, () -> leftovers(podRoot), List::isEmpty);
    }

    // A replacement can come within milliseconds of a create: a wrapper released, not yet in its group, is the pod's
    // by the token the provider gave it at exec, and is adopted, not reported unknown.
    @Test
    void aWrapperNotInItsGroupYetIsAdoptedByItsToken() throws Exception {
        CgroupHost host = CgroupHost.discover("identity-late-" + Long.toHexString(System.nanoTime()));
        assumeTrue(host.available(), "this host lets the provider make no cgroup: " + host);
        Path gate = tmp.resolve("join-gate");
        Path ran = tmp.resolve("ran");
        String wait = "for ((w = 0; w < 400; w++)); do [ -e '" + gate + "' ] && break; sleep 0.05; done\n";
        ContainerSupervisor.Launcher lateJoin = builder -> {
            if (builder.command().stream().anyMatch(a -> a.startsWith("orchard-wrapper:"))) {
                builder.environment()
                        .compute(
                                Launches.SCRIPT_VARIABLE,
                                (k, script) -> script.replace("for ((i = 0;", wait + "for ((i = 0;"));
            }
            return builder.start();
        };
        pods.close();
        pods = open(host, lateJoin);
        create("late", RestartPolicy.NEVER, sh("c", "touch " + ran + "; exec sleep 300"));
        long wrapper = pods.pid(NS, "late", "c").orElseThrow();
        pods.detach();

        pods = open(host, ContainerSupervisor.Launcher.PROCESS_BUILDER);
        assertFalse(Files.exists(ran), "the wrapper has not joined its group yet");
        assertEquals(ContainerState.RUNNING, container("late", "c").state(), "it is adopted");
        assertEquals(wrapper, pods.pid(NS, "late", "c").orElseThrow(), "the same process");
        Files.createFile(gate);
        await("the command to run", WAIT, () -> Files.exists(ran), done -> done);
        assertEquals(ContainerState.RUNNING, container("late", "c").state());
    }

    private LocalPods open(CgroupHost host, ContainerSupervisor.Launcher launcher) throws IOException {
        return provider(tmp.resolve("pods"), launcher, host);
    }

    private static long startTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[19]);
    }
}
