package dev.orchard.provider.local.internal;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.ContainerStats;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.NodeAddress;
import dev.orchard.api.pod.NodeCondition;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodNotifier;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodStats;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.pod.StatsSummary;
import dev.orchard.api.pod.VolumeMount;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pods as local OS processes. Each container runs its command (the image is recorded, not pulled) under a bash
 * wrapper in a session of its own: the wrapper writes every output line with its time to the container's log
 * file and, when the command exits, its exit code to a file, so that nothing depends on a pipe held by this JVM.
 * Deleting a pod sends SIGTERM to the container's whole process group and tree, and SIGKILL after the grace
 * period. Restart policies are honoured with exponential backoff capped at 30 s. Every change is pushed to the
 * {@link PodNotifier} callback.
 *
 * <p>Thread-safe: state changes hold this object's monitor; waiting (grace periods, exec) does not.
 */
final class LocalPods implements PodProvider, PodNotifier {
    private static final Logger LOG = LoggerFactory.getLogger(LocalPods.class);
    // $1 log file, $2 exit-code file, then the command. Lines get $EPOCHREALTIME (bash 5) without a fork each.
    // The log is opened for each line, so that renaming it (rotation) starts a new file at once.
    // SIGTERM is for the command alone: the wrapper (trapped, so reset for the command) and the log loop
    // (ignored; it runs only builtins) outlive it, so that what it prints while shutting down is logged instead
    // of killing it with SIGPIPE. SIGKILL after the grace period ends them all.
    static final String WRAPPER = String.join(
            "\n",
            "log=$1; exitfile=$2; shift 2",
            "trap : TERM",
            // LC_ALL=C in the log loop only: $EPOCHREALTIME must use '.', whatever locale the command runs in.
            "\"$@\" < /dev/null 2>&1 | { LC_ALL=C; trap '' TERM; while IFS= read -r line || [ -n \"$line\" ]; do",
            "  printf '%s %s\\n' \"$EPOCHREALTIME\" \"$line\" >> \"$log\"",
            "done; }",
            "code=${PIPESTATUS[0]}",
            "printf '%s\\n' \"$code\" > \"$exitfile.tmp\" && mv -f \"$exitfile.tmp\" \"$exitfile\"",
            "exit \"$code\"");
    private static final long MAX_BACKOFF_MILLIS = 30_000;
    /** The size at which a container's log is rotated; one rotated file is kept. */
    static final long LOG_CAP_BYTES = 10L << 20;
    // How often log sizes are checked. A log overshoots its cap by at most what its container writes in one
    // interval, so keep it short; a check is one stat per container.
    private static final long LOG_CHECK_MILLIS = 200;
    private volatile long logCapBytes = LOG_CAP_BYTES;

    private final Path root;
    private final LocalStorage storage;
    private final Clock clock;
    private final String nodeName;
    private final int maxPods;
    private final TreeMap<PodKey, PodRun> pods = new TreeMap<>();
    private final ScheduledExecutorService restarts;
    private final ExecutorService notifications;
    private volatile Consumer<Pod> notifier;
    private final Map<String, long[]> cpuSamples = new HashMap<>();

