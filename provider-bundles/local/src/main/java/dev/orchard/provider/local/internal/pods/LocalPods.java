package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodFeature;
import dev.orchard.api.pod.PodNotifier;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.StatsSummary;
import dev.orchard.api.provider.PodNotificationQueue;
import dev.orchard.provider.local.internal.files.RootFolder;
import dev.orchard.provider.local.internal.files.RootMark;
import dev.orchard.provider.local.internal.pods.ContainerSupervisor.Launcher;
import dev.orchard.provider.local.internal.processes.CgroupHost;
import dev.orchard.provider.local.internal.processes.PodMountNamespace;
import dev.orchard.provider.local.internal.volumes.LocalStorage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pods as local OS processes: the local provider's {@link PodProvider} and {@link PodNotifier}, which puts
 * together the classes that do each job. The {@link PodTable} holds the pods, each a {@link PodRun} with a lock of
 * its own; {@link PodCreation} makes and adopts them and {@link PodRemoval} takes them out; the
 * {@link ContainerSupervisor} runs their containers; the {@link PodJournal} saves them for the next instance;
 * {@link ContainerLogs}, {@link ContainerExec} and the {@link LocalNode} answer the rest.
 *
 * <p>Thread-safe, and no call waits for another pod: starting processes, writing files and waiting hold at most
 * the pod's own lock, and reads take no lock. A pod is visible to reads once all its containers have started;
 * until then a create of the same name is refused as a duplicate, and an update or delete of it waits on its lock
 * for the create to end. A delete frees the name last, once nothing of the pod is left.
 *
 * <p>Deleting a pod sends SIGTERM to every process inside its boundary (its cgroup, or its token), and SIGKILL
 * after the grace period. Every change is pushed to the {@link PodNotifier} callback.
 */
public final class LocalPods implements PodProvider, PodNotifier {
    // Of the 1.1 pod model, processes honour ports (informational, as in Kubernetes) and tolerations (the local
    // node has no taints); limits, probes, init containers, volumes other than claims, values from keys and node
    // selectors are refused by name. An update cannot add them: it must keep the spec as it is.
    private static final Set<PodFeature> HONOURED = EnumSet.of(PodFeature.CONTAINER_PORTS, PodFeature.TOLERATIONS);

    private static final Logger LOG = LoggerFactory.getLogger(LocalPods.class);
    // How often log sizes are checked. A log overshoots its cap by at most what its container writes in one
    // interval, so keep it short; a check is one stat per container.
    private static final long LOG_CHECK_MILLIS = 200;

    private final RootFolder root;
    private final CgroupHost cgroups;
    private final PodTable table;
    private final ScheduledExecutorService scheduler;
    private final WrapperSpawner spawner;
    private final PodNotificationQueue notifications = new PodNotificationQueue(
            "orchard-local-notify", (pod, e) -> LOG.warn("Pod notification callback threw", e));
    private final AtomicBoolean attached = new AtomicBoolean(true);
    private final PodJournal journal;
    private final PodCreation creation;
    private final PodRemoval removal;
    private final ContainerLogs logs;
    private final LocalNode node;

    /**
     * Opens a folder as a sandbox root: makes it if it is missing, and refuses it if it holds anything the local
     * provider did not make.
     *
     * @param configured the folder
     * @return the root, marked as a sandbox root
     * @throws IOException if it cannot be made or read, or holds foreign content
     */
    public static RootFolder root(Path configured) throws IOException {
        return RootMark.open(configured, RootMark.Kind.SANDBOXES, SandboxScan::foreign);
    }

    /**
     * Opens the pods under a sandbox root: finishes what a crash interrupted and adopts the pods an earlier
     * instance left running there.
     *
     * @param root the sandbox root, from {@link #root}, owned by this instance
     * @param storage the volumes that pods mount
     * @param clock the clock for the pods' times
     * @param nodeName the node's name in stats summaries
     * @param maxPods the most pods the node runs
     * @throws IOException if the root's state folder cannot be made
     */
    public LocalPods(RootFolder root, LocalStorage storage, Clock clock, String nodeName, int maxPods)
            throws IOException {
        this(
                root,
                storage,
                clock,
                nodeName,
                maxPods,
                ContainerLogs.CAP_BYTES,
                ownMounts(PodMountNamespace.probe()),
                CgroupHost.discover(Integer.toHexString(root.path().toString().hashCode())));
    }

