package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.provider.local.internal.processes.ProcessIdentity;
import dev.orchard.provider.local.internal.processes.Stopping;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes pods out: a delete, the undo of a create that failed halfway, and the end of a create or delete that a
 * crash interrupted. Each stops every process inside the pod's boundary (and only those), releases its volumes,
 * removes its sandbox (only if the pod made it), its cgroups and its state folder, and frees its name last, once
 * nothing of the pod is left.
 *
 * <p>A sandbox that cannot be removed (a mount in it that could not be detached) keeps the pod: its journal stays,
 * and it stays in the table as being deleted, holding its name, with what is left in its status; the delete fails
 * and says so, and a delete again (or the next start) removes the rest.
 */
final class PodRemoval {
    // Stops and removals of a pod's cgroups before giving up on one that a process keeps joining.
    private static final int REMOVE_ROUNDS = 50;
    private static final Logger LOG = LoggerFactory.getLogger(PodRemoval.class);

    private final Clock clock;
    private final PodTable table;
    private final VolumeClaims claims;
    private final Consumer<PodRun> changed;

    /**
     * Creates the remover.
     *
     * @param clock the clock for the times the containers were killed
     * @param table the table the pods leave
     * @param claims the volumes' Bound and Released phases
     * @param changed told of a pod's last state, under its lock
     */
    PodRemoval(Clock clock, PodTable table, VolumeClaims claims, Consumer<PodRun> changed) {
        this.clock = clock;
        this.table = table;
        this.claims = claims;
        this.changed = changed;
    }

    /**
     * Deletes a pod whose delete the caller has marked and saved, without holding its lock: stops its processes,
     * then, under the lock, removes the rest.
     *
     * @param run the pod, marked as being deleted
     * @throws UnavailableException if its sandbox could not be removed: the pod is kept, see {@link #retry}
     */
    void delete(PodRun run) {
        Stopping.stop(run.boundary(), wrappers(run), run.spec().terminationGracePeriodSeconds());
        run.lock();
        try {
            for (ContainerRun c : run.containers()) {
                if (!c.status().state().terminated()) {
                    ProcessHandle p = c.process();
                    c.status(c.status().killed(p == null ? null : ContainerSupervisor.exitCode(c, p), clock.instant()));
                }
            }
            String left = null;
            try {
                claims.release(run.key(), run.spec());
                changed.accept(run);
                left = removeFiles(run);
            } finally {
                // Last: the name stays taken until nothing of the pod is left, so that a new pod of the same name
                // never has its sandbox removed, or its volumes released, by this delete.
                keepOrRemove(run, left);
            }
            if (left != null) {
                throw refused(run, left);
            }
        } finally {
            run.unlock();
        }
    }

    /**
     * Removes what an earlier delete of a pod left, under its lock: the pod is gone once nothing is left.
     *
     * @param run the pod, whose lock the caller holds, with {@link PodRun#leftover()} set
     * @throws UnavailableException if something is still left
     */
    void retry(PodRun run) {
        String left = removeFiles(run);
        keepOrRemove(run, left);
        if (left != null) {
            throw refused(run, left);
        }
    }

    private void keepOrRemove(PodRun run, String left) {
        run.leftover(left);
        if (left == null) {
            table.remove(run);
        } else {
            changed.accept(run);
        }
    }

    private static UnavailableException refused(PodRun run, String left) {
        return new UnavailableException("pod " + run.key() + " is not wholly deleted: its processes are stopped and"
                + " its volumes released, but " + left + "; it stays listed as being deleted: delete it again once"
                + " that is fixed");
    }

    /**
     * Undoes a create that failed, under the pod's lock: nothing of it is left behind, not even its name.
     *
     * @param run the pod
     */
    void undo(PodRun run) {
        run.markDeleting(); // nothing of it restarts
        try {
            if (run.boundary() != null) {
                Stopping.stop(run.boundary(), wrappers(run), 0);
            }
            claims.release(run.key(), run.spec());
            String left = removeFiles(run);
            if (left != null) {
                LOG.warn("The create of pod {} is undone, but {}; the next start retries", run.key(), left);
            }
        } finally {
            table.remove(run);
        }
    }

    /**
     * Finishes what a crash interrupted: a create that never started a container, or a delete that had begun.
     *
     * @param run the pod as its journal saved it
     */
    void finish(PodRun run) {
        LOG.info("Finishing the removal of pod {}, which a stop of the provider interrupted", run.key());
        // No run of it is known: a wrapper released before the crash is in the boundary by now, or cannot join it.
        Stopping.stop(run.boundary(), List.of(), run.spec().terminationGracePeriodSeconds());
        String left = removeFiles(run);
        if (left != null) {
            // Kept under its name, being deleted, so that a delete of it retries: see retry().
            run.markDeleting();
            run.leftover(left);
            table.adopt(run);
            LOG.warn("Pod {} could not be removed at start: {}; delete it again once that is fixed", run.key(), left);
        }
    }

    // A wrapper released just before its pod was stopped may join the pod's group after the stop looked (it moves
    // itself in, which can wait tens of milliseconds for the kernel), and then keeps the group from going: it is
    // stopped in turn until the group goes. One that comes after the group went cannot join it, and runs nothing.
    private static void removeBoundary(PodRun run) {
        for (int round = 1; !run.boundary().remove(); round++) {
            if (round == REMOVE_ROUNDS) {
                LOG.warn(
                        "The cgroups {} of pod {} could not be removed",
                        run.boundary().stored(),
                        run.key());
                return;
            }
            Stopping.stop(run.boundary(), wrappers(run), 0);
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    // The identities of the pod's container runs' wrappers; whether they still run is checked when they are used.
    // Only those this instance started (its own children, which may not have joined the boundary yet) or that the
    // boundary holds: an identity from the journal is a hint the pod could have written, never a reason to signal.
    private static List<ProcessIdentity> wrappers(PodRun run) {
        List<ProcessIdentity> out = new ArrayList<>();
        for (ContainerRun c : run.containers()) {
            ProcessIdentity id = c.identity();
            Process child = c.child();
            if (id != null
                    && ((child != null && child.pid() == id.pid())
                            || run.boundary().holds(id))) {
                out.add(id);
            }
        }
        return out;
    }

    // The cgroups, the sandbox (only if this pod made it), then the state folder with the journal: what is left
    // after a crash midway is still found and finished at the next start. Returns what is left of the sandbox and
    // why, or null: then the journal is kept, so that the pod is still known.
    private static String removeFiles(PodRun run) {
        if (run.boundary() != null) {
            removeBoundary(run);
        }
        if (run.sandboxMade()) {
            try {
                run.sandbox().remove();
            } catch (IOException e) {
                LOG.warn("The sandbox of pod {} could not be removed: {}", run.key(), e.toString());
                return "its sandbox " + run.sandbox().path() + " could not be removed: " + e.getMessage();
            }
        }
        try {
            run.state().remove();
        } catch (IOException e) {
            LOG.warn("Pod {} is gone, but not all of its files could be removed: {}", run.key(), e.toString());
        }
        return null;
    }
}
