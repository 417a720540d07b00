package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.provider.local.internal.processes.CgroupHost;
import dev.orchard.provider.local.internal.volumes.LocalStorage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shared set-up for the tests that run real processes: a fresh provider per test under a temp folder, polling
 * helpers with explicit timeouts, and an after-each check that no process of the test's pods is left running.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
abstract class LocalPodsTestBase {
    static final String NS = "default";
    static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path tmp;

    LocalStorage storage;
    LocalPods pods;
    Path podRoot;

    @BeforeEach
    void openProvider() throws IOException {
        storage = new LocalStorage(LocalStorage.root(tmp.resolve("volumes")), 1L << 30, Clock.systemUTC());
        pods = new LocalPods(LocalPods.root(tmp.resolve("pods")), storage, Clock.systemUTC(), "local", 110);
        podRoot = tmp.resolve("pods").toRealPath();
    }

    /**
     * Replaces the test's provider by one on the same roots with its own log cap and cgroup host, for the tests
     * of one boundary or of the log's cap.
     */
    void reopen(long logCapBytes, CgroupHost host) throws IOException {
        pods.close();
        pods = provider(tmp.resolve("pods"), logCapBytes, ContainerSupervisor.Launcher.PROCESS_BUILDER, host);
    }

    /**
     * A provider on a pods root of the test's, with the test's volumes and the default log cap, for the tests of
     * one launcher or one cgroup host.
     */
    LocalPods provider(Path podsRoot, ContainerSupervisor.Launcher launcher, CgroupHost host) throws IOException {
        return provider(podsRoot, ContainerLogs.CAP_BYTES, launcher, host);
    }

    /** The same, with a log cap of its own. */
    LocalPods provider(Path podsRoot, long logCapBytes, ContainerSupervisor.Launcher launcher, CgroupHost host)
            throws IOException {
        return new LocalPods(
                LocalPods.root(podsRoot), storage, Clock.systemUTC(), "local", 110, logCapBytes, launcher, host);
    }

    @AfterEach
    void closeProviderAndCheckForLeftovers() {
        pods.close();
        assertEquals(List.of(), leftovers(podRoot), "no process of this test's pods may outlive close()");
    }

    // ------------------------------------------------------------------ building pods

    static Container sh(String name, String script) {
        return Container.of(name, "busybox:1.36", "sh", "-c", script);
    }

    static Container sh(String name, String script, Map<String, String> env) {
        return new Container(name, "busybox:1.36", List.of("sh", "-c", script), List.of(), env, "", List.of(), null);
    }

    static PodSpec spec(RestartPolicy policy, Container... containers) {
        return new PodSpec(List.of(containers), List.of(), policy, 1, "");
    }

    Pod create(String name, RestartPolicy policy, Container... containers) {
        Pod pod = Pod.of(NS, name, spec(policy, containers));
        pods.createPod(pod);
        return pod;
    }

    /** Creates a pod of one container {@code c} running {@code script} and waits until it runs. */
    Pod createRunning(String name, String script) {
        Pod pod = create(name, RestartPolicy.NEVER, sh("c", script));
        awaitPhase(name, PodPhase.RUNNING);
        return pod;
    }

    Path sandbox(String pod) {
        return podRoot.resolve(NS).resolve(pod);
    }

    // ------------------------------------------------------------------ waiting

    /** A file's text, or "" while it does not exist yet: for waiting on what a process writes. */
    static String contentOf(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Polls {@code probe} every 20 ms until {@code done} holds, failing with the last value after the timeout. */
    static <T> T await(String what, Duration timeout, Supplier<T> probe, Predicate<T> done) {
        long deadline = System.nanoTime() + timeout.toNanos();
        T last = null;
        RuntimeException lastError = null;
        while (true) {
            try {
                last = probe.get();
                lastError = null;
                if (done.test(last)) {
                    return last;
                }
            } catch (RuntimeException e) {
                lastError = e;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "timed out after " + timeout.toMillis() + " ms waiting for " + what + "; last value: " + last,
                        lastError);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted while waiting for " + what);
            }
        }
    }

    PodStatus awaitPhase(String pod, PodPhase phase) {
        return await("pod " + pod + " to be " + phase, WAIT, () -> pods.getPodStatus(NS, pod), s -> s.phase() == phase);
    }

    ContainerStatus container(String pod, String container) {
        return pods.getPodStatus(NS, pod).containerStatuses().stream()
                .filter(c -> c.name().equals(container))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no status of container " + container));
    }

    ContainerStatus awaitContainer(String pod, String container, String what, Predicate<ContainerStatus> done) {
        return await(what, WAIT, () -> container(pod, container), done);
    }

    String logs(String pod, String container, LogOptions options) {
        try (InputStream in = pods.getContainerLogs(NS, pod, container, options)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    String awaitLogs(String pod, String container, String expected) {
        return await(
                "the log of " + pod + "/" + container + " to be " + expected.replace("\n", "\\n"),
                WAIT,
                () -> logs(pod, container, LogOptions.DEFAULT),
                expected::equals);
    }

    // ------------------------------------------------------------------ processes

    /**
     * Whether a process still runs. A zombie has exited: it only waits for its parent (or, when orphaned, PID 1,
     * which on some hosts reaps slowly) to collect its status, so it does not count. The handle carries the
     * process's start time, so a recycled pid is never mistaken for the process.
     */
    static boolean running(ProcessHandle h) {
        if (!h.isAlive()) {
            return false;
        }
        String state = procState(h.pid());
        return state != null && !state.equals("Z") && !state.equals("X");
    }

    static String procState(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).split(" ")[0];
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static long pgid(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[2]);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static ProcessHandle handle(long pid) {
        return ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("process " + pid + " is not there"));
    }

    /** The container's wrapper process and all its descendants, as handles. */
    List<ProcessHandle> tree(String pod, String container) {
        ProcessHandle root = handle(pods.pid(NS, pod, container).orElseThrow());
        List<ProcessHandle> all = new ArrayList<>();
        all.add(root);
        root.descendants().forEach(all::add);
        return all;
    }

    static List<Long> stillRunning(List<ProcessHandle> handles) {
        List<Long> out = new ArrayList<>();
        for (ProcessHandle h : handles) {
            if (running(h)) {
                out.add(h.pid());
            }
        }
        return out;
    }

    /**
     * Every running process that a container of a pod under {@code root} started: they all inherit
     * {@code ORCHARD_SANDBOX=<root>/<ns>/<pod>}, whether or not they are still in the container's tree or group.
     */
    static List<String> leftovers(Path root) {
        byte[] needle = ("ORCHARD_SANDBOX=" + root + "/").getBytes(StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path p : procs) {
                byte[] env;
                try {
                    env = Files.readAllBytes(p.resolve("environ"));
                } catch (IOException | SecurityException e) {
                    continue; // gone, or not ours
                }
                if (contains(env, needle)) {
                    long pid = Long.parseLong(p.getFileName().toString());
                    String state = procState(pid);
                    if (state != null && !state.equals("Z") && !state.equals("X")) {
                        out.add(pid + " " + cmdline(p));
                    }
                }
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return out;
    }

    private static String cmdline(Path proc) {
        try {
            return new String(Files.readAllBytes(proc.resolve("cmdline")), StandardCharsets.UTF_8)
                    .replace('\0', ' ')
                    .trim();
        } catch (IOException e) {
            return "?";
        }
    }

    private static boolean contains(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
