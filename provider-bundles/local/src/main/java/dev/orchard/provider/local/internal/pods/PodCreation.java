package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.provider.local.internal.files.RootFolder;
import dev.orchard.provider.local.internal.processes.CgroupHost;
import dev.orchard.provider.local.internal.processes.TokenBoundary;
import dev.orchard.provider.local.internal.volumes.LocalStorage;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings pods into the table: a new one from {@code createPod}, and one that an earlier instance left running,
 * from its journal entry. Both hold only the new pod's lock while they make files and start processes.
 *
 * <p>A create checks everything it can before it makes anything (the name, the spec's paths, the volumes, the
 * commands, the node's room), so a refused create leaves nothing. Then it makes the pod's state folder, saves the
 * create journal with the names of the pod's cgroups, makes them (from then on the sandbox is the provider's),
 * makes the sandbox new, binds
 * the volumes, lets the containers run and saves the journal with their runs ({@link PodJournal}); a failure on the
 * way undoes all of it ({@link PodRemoval#undo}). The files are made on another thread while the creating thread
 * starts the containers' wrappers ({@link WrapperSpawner}): each waits for its orders, so nothing of the pod runs
 * before the journal says so.
 */
final class PodCreation {
    private static final Logger LOG = LoggerFactory.getLogger(PodCreation.class);

    private final RootFolder root;
    private final RootFolder state;
    private final Clock clock;
    private final LocalStorage storage;
    private final PodTable table;
    private final VolumeClaims claims;
    private final ContainerSupervisor supervisor;
    private final WrapperSpawner spawner;
    private final PodJournal journal;
    private final PodRemoval removal;
    private final CgroupHost cgroups;
    private final Consumer<PodRun> changed;

    /**
     * Creates the pods' maker.
     *
     * @param root the sandbox root
     * @param state the sandbox root's state folder
     * @param clock the clock for creation times
     * @param storage the volumes pods mount
     * @param table the table the pods go into
     * @param claims the volumes' Bound and Released phases
     * @param supervisor starts and adopts the containers
     * @param spawner starts a new pod's wrappers while its files are made
     * @param journal saves the pods
     * @param removal undoes a create that failed halfway
     * @param cgroups where the pods' cgroups are made
     * @param changed told of a made pod, under its lock
     */
    PodCreation(
            RootFolder root,
            RootFolder state,
            Clock clock,
            LocalStorage storage,
            PodTable table,
            VolumeClaims claims,
            ContainerSupervisor supervisor,
            WrapperSpawner spawner,
            PodJournal journal,
            PodRemoval removal,
            CgroupHost cgroups,
            Consumer<PodRun> changed) {
        this.root = root;
        this.state = state;
        this.clock = clock;
        this.storage = storage;
        this.table = table;
        this.claims = claims;
        this.supervisor = supervisor;
        this.spawner = spawner;
        this.journal = journal;
        this.removal = removal;
        this.cgroups = cgroups;
        this.changed = changed;
    }

    /** A new pod's run, not made yet. */
    private PodRun newRun(NamespacedName key, ObjectMeta meta, PodSpec spec, String token, Instant start) {
        return new PodRun(key, meta, spec, new Sandbox(root, key), new PodState(state, key), token, start);
    }

    /**
     * Creates a pod and starts its containers; it is made when this returns.
     *
     * @param pod the pod as the caller gave it
     */
    void create(Pod pod) {
        NamespacedName key = new NamespacedName(pod.namespace(), pod.name());
        Instant now = clock.instant();
        ObjectMeta meta = pod.metadata().withIdentity(UUID.randomUUID().toString(), now);
        // Checked before the pod takes its name and a place on the node, so that a create that is refused never
        // makes another one fail; a name already taken is still the first thing a caller hears of.
        if (table.get(key).isPresent()) {
            throw new AlreadyExistsException("pod " + key + " exists already");
        }
        Sandbox.validate(pod.spec());
        Map<String, Path> volumes = volumeFolders(key, pod.spec());
        requireCommands(pod.spec());
        PodRun run = newRun(key, meta, pod.spec(), UUID.randomUUID().toString(), now);
        table.admit(run);
        run.lock();
        try {
            List<CompletableFuture<WrapperSpawner.Spawned>> spawning = List.of();
            CompletableFuture<Map<String, List<Path>>> made = null;
            try {
                // The files are made aside while this thread starts the wrappers, which run nothing until released.
                made = spawner.aside(() -> make(run, volumes));
                spawning = spawner.spawn(run);
                Map<String, List<Path>> joins = WrapperSpawner.await(made);
                List<Container> specs = run.spec().containers();
                for (int i = 0; i < specs.size(); i++) {
                    String name = specs.get(i).name();
                    supervisor.release(run, run.container(name), spawning.get(i), joins.get(name));
                }
                journal.saveCreated(run); // the runs, for the next instance to adopt; supersedes the create journal
            } catch (IOException | RuntimeException e) {
                settle(made); // what it made is undone below, once it has stopped making it
                WrapperSpawner.discard(spawning);
                removal.undo(run);
                if (e instanceof OrchardException o) {
                    throw o;
                }
                if (e instanceof IOException) {
                    throw new UnavailableException("pod " + key + " could not be made under " + root + ": " + e, e);
                }
                throw new ProviderFaultException("the local provider failed to start pod " + key + ": " + e, e);
            }
            run.publish();
            changed.accept(run);
        } finally {
            run.unlock();
        }
    }

    private static void settle(CompletableFuture<?> work) {
        if (work != null) {
            try {
                WrapperSpawner.await(work);
            } catch (IOException | RuntimeException failed) {
                // the create fails for it, or for what came first
            }
        }
    }

    // Aside, while the creating thread holds the pod's lock: its state folder, boundary and journal, then its
    // sandbox, files and volumes, and last the groups each container's wrapper joins.
    private Map<String, List<Path>> make(PodRun run, Map<String, Path> volumes) throws IOException {
        run.state().create();
        // The groups are journalled before they are made, so a stop of the runtime in between leaves none that no
        // journal names. Not synced: a power loss that loses the journal takes the groups (in memory) with it.
        run.boundary(cgroups.boundary(groupName(run.key(), run.token()), run.token()));
        journal.saveCreate(run);
        run.boundary().make();
        // from here on the sandbox is the provider's: a crash leaves a create to undo
        run.sandbox().create();
        run.sandboxMade(true);
        run.containers(places(run, volumes, true));
        claims.bind(run.key(), run.spec());
        Map<String, List<Path>> joins = new HashMap<>();
        for (Container c : run.spec().containers()) {
            joins.put(c.name(), run.boundary().joinFiles(c.name()));
        }
        return joins;
    }

    /**
     * The name of a pod's cgroup folder: its namespace, name and a part of its token, unique to this pod, as
     * {@link CgroupHost#POD_GROUP} describes it.
     */
    static String groupName(NamespacedName key, String token) {
        return key.namespace() + "." + key.name() + "." + token.substring(0, Math.min(8, token.length()));
    }

    private Map<String, Path> volumeFolders(NamespacedName pod, PodSpec spec) {
        Map<String, Path> volumes = new HashMap<>();
        for (PodVolume v : spec.volumes()) {
            volumes.put(
                    v.name(),
                    storage.directory(new NamespacedName(pod.namespace(), v.claimName()))
                            .orElseThrow(() -> new InvalidInputException("pod " + pod.name() + " mounts volume "
                                    + Names.quote(v.claimName()) + ", which does not exist in namespace "
                                    + pod.namespace() + " or is Failed")));
        }
        return volumes;
    }

    private static void requireCommands(PodSpec spec) {
        for (Container c : spec.containers()) {
            if (c.command().isEmpty() && c.args().isEmpty()) {
                throw new InvalidInputException("container " + Names.quote(c.name()) + " has no command; the"
                        + " local provider runs commands as processes and does not pull image "
                        + Names.quote(c.image()));
            }
        }
    }

    // The containers' places: in a new pod, their mounts, folders and environment files are made; in an adopted
    // one, nothing in the sandbox is touched (it has been the pod's to change), only the paths are worked out.
    private static List<ContainerRun> places(PodRun run, Map<String, Path> volumes, boolean make) throws IOException {
        List<ContainerRun> prepared = new ArrayList<>();
        for (Container c : run.spec().containers()) {
            if (make) {
                run.sandbox().prepare(c, volumes);
                Map<String, String> env = new LinkedHashMap<>(System.getenv());
                env.putAll(c.env());
                env.putAll(run.sandbox().variables(c));
                env.put(TokenBoundary.VARIABLE, run.token());
                prepared.add(new ContainerRun(
                        c, run.state().prepare(c.name(), env), run.sandbox().workDir(c, volumes)));
            } else {
                prepared.add(new ContainerRun(
                        c, run.state().container(c.name()), run.sandbox().workDir(c, volumes)));
            }
        }
        return prepared;
    }

    /**
     * Takes over a pod that an earlier instance left: its live processes by pid, start ticks and boot, ended ones
     * by their exit code. A journal entry that does not make a valid pod is logged and skipped.
     *
     * @param saved the pod's journal entry, whose runs have started
     * @return the pod, or null if it could not be adopted
     */
    PodRun adopt(PodJournal.Entry saved) {
        try {
            StoredPod stored = saved.pod();
            ObjectMeta meta = stored.meta(saved.file());
            PodSpec spec = stored.spec(saved.file());
            String token = stored.token() == null ? UUID.randomUUID().toString() : stored.token();
            PodRun run = newRun(saved.key(), meta, spec, token, stored.startTime(saved.file()));
            Map<String, Path> volumes = new HashMap<>();
            for (PodVolume v : spec.volumes()) {
                storage.directory(new NamespacedName(saved.key().namespace(), v.claimName()))
                        .ifPresent(d -> volumes.put(v.name(), d));
            }
            Map<String, StoredPod.Run> runs = stored.runs(saved.file());
            run.lock();
            try {
                run.boundary(cgroups.adopt(stored.cgroupFolders(), groupName(saved.key(), token), token));
                run.sandboxMade(true);
                run.containers(places(run, volumes, false));
                table.adopt(run);
                claims.adopt(saved.key(), spec);
                int live = 0;
                for (ContainerRun c : run.containers()) {
                    StoredPod.Run r = runs.get(c.name());
                    if (r == null) {
                        supervisor.start(run, c);
                    } else if (supervisor.adopt(run, c, r)) {
                        live++;
                    }
                }
                run.publish();
                journal.save(run);
                LOG.info(
                        "Adopted pod {}: {} of {} container(s) still running",
                        saved.key(),
                        live,
                        spec.containers().size());
                changed.accept(run);
            } finally {
                run.unlock();
            }
            return run;
        } catch (IOException | RuntimeException e) {
            LOG.error("Could not adopt the pod saved in {}: {}", saved.file(), e.toString());
            return null;
        }
    }

    /**
     * The run of a pod whose journal says a create or a delete was under way, to finish it.
     *
     * @param saved the pod's journal entry
     * @return the pod's run, with its boundary, to remove
     */
    PodRun leftover(PodJournal.Entry saved) {
        StoredPod stored = saved.pod();
        String token = stored.token() == null ? UUID.randomUUID().toString() : stored.token();
        PodSpec spec;
        try {
            spec = stored.spec(saved.file());
        } catch (RuntimeException unreadable) {
            spec = PodSpec.of(Container.of("unknown", "", "true")); // what is removed needs no spec
        }
        PodRun run = newRun(
                saved.key(), ObjectMeta.of(saved.key().namespace(), saved.key().name()), spec, token, clock.instant());
        run.boundary(cgroups.adopt(stored.cgroupFolders(), groupName(saved.key(), token), token));
        run.sandboxMade(true);
        return run;
    }
}
