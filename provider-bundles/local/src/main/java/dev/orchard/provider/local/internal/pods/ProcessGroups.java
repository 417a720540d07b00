package dev.orchard.provider.local.internal.pods;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Signals to a container run and waits for it to end. A run is its wrapper process, which leads a session and
 * process group of its own, everything in that group (also what was re-parented out of the wrapper's tree), and
 * every descendant still in the tree.
 */
final class ProcessGroups {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessGroups.class);

    /** The signals the provider sends. */
    enum Signal {
        /** Asks the run to stop; the grace period starts. */
        TERM,
        /** Ends the run at once. */
        KILL
    }

    private ProcessGroups() {}

    /**
     * Stops runs as a pod delete does: SIGTERM to each, then, for each, a wait until it has ended or the grace
     * period is over, and SIGKILL to what is left. Returns as soon as everything has ended.
     *
     * @param runs the wrapper processes of the runs; null entries are skipped
     * @param graceSeconds the grace period
     */
    static void stop(List<ProcessHandle> runs, long graceSeconds) {
        for (ProcessHandle p : runs) {
            if (p != null) {
                signal(p, Signal.TERM);
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(graceSeconds);
        for (ProcessHandle p : runs) {
            if (p == null) {
                continue;
            }
            try {
                // The whole run, not only the wrapper: a child re-parented out of its tree is still in its
                // process group, and may still be shutting down or ignore SIGTERM.
                awaitStopped(p, deadline);
                if (alive(p)) {
                    signal(p, Signal.KILL);
                    awaitStopped(p, System.nanoTime() + TimeUnit.SECONDS.toNanos(5));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                signal(p, Signal.KILL);
            }
        }
    }

    /**
     * Whether a run whose wrapper has exited left processes behind in its group.
     *
     * @param wrapper the run's wrapper process
     * @return true if a member of its process group still runs
     */
    static boolean leftBehind(ProcessHandle wrapper) {
        return !ProcStats.group(wrapper.pid()).isEmpty();
    }

    /**
     * Signals a run's process group (its session) and every descendant still in its tree.
     *
     * @param p the run's wrapper process
     * @param signal the signal
     */
    static void signal(ProcessHandle p, Signal signal) {
        List<ProcessHandle> tree = new ArrayList<>();
        p.descendants().forEach(tree::add);
        try {
            new ProcessBuilder("kill", "-" + signal.name(), "--", "-" + p.pid())
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
            if (signal == Signal.KILL) {
                h.destroyForcibly();
            } else {
                h.destroy();
            }
        }
    }

    // Whether anything of the run is left: the wrapper, a descendant, or a member of its process group.
    private static boolean alive(ProcessHandle p) {
        return ProcStats.running(p) || p.descendants().anyMatch(ProcStats::running) || leftBehind(p);
    }

    private static void awaitStopped(ProcessHandle p, long deadline) throws InterruptedException {
        try {
            p.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS); // it outlives its command
        } catch (ExecutionException | TimeoutException e) {
            // still running, or gone: the loop below decides
        }
        while (alive(p) && System.nanoTime() < deadline) {
            Thread.sleep(Math.max(1, Math.min(50, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()))));
        }
    }
}
