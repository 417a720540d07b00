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
import dev.orchard.provider.local.internal.volumes.LocalStorage;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings pods into the table: a new one from {@code createPod} (admitted, its sandbox made, its volumes bound, its
 * containers started), and one that an earlier instance left running, from its journal entry (adopted). Both
 * hold only the new pod's lock while they make files and start processes.
 */
final class PodCreation {
    private static final Logger LOG = LoggerFactory.getLogger(PodCreation.class);

    private final Path root;
    private final Clock clock;
    private final LocalStorage storage;
    private final PodTable table;
    private final VolumeClaims claims;
    private final ContainerSupervisor supervisor;
    private final Consumer<PodRun> changed;

    /**
     * Creates the pods' maker.
     *
     * @param root the folder of the sandboxes, resolved
     * @param clock the clock for creation times
     * @param storage the volumes pods mount
     * @param table the table the pods go into
     * @param claims the volumes' Bound and Released phases
     * @param supervisor starts and adopts the containers
     * @param changed told of a made pod, under its lock
     */
    PodCreation(
            Path root,
            Clock clock,
            LocalStorage storage,
            PodTable table,
            VolumeClaims claims,
            ContainerSupervisor supervisor,
            Consumer<PodRun> changed) {
        this.root = root;
        this.clock = clock;
        this.storage = storage;
        this.table = table;
        this.claims = claims;
        this.supervisor = supervisor;
        this.changed = changed;
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
        PodRun run = new PodRun(key, meta, pod.spec(), new Sandbox(root, key), now);
        // Checked before the pod takes its name and a place on the node, so that a create that is refused never
        // makes another one fail; a name already taken is still the first thing a caller hears of.
        if (table.get(key).isPresent()) {
            throw new AlreadyExistsException("pod " + key + " exists already");
        }
        Map<String, Path> volumes = volumeFolders(key, pod.spec());
        requireCommands(pod.spec());
        table.admit(run);
        run.lock();
        try {
            prepare(run, volumes);
            try {
                for (ContainerRun c : run.containers()) {
                    supervisor.start(run, c);
                }
            } catch (RuntimeException e) {
                undo(run);
                throw e instanceof OrchardException o
                        ? o
                        : new ProviderFaultException("the local provider failed to start pod " + key + ": " + e, e);
            }
            run.publish();
            changed.accept(run);
        } finally {
            run.unlock();
        }
    }

    // Under the pod's lock: a create that failed after starting some containers leaves nothing behind, not even
    // its name.
    private void undo(PodRun run) {
        run.markDeleting(); // nothing of it restarts
        List<ProcessHandle> started = new ArrayList<>();
        run.containers().forEach(c -> started.add(c.process()));
        ProcessGroups.stop(started, 0);
        claims.release(run.key(), run.spec());
        run.sandbox().remove();
        table.remove(run);
    }

    private Map<String, Path> volumeFolders(NamespacedName pod, PodSpec spec) {
        Map<String, Path> volumes = new HashMap<>();
        for (PodVolume v : spec.volumes()) {
            volumes.put(
                    v.name(),
                    storage.directory(new NamespacedName(pod.namespace(), v.claimName()))
                            .orElseThrow(() -> new InvalidInputException("pod " + pod.name() + " mounts volume "
                                    + Names.quote(v.claimName()) + ", which does not exist in namespace "
                                    + pod.namespace())));
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

    // Under the pod's lock: makes the sandbox and binds the volumes; on failure undoes both and the admission.
    private void prepare(PodRun run, Map<String, Path> volumes) {
        try {
            run.sandbox().create();
            run.containers(places(run, volumes));
            claims.bind(run.key(), run.spec());
        } catch (IOException | RuntimeException e) {
            claims.release(run.key(), run.spec());
            run.sandbox().remove();
            table.remove(run);
            if (e instanceof IOException) {
                throw new UnavailableException(
                        "the sandbox of pod " + run.key().name() + " could not be made under " + root + ": " + e, e);
            }
            throw (RuntimeException) e;
        }
    }

    private static List<ContainerRun> places(PodRun run, Map<String, Path> volumes) throws IOException {
        List<ContainerRun> prepared = new ArrayList<>();
        for (Container c : run.spec().containers()) {
            prepared.add(new ContainerRun(c, run.sandbox().prepare(c, volumes)));
        }
        return prepared;
    }

    /**
     * Takes over a pod that an earlier instance left: its live processes by pid and start time, ended ones by
     * their exit code. A journal entry that does not make a valid pod is logged and skipped.
     *
     * @param saved the pod's journal entry
     */
    void adopt(PodJournal.Entry saved) {
        try {
            StoredPod stored = saved.pod();
            ObjectMeta meta = stored.meta(saved.file());
            PodSpec spec = stored.spec(saved.file());
            NamespacedName key = new NamespacedName(meta.namespace(), meta.name());
            PodRun run = new PodRun(key, meta, spec, saved.sandbox(), stored.startTime(saved.file()));
            Map<String, Path> volumes = new HashMap<>();
            for (PodVolume v : spec.volumes()) {
                storage.directory(new NamespacedName(key.namespace(), v.claimName()))
                        .ifPresent(d -> volumes.put(v.name(), d));
            }
            Map<String, StoredPod.Run> runs = stored.runs(saved.file());
            run.lock();
            try {
                run.containers(places(run, volumes));
                table.adopt(run);
                claims.adopt(key, spec);
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
                LOG.info(
                        "Adopted pod {}: {} of {} container(s) still running",
                        key,
                        live,
                        spec.containers().size());
                changed.accept(run);
            } finally {
                run.unlock();
            }
        } catch (IOException | RuntimeException e) {
            LOG.error("Could not adopt the pod saved in {}: {}", saved.file(), e.toString());
        }
    }
}
