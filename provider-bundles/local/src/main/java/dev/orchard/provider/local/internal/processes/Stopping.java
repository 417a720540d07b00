package dev.orchard.provider.local.internal.processes;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stopping a pod's processes, and only those: each is found inside the pod's boundary and signalled through its
 * checked identity, never by a bare pid or a process group number that may have been reused.
 */
public final class Stopping {
    private static final Logger LOG = LoggerFactory.getLogger(Stopping.class);
    // SIGKILL rounds before giving up on a pod that keeps forking faster than it is killed.
    private static final int KILL_ROUNDS = 100;

    private Stopping() {}

    /**
     * Stops every process of a pod as a delete does: SIGTERM to each, a wait until they have all ended or the
     * grace period is over, then SIGKILL to what is left, until nothing is. The pod's processes are those in its
     * boundary and its containers' wrappers, by their identities: a wrapper just released may not have joined the
     * boundary yet (it joins itself), and it is ended all the same, before it can run anything outside.
     *
     * @param boundary the pod's boundary
     * @param wrappers the wrappers of the pod's container runs, which may not be in the boundary yet
     * @param graceSeconds the grace period
     * @return whether nothing of the pod is left
     */
    public static boolean stop(PodBoundary boundary, List<ProcessIdentity> wrappers, long graceSeconds) {
        // Every process once found in the pod stays its own until it has ended: one that has left the boundary's
        // view (an exiting process whose environment is gone while a mount namespace is torn down, or one that
        // cleared its token) is waited for and killed all the same, by its checked identity.
        Set<ProcessIdentity> seen = new LinkedHashSet<>(wrappers);
        Supplier<List<ProcessIdentity>> members = () -> {
            seen.addAll(boundary.members());
            return seen.stream().filter(ProcessIdentity::running).toList();
        };
        members.get().forEach(ProcessIdentity::terminate);
        if (await(members, System.nanoTime() + TimeUnit.SECONDS.toNanos(graceSeconds))) {
            return true;
        }
        for (int round = 0; round < KILL_ROUNDS; round++) {
            wrappers.forEach(ProcessIdentity::kill); // first: one not in the boundary yet forks nothing more
            boundary.killAll();
            members.get().forEach(ProcessIdentity::kill);
            if (await(members, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200))) {
                return true;
            }
        }
        LOG.warn("Processes of a pod are left after {} rounds of SIGKILL: {}", KILL_ROUNDS, members.get());
        return false;
    }

    /**
     * Kills what a container's run left behind when its wrapper exited: nothing of a run outlives it, nor piles up
     * over restarts.
     *
     * @param boundary the pod's boundary
     * @param container the container
     * @param wrapperPid the run's wrapper
     */
    public static void killLeftovers(PodBoundary boundary, String container, long wrapperPid) {
        for (int round = 0; round < KILL_ROUNDS; round++) {
            List<ProcessIdentity> left = boundary.members(container, wrapperPid);
            if (left.isEmpty()) {
                return;
            }
            left.forEach(ProcessIdentity::kill);
            await(() -> boundary.members(container, wrapperPid), System.nanoTime() + 50_000_000L);
        }
    }

    // Waits until no process is listed or the deadline passes; returns whether none is.
    private static boolean await(Supplier<List<ProcessIdentity>> members, long deadline) {
        long pause = 2;
        while (!members.get().isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            try {
                Thread.sleep(Math.min(pause, Math.max(1, TimeUnit.NANOSECONDS.toMillis(left))));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return members.get().isEmpty();
            }
            pause = Math.min(50, pause * 2);
        }
        return true;
    }
}