    LocalPods(Path root, LocalStorage storage, Clock clock, String nodeName, int maxPods) throws IOException {
        Files.createDirectories(root);
        this.root = root.toRealPath();
        this.storage = storage;
        this.clock = clock;
        this.nodeName = nodeName;
        this.maxPods = maxPods;
        this.restarts = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "orchard-local-restarts"));
        this.notifications = Executors.newSingleThreadExecutor(r -> daemon(r, "orchard-local-notify"));
        this.restarts.scheduleWithFixedDelay(
                this::rotateLogs, LOG_CHECK_MILLIS, LOG_CHECK_MILLIS, TimeUnit.MILLISECONDS);
        adopt();
    }

    /** Sets the size at which logs are rotated (tests use a small one). */
    void logCap(long bytes) {
        this.logCapBytes = bytes;
    }

    // Keeps each log under the cap: the full file becomes current.log.1 (replacing the older one), and the
    // wrapper's next line starts a new current.log.
    private void rotateLogs() {
        List<ContainerRun> all = new ArrayList<>();
        synchronized (this) {
            pods.values().forEach(r -> all.addAll(r.containers.values()));
        }
        for (ContainerRun c : all) {
            try {
                if (Files.size(c.log()) > logCapBytes) {
                    Files.move(
                            c.log(),
                            c.rotatedLog(),
                            StandardCopyOption.REPLACE_EXISTING,
                            StandardCopyOption.ATOMIC_MOVE);
                }
            } catch (IOException e) {
                // no log yet, or the pod is being deleted
            }
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /**
     * Leaves every pod running, for the next instance to adopt, and stops this instance's executors: what a
     * provider does when its bundle is stopped or replaced.
     */
    void detach() {
        restarts.shutdownNow();
        notifications.shutdownNow();
    }

    /** Stops every pod and the executors: what tests and a final shutdown do. */
    void close() {
        List<PodKey> keys;
        synchronized (this) {
            keys = new ArrayList<>(pods.keySet());
        }
        for (PodKey k : keys) {
            try {
                deletePod(k.namespace(), k.name());
            } catch (RuntimeException e) {
                LOG.warn("Could not stop pod {}/{} while closing: {}", k.namespace(), k.name(), e.toString());
            }
        }
        restarts.shutdownNow();
        notifications.shutdownNow();
    }

    // ------------------------------------------------------------------ persistence

    /** What survives this instance: enough to adopt the pod's live processes. */
    record PodState(
            int format,
            String namespace,
            String name,
            String uid,
            Map<String, String> labels,
            Map<String, String> annotations,
            String creationTime,
            String startTime,
            PodSpec spec,
            List<RunState> containers) {}

    /** One container's run: the wrapper's pid and start time identify it against pid reuse. */
    record RunState(String name, long pid, long startMillis, int restarts, String startedAt) {}

    // Holds the monitor. Written to a temp file and renamed, so a reader sees the old state or the new one.
    private void persist(PodRun run) {
        List<RunState> runs = new ArrayList<>();
        for (ContainerRun c : run.containers.values()) {
            ProcessHandle h = c.process;
            long start = h == null
                    ? -1
                    : h.info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
            runs.add(new RunState(
                    c.spec.name(),
                    h == null ? -1 : h.pid(),
                    start,
                    c.restarts,
                    c.startedAt == null ? null : c.startedAt.toString()));
        }
        ObjectMeta m = run.meta;
        PodState state = new PodState(
                1,
                m.namespace(),
                m.name(),
                m.uid(),
                m.labels(),
                m.annotations(),
                m.creationTime().toString(),
                run.startTime.toString(),
                run.pod.spec(),
                runs);
        Path file = run.sandbox.resolve(".orchard").resolve("pod.json");
        Path temp = file.resolveSibling("pod.json.tmp");
        try {
            Files.createDirectories(file.getParent());
            Json.mapper().writeValue(temp.toFile(), state);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            LOG.warn(
                    "Could not save the state of pod {}/{}; it will not be adopted after a restart: {}",
                    m.namespace(),
                    m.name(),
                    e.toString());
        }
    }

    // Adopts the pods an earlier instance left: live processes by pid and start time, ended ones by exit code.
    private void adopt() {
        List<Path> states = new ArrayList<>();
        try (java.util.stream.Stream<Path> nss = Files.list(root)) {
            for (Path ns : (Iterable<Path>) nss::iterator) {
                try (java.util.stream.Stream<Path> podDirs = Files.list(ns)) {
                    podDirs.map(d -> d.resolve(".orchard").resolve("pod.json"))
                            .filter(Files::isRegularFile)
                            .forEach(states::add);
                }
            }
        } catch (IOException e) {
            LOG.warn("Could not look for pods to adopt under {}: {}", root, e.toString());
        }
        for (Path file : states) {
            try {
                adopt(
                        Json.mapper().readValue(file.toFile(), PodState.class),
                        file.getParent().getParent());
            } catch (IOException | RuntimeException e) {
                LOG.error("Could not adopt the pod saved in {}: {}", file, e.toString());
            }
        }
    }

    private synchronized void adopt(PodState state, Path sandbox) throws IOException {
        ObjectMeta meta = new ObjectMeta(
                state.name(),
                state.namespace(),
                state.uid(),
                state.labels(),
                state.annotations(),
                Instant.parse(state.creationTime()));
        Pod pod = new Pod(meta, state.spec(), null);
        PodKey key = new PodKey(state.namespace(), state.name());
        PodRun run = new PodRun(meta, pod, sandbox, Instant.parse(state.startTime()));
        Map<String, Path> volumes = new HashMap<>();
        for (PodVolume v : pod.spec().volumes()) {
            storage.directory(pod.namespace(), v.claimName()).ifPresent(d -> volumes.put(v.name(), d));
        }
        Map<String, RunState> saved = new HashMap<>();
        state.containers().forEach(r -> saved.put(r.name(), r));
        for (Container c : pod.spec().containers()) {
            run.containers.put(c.name(), prepare(run, c, volumes));
        }
        pods.put(key, run);
        int live = 0;
        for (ContainerRun c : run.containers.values()) {
            RunState r = saved.get(c.spec.name());
            if (r == null) {
                start(key, run, c);
                continue;
            }
            c.restarts = r.restarts();
            c.everRan = true;
            c.startedAt = r.startedAt() == null ? null : Instant.parse(r.startedAt());
            Optional<ProcessHandle> h = ProcessHandle.of(r.pid())
                    .filter(ProcStats::running)
                    .filter(p -> r.startMillis() < 0
                            || p.info()
                                    .startInstant()
                                    .map(i -> i.toEpochMilli() == r.startMillis())
                                    .orElse(true));
            if (h.isPresent()) {
                c.process = h.get();
                c.state = ContainerState.RUNNING;
                c.reason = "";
                watch(key, run, c);
                live++;
            } else {
                c.process = ProcessHandle.of(r.pid()).orElse(null);
                terminated(key, run, c, exitCode(c, c.process == null ? ProcessHandle.current() : c.process));
            }
        }
        LOG.info(
                "Adopted pod {}/{}: {} of {} container(s) still running",
                state.namespace(),
                state.name(),
                live,
                run.containers.size());
        changed(run);
    }

    // ------------------------------------------------------------------ state

    /** One container's current run. */
    private static final class ContainerRun {
        final Container spec;
        final Path dir;
        final Path workDir;
        final Map<String, String> env;
        // The run's wrapper process; a handle, so that a run adopted from an earlier instance is no different.
        volatile ProcessHandle process;
        // The same process as this JVM's child, when this instance started it: its exit value is the fallback
        // if the wrapper was killed before it wrote the exit code.
        volatile Process child;
        volatile ContainerState state = ContainerState.WAITING;
        volatile int restarts;
        volatile Integer exitCode;
        volatile Instant startedAt;
        volatile Instant finishedAt;
        volatile String reason = "ContainerCreating";
        volatile boolean everRan;

        ContainerRun(Container spec, Path dir, Path workDir, Map<String, String> env) {
            this.spec = spec;
            this.dir = dir;
            this.workDir = workDir;
            this.env = env;
        }

        Path log() {
            return dir.resolve("current.log");
        }

        Path previousLog() {
            return dir.resolve("previous.log");
        }

        Path rotatedLog() {
            return dir.resolve("current.log.1");
        }

        Path exitFile() {
            return dir.resolve("exitcode");
        }
    }

    /** One pod: its metadata and spec, its sandbox and its containers. */
    private static final class PodRun {
        volatile ObjectMeta meta;
        final Pod pod;
        final Path sandbox;
        final Map<String, ContainerRun> containers = new LinkedHashMap<>();
        final Instant startTime;
        volatile boolean deleting;

        PodRun(ObjectMeta meta, Pod pod, Path sandbox, Instant startTime) {
            this.meta = meta;
            this.pod = pod;
            this.sandbox = sandbox;
            this.startTime = startTime;
        }
    }

    // ------------------------------------------------------------------ lifecycle

    @Override
    public void createPod(Pod pod) {
        PodKey key = new PodKey(pod.namespace(), pod.name());
        synchronized (this) {
            if (pods.containsKey(key)) {
                throw new AlreadyExistsException("pod " + key.namespace() + "/" + key.name() + " exists already");
            }
            if (pods.size() >= maxPods) {
                throw new UnavailableException("the local node runs " + maxPods + " pods, its most; delete one first");
            }
            Map<String, Path> volumes = new HashMap<>();
            for (PodVolume v : pod.spec().volumes()) {
                volumes.put(
                        v.name(),
                        storage.directory(pod.namespace(), v.claimName())
                                .orElseThrow(() -> new InvalidInputException("pod " + pod.name() + " mounts volume "
                                        + Names.quote(v.claimName()) + ", which does not exist in namespace "
                                        + pod.namespace())));
            }
            for (Container c : pod.spec().containers()) {
                if (c.command().isEmpty() && c.args().isEmpty()) {
                    throw new InvalidInputException("container " + Names.quote(c.name()) + " has no command; the"
                            + " local provider runs commands as processes and does not pull image "
                            + Names.quote(c.image()));
                }
            }
            Instant now = clock.instant();
            ObjectMeta meta = pod.metadata().withIdentity(UUID.randomUUID().toString(), now);
            Path sandbox = root.resolve(pod.namespace()).resolve(pod.name());
            PodRun run = new PodRun(meta, pod, sandbox, now);
            try {
                Trees.delete(sandbox);
                Files.createDirectories(sandbox);
                for (Container c : pod.spec().containers()) {
                    run.containers.put(c.name(), prepare(run, c, volumes));
                }
            } catch (IOException e) {
                Trees.deleteQuietly(sandbox);
                throw new UnavailableException(
                        "the sandbox of pod " + key.name() + " could not be made under " + root + ": " + e, e);
            }
            pods.put(key, run);
            for (PodVolume v : pod.spec().volumes()) {
                storage.phase(pod.namespace(), v.claimName(), VolumePhase.BOUND, "used by pod " + pod.name());
            }
            for (ContainerRun c : run.containers.values()) {
                start(key, run, c);
            }
            changed(run);
        }
    }

    private ContainerRun prepare(PodRun run, Container c, Map<String, Path> volumes) throws IOException {
        Path dir = run.sandbox.resolve(".orchard").resolve(c.name());
        Files.createDirectories(dir);
        Map<String, String> env = new LinkedHashMap<>(c.env());
        env.put("ORCHARD_POD", run.pod.name());
        env.put("ORCHARD_NAMESPACE", run.pod.namespace());
        env.put("ORCHARD_SANDBOX", run.sandbox.toString());
        for (VolumeMount m : c.volumeMounts()) {
            Path volume = volumes.get(m.name());
            Path link = run.sandbox.resolve(m.mountPath().substring(1)).normalize();
            if (!link.startsWith(run.sandbox) || link.equals(run.sandbox)) {
                throw new InvalidInputException("mount path " + Names.quote(m.mountPath()) + " leaves the sandbox");
            }
            Files.createDirectories(link.getParent());
            // The containers of a pod share its sandbox: another may have mounted this volume here already.
            if (!Files.isSymbolicLink(link) || !Files.readSymbolicLink(link).equals(volume)) {
                if (Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    throw new InvalidInputException("mount path " + Names.quote(m.mountPath()) + " of container "
                            + Names.quote(c.name()) + " is taken by another mount of the pod");
                }
                Files.createSymbolicLink(link, volume);
            }
            env.put("ORCHARD_VOLUME_" + m.name().toUpperCase(Locale.ROOT).replace('-', '_'), link.toString());
        }
        Path work = c.workingDir().isEmpty()
                ? run.sandbox
                : run.sandbox.resolve(c.workingDir().replaceFirst("^/+", "")).normalize();
        if (!work.startsWith(run.sandbox)) {
            throw new InvalidInputException("working folder " + Names.quote(c.workingDir()) + " leaves the sandbox");
        }
        Files.createDirectories(work);
        return new ContainerRun(c, dir, work, env);
    }

    // Holds the monitor.
    private void start(PodKey key, PodRun run, ContainerRun c) {
        List<String> cmd = new ArrayList<>(List.of(
                "setsid",
                "bash",
                "-c",
                WRAPPER,
                "orchard-wrapper",
                c.log().toString(),
                c.exitFile().toString()));
        cmd.addAll(c.spec.command());
        cmd.addAll(c.spec.args());
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(c.workDir.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(c.env);
        try {
            Files.deleteIfExists(c.exitFile());
            c.child = pb.start();
            c.process = c.child.toHandle();
        } catch (IOException e) {
            c.state = ContainerState.TERMINATED;
            c.exitCode = 127;
            c.reason = "StartError";
            c.finishedAt = clock.instant();
            LOG.warn(
                    "Container {} of pod {}/{} could not start: {}",
                    c.spec.name(),
                    key.namespace(),
                    key.name(),
                    e.toString());
            return;
        }
        c.state = ContainerState.RUNNING;
        c.reason = "";
        c.exitCode = null;
        c.startedAt = clock.instant();
        c.finishedAt = null;
        c.everRan = true;
        watch(key, run, c);
        persist(run);
    }

    private void watch(PodKey key, PodRun run, ContainerRun c) {
        ProcessHandle p = c.process;
        p.onExit().thenRun(() -> exited(key, run, c, p));
    }

    private void exited(PodKey key, PodRun run, ContainerRun c, ProcessHandle p) {
        if (!run.deleting && !ProcStats.group(p.pid()).isEmpty()) {
            // As when a container's main process exits: nothing of the run outlives it, nor piles up over restarts.
            signal(p, "KILL");
        }
        synchronized (this) {
            if (c.process != p) {
                return;
            }
            terminated(key, run, c, exitCode(c, p));
        }
    }

    // Holds the monitor: records how a run ended and applies the restart policy.
    private void terminated(PodKey key, PodRun run, ContainerRun c, int code) {
        c.state = ContainerState.TERMINATED;
        c.exitCode = code;
        c.finishedAt = clock.instant();
        c.reason = c.exitCode == 0 ? "Completed" : "Error";
        RestartPolicy policy = run.pod.spec().restartPolicy();
        boolean restart = !run.deleting
                && (policy == RestartPolicy.ALWAYS || (policy == RestartPolicy.ON_FAILURE && c.exitCode != 0));
        if (restart) {
            long delay = Math.min(MAX_BACKOFF_MILLIS, 1000L << Math.min(c.restarts, 5));
            c.reason = "CrashLoopBackOff";
            try {
                restarts.schedule(() -> restart(key, run, c), delay, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException closing) {
                // the provider is closing
            }
        }
        changed(run);
    }

    private void restart(PodKey key, PodRun run, ContainerRun c) {
        synchronized (this) {
            if (run.deleting || pods.get(key) != run) {
                return;
            }
            try {
                if (Files.exists(c.log())) {
                    Files.move(c.log(), c.previousLog(), StandardCopyOption.REPLACE_EXISTING);
                }
                Files.deleteIfExists(c.rotatedLog());
            } catch (IOException e) {
                LOG.warn("Could not keep the previous log of {}: {}", c.spec.name(), e.toString());
            }
            c.restarts++;
            start(key, run, c);
            changed(run);
        }
    }

    private static int exitCode(ContainerRun c, ProcessHandle p) {
        try {
            return Integer.parseInt(Files.readString(c.exitFile()).trim());
        } catch (IOException | NumberFormatException e) {
            // The wrapper itself was killed before it could write the code: report how it ended, if we know.
            Process child = c.child;
            if (child != null && child.pid() == p.pid()) {
                try {
                    return child.waitFor(1, TimeUnit.SECONDS) ? child.exitValue() : 137;
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            return 137; // adopted and gone without a trace: as if killed
        }
    }

    @Override
    public void updatePod(Pod pod) {
        synchronized (this) {
            PodRun run = pods.get(new PodKey(pod.namespace(), pod.name()));
            if (run == null) {
                throw new NotFoundException("pod " + pod.namespace() + "/" + pod.name() + " not found");
            }
            if (!pod.spec().equals(run.pod.spec())) {
                throw new InvalidInputException("the local provider cannot change the spec of running pod " + pod.name()
                        + "; only its labels and annotations; delete and create it instead");
            }
            run.meta = new ObjectMeta(
                    run.meta.name(),
                    run.meta.namespace(),
                    run.meta.uid(),
                    pod.metadata().labels(),
                    pod.metadata().annotations(),
                    run.meta.creationTime());
            changed(run);
        }
    }

    @Override
    public void deletePod(String namespace, String name) {
        PodRun run;
        synchronized (this) {
            run = pods.get(new PodKey(namespace, name));
            if (run == null || run.deleting) {
                throw new NotFoundException("pod " + namespace + "/" + name + " not found");
            }
            run.deleting = true;
        }
        long grace = run.pod.spec().terminationGracePeriodSeconds();
        for (ContainerRun c : run.containers.values()) {
            signal(c, "TERM");
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(grace);
        for (ContainerRun c : run.containers.values()) {
            ProcessHandle p = c.process;
            if (p != null) {
                try {
                    // The whole run, not only the wrapper: a child re-parented out of its tree is still in its
                    // process group, and may still be shutting down or ignore SIGTERM.
                    awaitStopped(p, deadline);
                    if (treeAlive(p)) {
                        signal(p, "KILL");
                        awaitStopped(p, System.nanoTime() + TimeUnit.SECONDS.toNanos(5));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    signal(p, "KILL");
                }
            }
        }
        synchronized (this) {
            pods.remove(new PodKey(namespace, name));
            for (ContainerRun c : run.containers.values()) {
                if (c.state != ContainerState.TERMINATED) {
                    c.state = ContainerState.TERMINATED;
                    c.finishedAt = clock.instant();
                    c.exitCode = c.process == null ? null : exitCode(c, c.process);
                    c.reason = "Killed";
                }
            }
            for (PodVolume v : run.pod.spec().volumes()) {
                if (!claimed(run.pod.namespace(), v.claimName())) {
                    storage.phase(run.pod.namespace(), v.claimName(), VolumePhase.RELEASED, "pod " + name + " is gone");
                }
            }
            changed(run);
        }
        Trees.deleteQuietly(run.sandbox);
    }

    private boolean claimed(String namespace, String claim) {
        for (PodRun r : pods.values()) {
            if (r.pod.namespace().equals(namespace)
                    && r.pod.spec().volumes().stream()
                            .anyMatch(v -> v.claimName().equals(claim))) {
                return true;
            }
        }
        return false;
    }

    // Whether anything of the run is left: the wrapper, a descendant, or a member of its process group.
    private static boolean treeAlive(ProcessHandle p) {
        return ProcStats.running(p)
                || p.descendants().anyMatch(ProcStats::running)
                || !ProcStats.group(p.pid()).isEmpty();
    }

    private static void awaitStopped(ProcessHandle p, long deadline) throws InterruptedException {
        try {
            p.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS); // it outlives its command
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            // still running, or gone: the loop below decides
        }
        while (treeAlive(p) && System.nanoTime() < deadline) {
            Thread.sleep(Math.max(1, Math.min(50, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()))));
        }
    }

    private static void signal(ContainerRun c, String signal) {
        ProcessHandle p = c.process;
        if (p != null) {
            signal(p, signal);
        }
    }

    // Signals the run's process group (its session) and every descendant still in the tree.
    private static void signal(ProcessHandle p, String signal) {
        List<ProcessHandle> tree = new ArrayList<>();
        p.descendants().forEach(tree::add);
        try {
            new ProcessBuilder("kill", "-" + signal, "--", "-" + p.pid())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start()
                    .waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            LOG.debug("kill -{} -{} failed: {}", signal, p.pid(), e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (ProcessHandle h : tree) {
            if ("KILL".equals(signal)) {
                h.destroyForcibly();
            } else {
                h.destroy();
            }
        }
    }

    // ------------------------------------------------------------------ reads

    @Override
    public synchronized Pod getPod(String namespace, String name) {
        return snapshot(run(namespace, name));
    }

    @Override
    public PodStatus getPodStatus(String namespace, String name) {
        return getPod(namespace, name).status();
    }

    @Override
    public synchronized List<Pod> getPods() {
        List<Pod> out = new ArrayList<>();
        pods.values().forEach(r -> out.add(snapshot(r)));
        return List.copyOf(out);
    }

    private PodRun run(String namespace, String name) {
        PodRun r = pods.get(new PodKey(namespace, name));
        if (r == null || r.deleting) {
            throw new NotFoundException("pod " + namespace + "/" + name + " not found");
        }
        return r;
    }

    private ContainerRun container(PodRun run, String name) {
        ContainerRun c = run.containers.get(name);
        if (c == null) {
            throw new NotFoundException(
                    "pod " + run.pod.namespace() + "/" + run.pod.name() + " has no container " + Names.quote(name));
        }
        return c;
    }

    private Pod snapshot(PodRun run) {
        List<ContainerStatus> statuses = new ArrayList<>();
        boolean anyRunning = false;
        boolean anyFailed = false;
        for (ContainerRun c : run.containers.values()) {
            statuses.add(new ContainerStatus(
                    c.spec.name(),
                    c.spec.image(),
                    c.state,
                    c.state == ContainerState.RUNNING,
                    c.restarts,
                    c.exitCode,
                    c.reason,
                    c.startedAt,
                    c.finishedAt));
            anyRunning |= c.state == ContainerState.RUNNING;
            anyFailed |= c.state == ContainerState.TERMINATED && (c.exitCode == null || c.exitCode != 0);
        }
        boolean restarting = run.containers.values().stream().anyMatch(c -> "CrashLoopBackOff".equals(c.reason));
        boolean waiting = run.containers.values().stream().anyMatch(c -> c.state == ContainerState.WAITING);
        PodPhase phase;
        if (anyRunning || (restarting && !run.deleting)) {
            phase = PodPhase.RUNNING; // as in Kubernetes, a pod whose containers restart stays Running
        } else if (waiting && !run.deleting) {
            phase = PodPhase.PENDING;
        } else {
            phase = anyFailed ? PodPhase.FAILED : PodPhase.SUCCEEDED;
        }
        PodStatus status = new PodStatus(
                phase, run.deleting ? "Deleted" : "", "", "127.0.0.1", "127.0.0.1", run.startTime, statuses);
        return new Pod(run.meta, run.pod.spec(), status);
    }

    // Holds the monitor: queues the new snapshot, in order, for the callback.
    private void changed(PodRun run) {
        Consumer<Pod> callback = notifier;
        if (callback == null) {
            return;
        }
        Pod pod = snapshot(run);
        try {
            notifications.execute(() -> {
                try {
                    callback.accept(pod);
                } catch (RuntimeException e) {
                    LOG.warn("Pod notification callback threw", e);
                }
            });
        } catch (RejectedExecutionException closing) {
            // the provider is closing
        }
    }

    @Override
    public void notifyPods(Consumer<Pod> callback) {
        this.notifier = callback;
    }

    // ------------------------------------------------------------------ logs and exec

    @Override
    public InputStream getContainerLogs(String namespace, String podName, String containerName, LogOptions options) {
        ContainerRun c;
        PodKey key = new PodKey(namespace, podName);
        synchronized (this) {
            c = container(run(namespace, podName), containerName);
        }
        try {
            if (options.previous()) {
                if (!Files.exists(c.previousLog())) {
                    throw new NotFoundException("container " + containerName + " of pod " + namespace + "/" + podName
                            + " has no previous run");
                }
                return new ByteArrayInputStream(
                        LogFile.select(LogFile.read(c.previousLog()), options, clock.instant()));
            }
            if (options.follow()) {
                return LogFile.follow(c.log(), options, clock.instant(), () -> {
                    synchronized (this) {
                        PodRun r = pods.get(key);
                        return r == null
                                || (c.state == ContainerState.TERMINATED && !"CrashLoopBackOff".equals(c.reason));
                    }
                });
            }
            List<LogFile.Line> lines = LogFile.read(c.rotatedLog()); // the older part, if the log was rotated
            lines.addAll(LogFile.read(c.log()));
            return new ByteArrayInputStream(LogFile.select(lines, options, clock.instant()));
        } catch (IOException e) {
            throw new UnavailableException("the log of container " + containerName + " could not be read: " + e, e);
        }
    }

    @Override
    public int runInContainer(String namespace, String podName, String containerName, List<String> command, ExecIO io) {
        if (command == null || command.isEmpty()) {
            throw new InvalidInputException("exec needs a command, got none");
        }
        ContainerRun c;
        synchronized (this) {
            c = container(run(namespace, podName), containerName);
        }
        ProcessBuilder pb = new ProcessBuilder(command).directory(c.workDir.toFile());
        pb.environment().putAll(c.env);
        if (io.stderr().isEmpty()) {
            pb.redirectErrorStream(true);
        }
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            write(io.stderr().orElse(io.stdout()), "exec: " + command.get(0) + ": " + e.getMessage() + "\n");
            return 127;
        }
        Thread in = pump(io.stdin().orElse(InputStream.nullInputStream()), p.getOutputStream(), true);
        Thread out = pump(p.getInputStream(), io.stdout(), false);
        Thread err = io.stderr().map(e -> pump(p.getErrorStream(), e, false)).orElse(null);
        try {
            int code = p.waitFor();
            out.join(10_000);
            if (err != null) {
                err.join(10_000);
            }
            in.interrupt();
            return code;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new UnavailableException("exec into " + containerName + " was interrupted", e);
        }
    }

    private static Thread pump(InputStream from, OutputStream to, boolean closeTo) {
        Thread t = new Thread(
                () -> {
                    byte[] buf = new byte[8192];
                    try {
                        int n;
                        while ((n = from.read(buf)) >= 0) {
                            to.write(buf, 0, n);
                            to.flush();
                        }
                    } catch (IOException e) {
                        // the other side closed
                    } finally {
                        if (closeTo) {
                            try {
                                to.close();
                            } catch (IOException ignored) {
                                // nothing to do
                            }
                        }
                    }
                },
                "orchard-local-exec-pump");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void write(OutputStream out, String text) {
        try {
            out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException ignored) {
            // the caller's stream is gone
        }
    }

    // ------------------------------------------------------------------ node and stats

    @Override
    public Node configureNode(Node node) {
        long memory = ProcStats.memTotalBytes();
        Resources capacity = new Resources(Runtime.getRuntime().availableProcessors() * 1000L, memory, maxPods);
        Map<String, String> labels = new HashMap<>(node.labels());
        labels.put("type", "virtual-kubelet");
        labels.put("kubernetes.io/os", "linux");
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "localhost";
        }
        return new Node(
                node.name(),
                labels,
                capacity,
                capacity,
                List.of(
                        new NodeCondition("Ready", true, "KubeletReady", "the local provider runs processes"),
                        new NodeCondition("MemoryPressure", false, "", ""),
                        new NodeCondition("DiskPressure", false, "", "")),
                List.of(new NodeAddress("InternalIP", "127.0.0.1"), new NodeAddress("Hostname", host)),
                "linux",
                System.getProperty("os.arch", ""));
    }

    @Override
    public synchronized StatsSummary getStatsSummary() {
        Instant now = clock.instant();
        long nowNanos = System.nanoTime();
        List<PodStats> out = new ArrayList<>();
        Map<String, long[]> samples = new HashMap<>();
        for (PodRun r : pods.values()) {
            List<ContainerStats> cs = new ArrayList<>();
            for (ContainerRun c : r.containers.values()) {
                ProcessHandle p = c.process;
                if (p == null || c.state != ContainerState.RUNNING) {
                    continue;
                }
                long[] usage = ProcStats.treeUsage(p);
                String id = r.meta.uid() + "/" + c.spec.name() + "/" + p.pid();
                long[] prev = cpuSamples.get(id);
                samples.put(id, new long[] {usage[0], nowNanos});
                long nanoCores = prev == null || nowNanos <= prev[1]
                        ? 0
                        : Math.max(0, (usage[0] - prev[0]) * 1_000_000_000L / (nowNanos - prev[1]));
                cs.add(new ContainerStats(c.spec.name(), c.startedAt, nanoCores, usage[0], usage[1], usage[2]));
            }
            out.add(PodStats.ofContainers(r.pod.namespace(), r.pod.name(), r.meta.uid(), cs));
        }
        // Keep only the samples of runs still running, so the map does not grow with every run ever started.
        cpuSamples.clear();
        cpuSamples.putAll(samples);
        return StatsSummary.ofPods(nodeName, now, out);
    }

    Optional<Long> pid(String namespace, String pod, String container) {
        synchronized (this) {
            PodRun r = pods.get(new PodKey(namespace, pod));
            ContainerRun c = r == null ? null : r.containers.get(container);
            return c == null || c.process == null ? Optional.empty() : Optional.of(c.process.pid());
        }
    }
}