    // Starts each container's wrapper in a mount namespace of its own where the host allows.
    static Launcher ownMounts(PodMountNamespace mounts) {
        return pb -> Launcher.PROCESS_BUILDER.start(mounts.wrap(pb));
    }

    // Package-private for tests only: a small log cap shows a rotation quickly, a launcher can make a start slow
    // (to show that it holds up no other pod), and a host without cgroups shows the token boundary.
    LocalPods(
            RootFolder root,
            LocalStorage storage,
            Clock clock,
            String nodeName,
            int maxPods,
            long logCapBytes,
            Launcher launcher,
            CgroupHost cgroups)
            throws IOException {
        this.root = root;
        this.cgroups = cgroups;
        RootFolder state = root.folder(RootMark.STATE_FOLDER);
        this.table = new PodTable(maxPods);
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "orchard-local-restarts");
            t.setDaemon(true);
            return t;
        });
        this.spawner = new WrapperSpawner(launcher);
        this.journal = new PodJournal(state.path(), attached::get);
        ContainerSupervisor supervisor =
                new ContainerSupervisor(clock, scheduler, launcher, journal, this::changed, attached::get);
        VolumeClaims claims = new VolumeClaims(storage);
        this.removal = new PodRemoval(clock, table, claims, this::changed);
        this.creation = new PodCreation(
                root,
                state,
                clock,
                storage,
                table,
                claims,
                supervisor,
                spawner,
                journal,
                removal,
                cgroups,
                this::changed);
        this.logs = new ContainerLogs(clock, logCapBytes);
        this.node = new LocalNode(
                nodeName,
                maxPods,
                clock,
                new NodeConditions(List.of(storage.root(), root.path())),
                cgroups.workingSetSource());
        scheduler.scheduleWithFixedDelay(
                () -> logs.rotate(table.containers()), LOG_CHECK_MILLIS, LOG_CHECK_MILLIS, TimeUnit.MILLISECONDS);
        List<PodJournal.Entry> journals = journal.scan();
        for (PodJournal.Entry saved : journals) {
            if (saved.pod().deleting()
                    || saved.pod().containers() == null
                    || saved.pod().containers().isEmpty()) {
                removal.finish(creation.leftover(saved));
            } else {
                creation.adopt(saved);
            }
        }
        cgroups.sweep(journal.namesGroup(journals));
        SandboxScan.reportForeign(root, table::holdsName);
    }

    /**
     * The volumes the pods use: after a start, every volume that is Bound but not in here lost its pod while no
     * instance ran.
     *
     * @return the volumes, by namespace and name
     */
    public Set<NamespacedName> volumesInUse() {
        Set<NamespacedName> used = new HashSet<>();
        for (PodRun r : table.all()) {
            for (PodVolume v : r.spec().volumes()) {
                used.add(new NamespacedName(r.key().namespace(), v.claimName()));
            }
        }
        return used;
    }

    /**
     * Leaves every pod running, for the next instance to adopt, and stops this instance's threads: what a
     * provider does when its bundle is stopped or replaced. From here on this instance changes nothing of the
     * pods, not even when it hears of an exit: they are the next instance's.
     */
    public void detach() {
        attached.set(false);
        scheduler.shutdownNow();
        spawner.close();
        notifications.close();
        cgroups.removeIfEmpty(); // a folder with a pod left running stays, for the next instance
    }

    /** Stops every pod, then this instance's threads: what tests, benchmarks and a final shutdown do. */
    public void close() {
        for (PodRun run : table.all()) {
            try {
                deletePod(run.key().namespace(), run.key().name());
            } catch (NotFoundException e) {
                // deleted, or its create failed, meanwhile: nothing of it is left
            } catch (RuntimeException e) {
                LOG.warn("Could not stop pod {} while closing: {}", run.key(), e.toString());
            }
        }
        detach();
    }

    // ------------------------------------------------------------------ lifecycle

    @Override
    public void createPod(Pod pod) {
        PodFeature.requireHonoured(pod, HONOURED, "the local provider");
        creation.create(pod);
    }

    @Override
    public void updatePod(Pod pod) {
        PodRun run = table.any(pod.namespace(), pod.name());
        run.lock(); // a create of it still running holds the lock until the pod is made
        try {
            if (!table.changeable(run)) {
                throw PodTable.notFound(pod.namespace(), pod.name());
            }
            if (!pod.spec().equals(run.spec())) {
                throw new InvalidInputException("the local provider cannot change the spec of running pod " + pod.name()
                        + "; only its labels and annotations; delete and create it instead");
            }
            ObjectMeta m = run.meta();
            run.meta(new ObjectMeta(
                    m.name(),
                    m.namespace(),
                    m.uid(),
                    pod.metadata().labels(),
                    pod.metadata().annotations(),
                    m.creationTime()));
            journal.save(run);
            changed(run);
        } finally {
            run.unlock();
        }
    }

    @Override
    public void deletePod(String namespace, String name) {
        PodRun run = table.any(namespace, name);
        run.lock(); // a create of it still running holds the lock until the pod is made, or gone
        try {
            if (run.leftover() != null && table.holds(run)) {
                removal.retry(run); // an earlier delete left its sandbox: removes the rest, or says what stays
                return;
            }
            if (!table.changeable(run)) {
                throw PodTable.notFound(namespace, name);
            }
            run.markDeleting();
            journal.save(run); // a crash from here on is finished at the next start
        } finally {
            run.unlock();
        }
        removal.delete(run);
    }

    // ------------------------------------------------------------------ reads

    @Override
    public Pod getPod(String namespace, String name) {
        return table.live(namespace, name).toPod();
    }

    @Override
    public PodStatus getPodStatus(String namespace, String name) {
        return getPod(namespace, name).status();
    }

    @Override
    public List<Pod> getPods() {
        return table.made().stream().map(PodRun::toPod).toList();
    }

    // Under the pod's lock: queues the pod's new state for the callback, in order.
    private void changed(PodRun run) {
        if (run.published() && attached.get()) {
            notifications.publish(run::toPod);
        }
    }

    @Override
    public void notifyPods(Consumer<Pod> callback) {
        notifications.callback(callback);
    }

    // ------------------------------------------------------------------ logs, exec, node

    @Override
    public InputStream getContainerLogs(String namespace, String podName, String containerName, LogOptions options) {
        PodRun run = table.live(namespace, podName);
        ContainerRun c = container(run, containerName);
        return logs.read(
                run, c, options, () -> !table.holds(run) || c.status().state().endedForGood());
    }

    @Override
    public int runInContainer(String namespace, String podName, String containerName, List<String> command, ExecIO io) {
        if (command == null || command.isEmpty()) {
            throw new InvalidInputException("exec needs a command, got none");
        }
        PodRun run = table.live(namespace, podName);
        return ContainerExec.run(run, container(run, containerName), command, io);
    }

    private static ContainerRun container(PodRun run, String name) {
        ContainerRun c = run.container(name);
        if (c == null) {
            throw new NotFoundException("pod " + run.key() + " has no container " + Names.quote(name));
        }
        return c;
    }

    @Override
    public Node configureNode(Node node) {
        return this.node.configure(node);
    }

    @Override
    public StatsSummary getStatsSummary() {
        return node.summary(table.made());
    }

    // Package-private for tests only: they check the processes behind a container (its tree, its group, that
    // a replacement adopted the same one), which no API call shows.
    Optional<Long> pid(String namespace, String pod, String container) {
        return table.get(new NamespacedName(namespace, pod))
                .map(r -> r.container(container))
                .map(ContainerRun::identity)
                .map(id -> id.pid());
    }

    // Package-private for tests only: where the sandbox root is, for the tests' checks of its files.
    Path rootPath() {
        return root.path();
    }
}
