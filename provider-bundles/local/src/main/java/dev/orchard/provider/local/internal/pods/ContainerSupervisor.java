package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.provider.local.internal.pods.ProcessGroups.Signal;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs containers: starts each run under a wrapper, watches for its exit, records how it ended, and restarts it
 * as its pod's restart policy says, with exponential backoff capped at 30 s. It also adopts the runs an earlier
 * instance of the provider started.
 *
 * <p>Each container runs its command (the image is recorded, not pulled) under a bash wrapper in a session of
 * its own: the wrapper writes every output line with its time to the container's log file and, when the command
 * exits, its exit code to a file, so that nothing depends on a pipe held by this JVM.
 *
 * <p>Every method that changes a container runs under its pod's lock: the caller's, or one it takes.
 */
final class ContainerSupervisor {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerSupervisor.class);
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

    /**
     * Creates the supervisor.
     *
     * @param clock the clock for the times of starts and exits
     * @param scheduler runs the restarts after their backoff
     * @param launcher starts the processes
     * @param journal saves each pod after a start
     * @param changed told of each change of a pod's containers, under its lock
     */
    ContainerSupervisor(
            Clock clock,
            ScheduledExecutorService scheduler,
            Launcher launcher,
            PodJournal journal,
            Consumer<PodRun> changed) {
        this.clock = clock;
        this.scheduler = scheduler;
        this.launcher = launcher;
        this.journal = journal;
        this.changed = changed;
    }

    /**
     * Starts a run of a container and saves the pod. Under the pod's lock. A run that cannot start ends at once,
     * with 127 and {@code StartError}, and is not restarted.
     *
     * @param run the pod
     * @param c the container
     */
    void start(PodRun run, ContainerRun c) {
        List<String> cmd = new ArrayList<>(List.of(
                "setsid",
                "bash",
                "-c",
                WRAPPER,
                "orchard-wrapper",
                c.files().log().toString(),
                c.files().exitFile().toString()));
        cmd.addAll(c.spec().command());
        cmd.addAll(c.spec().args());
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(c.files().workDir().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        try {
            pb.environment().putAll(c.files().env());
            Files.deleteIfExists(c.files().exitFile());
            c.started(launcher.start(pb));
        } catch (IOException | IllegalArgumentException e) {
            c.status(c.status().startFailed(clock.instant()));
            LOG.warn("Container {} of pod {} could not start: {}", c.name(), run.key(), e.toString());
            return;
        }
        c.status(c.status().started(clock.instant()));
        watch(run, c);
        journal.save(run);
    }

    /**
     * Takes over a run that an earlier instance started: a live process with the saved pid and start time is
     * watched again; a run that ended meanwhile is recorded with the exit code its wrapper wrote, and restarted
     * as the policy says. Under the pod's lock.
     *
     * @param run the pod
     * @param c the container
     * @param saved what the journal holds of the run
     * @return whether the run's process still runs
     */
    boolean adopt(PodRun run, ContainerRun c, StoredPod.Run saved) {
        c.status(RunStatus.adopted(saved.restarts(), StoredPod.startedAt(saved)));
        Optional<ProcessHandle> live = ProcessHandle.of(saved.pid())
                .filter(ProcStats::running)
                .filter(p -> saved.startMillis() < 0
                        || p.info()
                                .startInstant()
                                .map(i -> i.toEpochMilli() == saved.startMillis())
                                .orElse(true));
        if (live.isPresent()) {
            c.adopted(live.get());
            watch(run, c);
            return true;
        }
        c.adopted(ProcessHandle.of(saved.pid()).orElse(null));
        terminated(run, c, exitCode(c, c.process() == null ? ProcessHandle.current() : c.process()));
        return false;
    }

    private void watch(PodRun run, ContainerRun c) {
        ProcessHandle p = c.process();
        p.onExit().thenRun(() -> exited(run, c, p));
    }

    private void exited(PodRun run, ContainerRun c, ProcessHandle p) {
        if (!run.deleting() && ProcessGroups.leftBehind(p)) {
            // As when a container's main process exits: nothing of the run outlives it, nor piles up over restarts.
            ProcessGroups.signal(p, Signal.KILL);
        }
        run.lock();
        try {
            if (c.process() == p) {
                terminated(run, c, exitCode(c, p));
            }
        } finally {
            run.unlock();
        }
    }

    // Under the pod's lock: records how a run ended and applies the restart policy.
    private void terminated(PodRun run, ContainerRun c, int code) {
        c.status(c.status().exited(code, clock.instant()));
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
            if (run.deleting()) {
                return;
            }
            ContainerFiles files = c.files();
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
     * @param p the run's wrapper process
     * @return the exit code
     */
    static int exitCode(ContainerRun c, ProcessHandle p) {
        try {
            return Integer.parseInt(Files.readString(c.files().exitFile()).trim());
        } catch (IOException | NumberFormatException e) {
            // The wrapper itself was killed before it could write the code: report how it ended, if we know.
            Process child = c.child();
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
}
