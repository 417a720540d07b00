package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.pod.Container;
import dev.orchard.provider.local.internal.processes.Launches;
import dev.orchard.provider.local.internal.processes.PodBoundary;
import dev.orchard.provider.local.internal.processes.ProcessIdentity;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Starts a new pod's container wrappers ahead of its files, on threads of its own: a process start (a fork and two
 * execs) is the slowest step of a create, and here it overlaps making the pod's folders, cgroups and journal
 * instead of following them. Each wrapper waits for its orders ({@link Launches#release}), which the create sends
 * once the pod is journalled, and joins the pod's groups itself before it runs anything; a wrapper whose create
 * fails, or whose runtime dies first, runs nothing.
 */
final class WrapperSpawner implements AutoCloseable {
    /**
     * A container's wrapper, started while its pod's files are still being made, and waiting for its orders.
     *
     * @param process the wrapper
     * @param identity who it is, read at once; null if it ended already
     * @param joins the files of the groups it joins once released
     */
    record Spawned(Process process, ProcessIdentity identity, List<Path> joins) {
        Spawned {
            joins = List.copyOf(joins);
        }
    }

    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "orchard-local-spawn");
        t.setDaemon(true);
        return t;
    });
    private final ContainerSupervisor.Launcher launcher;

    /**
     * Creates the spawner.
     *
     * @param launcher starts the processes
     */
    WrapperSpawner(ContainerSupervisor.Launcher launcher) {
        this.launcher = launcher;
    }

    /**
     * Starts the wrappers of a new pod's containers at once, on threads of their own, before the pod's files are
     * made; each waits for its orders ({@link ContainerSupervisor#release}), so nothing of the pod runs before its
     * create journal, and joins the pod's groups itself once it has them.
     *
     * @param run the pod, whose files are not made yet
     * @param boundary the pod's boundary, once it is made; the caller fails it if the create fails before
     * @return each container's wrapper to come, in the spec's order; a failure is the start's own
     */
    List<Future<Spawned>> spawn(PodRun run, Future<PodBoundary> boundary) {
        List<Future<Spawned>> out = new ArrayList<>();
        for (Container c : run.spec().containers()) {
            ProcessBuilder pb = Launches.container(
                    run.key() + "/" + c.name(), run.token(), ContainerSupervisor.command(c), Path.of("/"));
            out.add(threads.submit(() -> {
                Process p = launcher.start(pb);
                try {
                    // Read at once, while the new process cannot have been reaped: a run that already ended is known.
                    ProcessIdentity identity = ProcessIdentity.of(p.pid()).orElse(null);
                    // Its groups, which it joins itself once released: no cgroup move is waited for here.
                    return new Spawned(p, identity, boundary.get().joinFiles(c.name()));
                } catch (Exception | Error e) {
                    p.destroyForcibly(); // waiting for orders, it ran nothing
                    throw e;
                }
            }));
        }
        return out;
    }

    /**
     * Ends the wrappers of a create that failed, which are in no group of the pod until released. What was let
     * run is stopped by the create's undo, through the boundary and the runs' identities. It waits for each start
     * under way to end (a cancel would not stop a start that has begun, only drop its process); the caller has
     * failed the boundary, so none waits for it.
     *
     * @param spawning the wrappers {@link #spawn} started
     */
    static void discard(List<Future<Spawned>> spawning) {
        for (Future<Spawned> f : spawning) {
            try {
                await(f).process().destroyForcibly();
            } catch (IOException | RuntimeException e) {
                // it never started, or ended itself
            }
        }
    }

    /**
     * Waits for a wrapper that {@link #spawn} is starting.
     *
     * @param spawning the wrapper to come
     * @return the wrapper, with the groups it is to join
     * @throws IOException if it could not start, or its groups not be made: a run that could not start; a
     *     launcher's unforeseen failure is thrown as it was
     */
    static Spawned await(Future<Spawned> spawning) throws IOException {
        try {
            return spawning.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while its wrapper was starting");
        } catch (CancellationException e) {
            throw new InterruptedIOException("its start was cancelled");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IOException(cause);
        }
    }

    /** Stops its threads: a start under way ends, and no new one begins. */
    @Override
    public void close() {
        threads.shutdownNow();
    }
}
