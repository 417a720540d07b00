package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.pod.Container;
import dev.orchard.provider.local.internal.processes.Launches;
import dev.orchard.provider.local.internal.processes.ProcessIdentity;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * Overlaps the two halves of a pod's create: starting its containers' wrappers (a fork and two execs each, the
 * slowest step) and making its files, cgroups and journal. The creating thread starts the first wrapper itself while
 * a thread of the spawner's makes the files ({@link #aside}), so that when its process start returns it finds the
 * files made, and no wake-up of one thread by another (up to a millisecond on a loaded 2-core machine, as long as
 * the files take) lies on the way to Running. Further containers' wrappers start on threads of their own. Each
 * wrapper waits for its orders ({@link Launches#release}), sent once the pod is journalled, and joins the pod's
 * groups itself before it runs anything; a wrapper whose create fails, or whose runtime dies first, runs nothing.
 */
final class WrapperSpawner implements AutoCloseable {
    /**
     * A container's wrapper, started while its pod's files were being made, and waiting for its orders.
     *
     * @param process the wrapper
     * @param identity who it is, read at once; null if it ended already
     */
    record Spawned(Process process, ProcessIdentity identity) {}

    /**
     * Work of a create that makes files, done aside while the wrappers start.
     *
     * @param <T> what it gives
     */
    interface FileWork<T> {
        /**
         * Does the work.
         *
         * @return what it made
         * @throws IOException if it could not be made
         */
        T make() throws IOException;
    }

    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "orchard-local-create");
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
     * Starts a create's file work on a thread of its own, to overlap the wrappers' starts. The caller holds the
     * pod's lock throughout and reads what the work made only through the result ({@link #await}), which orders
     * its writes before the caller's reads.
     *
     * @param work the work
     * @param <T> what it gives
     * @return its result to come; a closed spawner fails it at once
     */
    <T> CompletableFuture<T> aside(FileWork<T> work) {
        CompletableFuture<T> out = new CompletableFuture<>();
        try {
            threads.execute(() -> {
                try {
                    out.complete(work.make());
                } catch (IOException | RuntimeException | Error e) {
                    out.completeExceptionally(e);
                }
            });
        } catch (RejectedExecutionException closed) {
            out.completeExceptionally(new IOException("the local provider is closing", closed));
        }
        return out;
    }

    /**
     * Waits for a create's file work, or a wrapper's start, uninterruptibly: a create undoes what failed, which must
     * not begin while the work goes on.
     *
     * @param work the work, from {@link #aside} or {@link #spawn}
     * @param <T> what it gives
     * @return what it made, or the wrapper
     * @throws IOException if it could not be made, or the wrapper could not start; an unforeseen failure is thrown
     *     as it was
     */
    static <T> T await(CompletableFuture<T> work) throws IOException {
        try {
            return work.join();
        } catch (CompletionException e) {
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

    /**
     * Starts the wrappers of a new pod's containers, which wait for their orders ({@link ContainerSupervisor#release}):
     * the first on the calling thread, the others on threads of their own, at once.
     *
     * @param run the pod, whose files are being made
     * @return each container's wrapper, in the spec's order; a failure is the start's own, a run that could not start
     */
    List<CompletableFuture<Spawned>> spawn(PodRun run) {
        List<Container> containers = run.spec().containers();
        List<CompletableFuture<Spawned>> out = new ArrayList<>();
        out.add(null); // the first, started last, once the others are on their way
        for (Container c : containers.subList(1, containers.size())) {
            ProcessBuilder pb = builder(run, c);
            CompletableFuture<Spawned> spawned = new CompletableFuture<>();
            try {
                threads.execute(() -> start(pb, spawned));
            } catch (RejectedExecutionException closed) {
                spawned.completeExceptionally(new IOException("the local provider is closing", closed));
            }
            out.add(spawned);
        }
        CompletableFuture<Spawned> first = new CompletableFuture<>();
        start(builder(run, containers.get(0)), first);
        out.set(0, first);
        return out;
    }

    private static ProcessBuilder builder(PodRun run, Container c) {
        return Launches.container(
                run.key() + "/" + c.name(), run.token(), ContainerSupervisor.command(c), Path.of("/"));
    }

    private void start(ProcessBuilder pb, CompletableFuture<Spawned> spawned) {
        Process p;
        try {
            p = launcher.start(pb);
        } catch (IOException | RuntimeException e) {
            spawned.completeExceptionally(e);
            return;
        }
        try {
            // Read at once, while the new process cannot have been reaped: a run that already ended is known.
            spawned.complete(new Spawned(p, ProcessIdentity.of(p.pid()).orElse(null)));
        } catch (RuntimeException | Error e) {
            p.destroyForcibly(); // waiting for orders, it ran nothing
            spawned.completeExceptionally(e);
        }
    }

    /**
     * Ends the wrappers of a create that failed, which are in no group of the pod until released. What was let
     * run is stopped by the create's undo, through the boundary and the runs' identities. It waits for each start
     * under way to end (a cancel would not stop a start that has begun, only drop its process).
     *
     * @param spawning the wrappers {@link #spawn} started
     */
    static void discard(List<CompletableFuture<Spawned>> spawning) {
        for (CompletableFuture<Spawned> f : spawning) {
            try {
                f.join().process().destroyForcibly(); // uninterruptibly: a wrapper left waiting would wait for good
            } catch (CompletionException | CancellationException e) {
                // it never started
            }
        }
    }

    /** Stops its threads: a start or file work under way ends, and no new one begins. */
    @Override
    public void close() {
        threads.shutdownNow();
    }
}
