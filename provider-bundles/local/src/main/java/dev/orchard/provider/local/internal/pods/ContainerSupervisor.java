package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.provider.local.internal.processes.Launches;
import dev.orchard.provider.local.internal.processes.ProcessIdentity;
import dev.orchard.provider.local.internal.processes.RunFiles;
import dev.orchard.provider.local.internal.processes.Stopping;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs containers: starts each run under its wrapper ({@link Launches#container}), watches for its exit, records
 * how it ended, kills what the run left behind, and restarts it as its pod's restart policy says, with exponential
 * backoff capped at 30 s. It also adopts the runs an earlier instance of the provider started: the journal's pid,
 * start ticks and boot say which process to look at, and the kernel says whether it is the pod's (its boundary
 * {@link dev.orchard.provider.local.internal.processes.PodBoundary#holds holds} it).
 *
 * <p>Every method that changes a container runs under its pod's lock: the caller's, or one it takes. Once the
 * instance has detached (another instance owns the pods now), an exit it still hears of changes nothing.
 */
final class ContainerSupervisor {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerSupervisor.class);
    private static final long FIRST_BACKOFF_MILLIS = 1_000;
    private static final long MAX_BACKOFF_MILLIS = 30_000;

    /** Starts a process: {@link ProcessBuilder#start()}, unless a test needs a slow start. */
    @FunctionalInterface
    interface Launcher {
        /** The launcher the provider uses. */
        Launcher PROCESS_BUILDER = ProcessBuilder::start;

        /**
         * Starts the process.
         *
         * @param builder what to start
         * @return the process
         * @throws IOException if it cannot be started
         */
        Process start(ProcessBuilder builder) throws IOException;
    }

    private final Clock clock;
    private final ScheduledExecutorService scheduler;
    private final Launcher launcher;
    private final PodJournal journal;
    private final Consumer<PodRun> changed;
    private final BooleanSupplier attached;

    /**
     * Creates the supervisor.
     *
     * @param clock the clock for the times of starts and exits
     * @param scheduler runs the restarts after their backoff
     * @param launcher starts the processes
     * @param journal saves each pod after a start
     * @param changed told of each change of a pod's containers, under its lock
     * @param attached whether this instance still owns the pods
     */
    ContainerSupervisor(
            Clock clock,
            ScheduledExecutorService scheduler,
            Launcher launcher,
            PodJournal journal,
            Consumer<PodRun> changed,
            BooleanSupplier attached) {
        this.clock = clock;
        this.scheduler = scheduler;
        this.launcher = launcher;
        this.journal = journal;
        this.changed = changed;
        this.attached = attached;
    }

    /**
     * Starts a run of a container and saves the pod. Under the pod's lock. A run whose wrapper cannot start ends
     * at once, with 127 and {@code StartError}, the reason in its message and log, and is not restarted.
     *
     * @param run the pod
     * @param c the container
     */
    void start(PodRun run, ContainerRun c) {
        launch(run, c);
        journal.save(run);
    }

    /**
     * Lets a new pod's container run in the wrapper {@link WrapperSpawner#spawn} started, as {@link #launch} does;
     * the caller saves the pod once all have. Under the pod's lock, once its files and create journal are made. A
     * wrapper that could not start is a run that ends at once, as in {@link #launch}.
     *
     * @param run the pod
     * @param c the container
     * @param spawning its wrapper, started or starting
     * @param joins the files of the pod's groups the wrapper joins, as the boundary gave them for the container
     */
    void release(PodRun run, ContainerRun c, CompletableFuture<WrapperSpawner.Spawned> spawning, List<Path> joins) {
        WrapperSpawner.Spawned s = null;
        try {
            s = WrapperSpawner.await(spawning);
            begin(run, c, s.process(), s.identity(), joins);
        } catch (IOException | IllegalArgumentException e) {
            if (s != null) {
                s.process().destroyForcibly();
            }
            failed(run, c, e);
        }
    }

    /**
     * Starts a run of a container, as {@link #start} does, but leaves saving the pod to the caller. Under the
     * pod's lock.
     *
     * @param run the pod
     * @param c the container
     */
    private void launch(PodRun run, ContainerRun c) {
        Process p = null;
        try {
            List<Path> joins = run.boundary().joinFiles(c.name());
            ProcessBuilder pb =
                    Launches.container(run.key() + "/" + c.name(), run.token(), command(c.spec()), c.workDir());
            Files.deleteIfExists(c.files().exitFile());
            Files.deleteIfExists(c.files().startErrorFile());
            p = launcher.start(pb);
            // Read at once, while the new process cannot have been reaped: a run that already ended is still known.
            ProcessIdentity identity = ProcessIdentity.of(p.pid()).orElse(null);
            begin(run, c, p, identity, joins);
        } catch (IOException | IllegalArgumentException e) {
            if (p != null) {
                p.destroyForcibly();
            }
            failed(run, c, e);
        }
    }

    // Lets a wrapper run (it joins its pod's groups itself first), and watches it.
    private void begin(PodRun run, ContainerRun c, Process p, ProcessIdentity identity, List<Path> joins)
            throws IOException {
        Launches.release(p, c.files(), c.workDir(), joins);
        c.started(p, identity);
        c.status(c.status().started(clock.instant()));
        watch(run, c);
    }

    private void failed(PodRun run, ContainerRun c, Exception e) {
        String why = StartErrors.wrapperFailed(e);
        c.status(c.status().startFailed(clock.instant(), why));
        StartErrors.log(c.files(), why);
        LOG.warn("Container {} of pod {} could not start: {}", c.name(), run.key(), why);
    }

    /**
     * A container's command and its arguments, as one list.
     *
     * @param c the container
     * @return the command line
     */
    static List<String> command(Container c) {
        List<String> command = new ArrayList<>(c.command());
        command.addAll(c.args());
        return command;
    }

    /**
     * Takes over a run that an earlier instance started: a process that is still the one the journal names (same
     * pid, start ticks and boot) and that the pod's boundary holds is watched again; one that runs outside the
     * boundary is someone else's, and the run is reported as unknown (137); otherwise the run ended meanwhile, and is recorded with the exit
     * code its wrapper wrote, and restarted as the policy says. Under the pod's lock.
     *
     * @param run the pod
     * @param c the container
     * @param saved what the journal holds of the run
     * @return whether the run's process still runs
     */
    boolean adopt(PodRun run, ContainerRun c, StoredPod.Run saved) {
        c.status(RunStatus.adopted(saved.restarts(), StoredPod.startedAt(saved)));
        ProcessIdentity who = new ProcessIdentity(saved.pid(), saved.startTicks(), saved.bootId());
        Optional<ProcessHandle> live = who.handle();
        if (live.isPresent() && !run.boundary().holds(who)) {
            // The pod can write its journal: a pid and start time there are a hint, never proof. A process that the
            // kernel does not put in the pod is someone else's: it is forgotten, never watched, measured or signalled.
            LOG.warn(
                    "Not adopting process {} for container {} of pod {}: its journal names it, but it is not in the"
                            + " pod's {}; the container's run is reported as unknown",
                    who.pid(),
                    c.name(),
                    run.key(),
                    run.boundary().stored().isEmpty()
                            ? "token boundary"
                            : "cgroup " + run.boundary().stored());
            c.adopted(null, null);
            Stopping.killLeftovers(run.boundary(), c.name(), saved.pid());
            ended(run, c, c.status().unknown(clock.instant()), RunStatus.UNKNOWN_CODE);
            return false;
        }
        c.adopted(who, live.orElse(null));
        if (live.isPresent()) {
            watch(run, c);
            return true;
        }
        Stopping.killLeftovers(run.boundary(), c.name(), saved.pid());
        if (written(c) == null) {
            // Ended unwatched and its code never reached the disk: say so, rather than invent a failure.
            ended(run, c, c.status().codeLost(clock.instant(), who.ofAnotherBoot()), RunStatus.UNKNOWN_CODE);
        } else {
            terminated(run, c, exitCode(c, null));
        }
        return false;
    }

    private void watch(PodRun run, ContainerRun c) {
        ProcessHandle p = c.process();
        p.onExit().thenRun(() -> exited(run, c, p));
    }

    private void exited(PodRun run, ContainerRun c, ProcessHandle p) {
        if (!attached.getAsBoolean()) {
            return; // the pods are another instance's now
        }
        if (!run.deleting()) {
            // As when a container's main process exits: nothing of the run outlives it, nor piles up over restarts.
            Stopping.killLeftovers(run.boundary(), c.name(), p.pid());
        }
        run.lock();
        try {
            if (c.process() == p && attached.getAsBoolean()) {
                terminated(run, c, exitCode(c, p));
            }
        } finally {
            run.unlock();
        }
    }

    // Under the pod's lock: records how a run ended and applies the restart policy.
    private void terminated(PodRun run, ContainerRun c, int code) {
        String why = StartErrors.said(c.files(), code);
        ended(
                run,
                c,
                why == null
                        ? c.status().exited(code, clock.instant())
                        : c.status().startError(code, clock.instant(), why),
                code);
    }

    // Under the pod's lock: records a run's end as given and applies the restart policy.
    private void ended(PodRun run, ContainerRun c, RunStatus status, int code) {
        c.status(status);
        RestartPolicy policy = run.spec().restartPolicy();
        boolean restart = !run.deleting()
                && (policy == RestartPolicy.ALWAYS || (policy == RestartPolicy.ON_FAILURE && code != 0));
        if (restart) {
            long delay = Math.min(
                    MAX_BACKOFF_MILLIS,
                    FIRST_BACKOFF_MILLIS << Math.min(c.status().restarts(), 5));
            c.status(c.status().backingOff());
            try {
                scheduler.schedule(() -> restart(run, c), delay, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException closing) {
                // the provider is closing
            }
        }
        changed.accept(run);
    }

    private void restart(PodRun run, ContainerRun c) {
        run.lock();
        try {
            if (run.deleting() || !attached.getAsBoolean()) {
                return;
            }
            RunFiles files = c.files();
            try {
                if (Files.exists(files.log())) {
                    Files.move(files.log(), files.previousLog(), StandardCopyOption.REPLACE_EXISTING);
                }
                Files.deleteIfExists(files.rotatedLog());
            } catch (IOException e) {
                LOG.warn("Could not keep the previous log of {}: {}", c.name(), e.toString());
            }
            c.status(c.status().restarting());
            start(run, c);
            changed.accept(run);
        } finally {
            run.unlock();
        }
    }

    /**
     * How a run ended: the code its wrapper wrote; else, if this JVM started it, the process's exit value; else
     * 137, as if killed.
     *
     * @param c the container
     * @param p the run's wrapper process, or null if it was not found running
     * @return the exit code
     */
    static int exitCode(ContainerRun c, ProcessHandle p) {
        Integer written = written(c);
        if (written != null) {
            return written;
        }
        // The wrapper itself was killed before it could write the code: report how it ended, if we know.
        Process child = c.child();
        if (child != null && p != null && child.pid() == p.pid()) {
            try {
                return child.waitFor(1, TimeUnit.SECONDS) ? child.exitValue() : 137;
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return 137; // adopted and gone without a trace: as if killed
    }

    // The code the run's wrapper wrote, or null if it wrote none that can be read (killed first, or a full disk).
    private static Integer written(ContainerRun c) {
        try {
            return Integer.parseInt(Files.readString(c.files().exitFile()).trim());
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }
}
