package dev.orchard.provider.local.internal.pods;

import com.fasterxml.jackson.databind.DeserializationFeature;
import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.provider.local.internal.files.AtomicFiles;
import dev.orchard.provider.local.internal.files.Json;
import dev.orchard.provider.local.internal.files.RootMark;
import dev.orchard.provider.local.internal.processes.ProcessIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pod journal: for each pod, its spec, its token and cgroups, and its containers' runs, in its state folder's
 * {@code pod.json} ({@link PodState}), so that the next instance of the provider (a replaced bundle, a restarted
 * runtime) can adopt the pods' live processes, and finish a create or a delete that a crash interrupted. Each save
 * replaces the whole file at once, so a reader sees the old state or the new one. An instance that has detached
 * saves nothing: the pods are the next instance's.
 *
 * <p>A create saves twice, and neither save replaces a file: first {@code create.json}, before anything of the pod
 * runs (its token and cgroups, no runs: a crash from there on removes the pod at the next start), then, once its
 * containers have started, {@code pod.json} with their runs, which supersedes it (the create journal stays beside
 * it, unread, until the pod's folder is removed: one file operation fewer on the way to Running). A create whose
 * {@code pod.json} cannot be saved fails and is undone; a later save that fails is logged, and the pod runs on.
 * Replacing a file by a rename costs about a millisecond on ext4, which forces the new file's blocks out first
 * ({@code auto_da_alloc}); a rename to a new name does not. No save is synced: each survives a kill -9 of the
 * runtime, which is what the journal is for; after a power loss the processes it names are gone anyway.
 */
final class PodJournal {
    private static final Logger LOG = LoggerFactory.getLogger(PodJournal.class);

    private final Path pods;
    private final BooleanSupplier attached;

    /**
     * The journal of the pods of a sandbox root.
     *
     * @param stateFolder the sandbox root's state folder
     * @param attached whether this instance still owns the pods
     */
    PodJournal(Path stateFolder, BooleanSupplier attached) {
        this.pods = stateFolder.resolve(PodState.PODS);
        this.attached = attached;
    }

    /**
     * A saved pod.
     *
     * @param file its journal file
     * @param key the pod, from where the file is
     * @param pod what the file holds
     */
    record Entry(Path file, NamespacedName key, StoredPod pod) {}

    /**
     * Saves a pod's state. Called under the pod's lock, so saves of one pod never cross. A failure is logged: the
     * pod runs on, but would not be adopted after a restart.
     *
     * @param run the pod
     */
    void save(PodRun run) {
        if (!attached.getAsBoolean()) {
            return;
        }
        try {
            write(run);
        } catch (IOException e) {
            LOG.warn(
                    "Could not save the state of pod {}; it will not be adopted after a restart: {}",
                    run.key(),
                    e.toString());
        }
    }

    /**
     * Saves a new pod once its containers have started, the first {@code pod.json}: what makes the create last. Under
     * the pod's lock.
     *
     * @param run the pod, whose containers have started
     * @throws IOException if it cannot be saved: the create must fail and be undone, or the next start would find
     *     only the create journal and remove a pod its caller was told exists
     */
    void saveCreated(PodRun run) throws IOException {
        if (!attached.getAsBoolean()) {
            // The pods are the next instance's, which may have read the journal already: this pod would be no one's.
            throw new IOException("the provider instance was replaced during the create");
        }
        write(run);
    }

    private void write(PodRun run) throws IOException {
        Path file = run.state().journal();
        AtomicFiles.replace(file, file.resolveSibling(file.getFileName() + ".tmp"), bytes(run));
    }

    /**
     * Saves a new pod before its containers start, in its create journal: what the next start needs to remove
     * the pod if the runtime stops before its containers have started (its token and cgroups). Under the pod's
     * lock.
     *
     * @param run the pod, whose state folder and boundary are made and whose containers have not started
     * @throws IOException if it cannot be saved: the create must not go on, or a crash would leave what it starts
     *     unknown to the next start
     */
    void saveCreate(PodRun run) throws IOException {
        Path file = run.state().createJournal();
        AtomicFiles.replace(file, file.resolveSibling(file.getFileName() + ".tmp"), bytes(run));
    }

    private static byte[] bytes(PodRun run) throws IOException {
        List<StoredPod.Run> runs = new ArrayList<>();
        for (ContainerRun c : run.containers()) {
            ProcessIdentity id = c.identity();
            Instant startedAt = c.status().startedAt();
            runs.add(new StoredPod.Run(
                    c.name(),
                    id == null ? -1 : id.pid(),
                    id == null ? 0 : id.startTicks(),
                    id == null ? null : id.bootId(),
                    c.status().restarts(),
                    startedAt == null ? null : startedAt.toString()));
        }
        return Json.mapper()
                .writeValueAsBytes(StoredPod.of(
                        run.meta(),
                        run.spec(),
                        run.startTime(),
                        runs,
                        run.token(),
                        run.boundary() == null ? List.of() : run.boundary().stored(),
                        run.deleting()));
    }

    /**
     * Reads every saved pod. A file that cannot be read, that describes another pod than the one whose folder
     * holds it, or that carries the same token as another, is logged and skipped, and its pod left alone.
     *
     * @return the saved pods
     */
    List<Entry> scan() {
        List<Entry> out = new ArrayList<>();
        if (!Files.isDirectory(pods, LinkOption.NOFOLLOW_LINKS)) {
            return out;
        }
        try {
            for (Path ns : RootMark.entries(pods)) {
                if (!RootMark.isFolder(ns)
                        || !Names.isDns1123Label(ns.getFileName().toString())) {
                    continue;
                }
                for (Path dir : RootMark.entries(ns)) {
                    String name = dir.getFileName().toString();
                    if (!RootMark.isFolder(dir) || !Names.isDns1123Label(name)) {
                        continue;
                    }
                    // The pod's journal; without one, the journal of its create, which a crash interrupted.
                    for (String journal : List.of(PodState.JOURNAL, PodState.CREATE_JOURNAL)) {
                        Path file = dir.resolve(journal);
                        if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                            read(new NamespacedName(ns.getFileName().toString(), name), file, out);
                            break;
                        }
                    }
                }
            }
        } catch (IOException e) {
            LOG.warn("Could not look for pods to adopt under {}: {}", pods, e.toString());
        }
        return withoutSharedTokens(out);
    }

    // A pod can write its journal: one that copied another pod's token would get that pod's processes counted as its
    // own, since the token is what finds them. Which journal was copied cannot be told, so neither pod is taken:
    // both are left alone (processes, files and groups), for a person to look at.
    private static List<Entry> withoutSharedTokens(List<Entry> all) {
        Map<String, List<Entry>> byToken = new HashMap<>();
        for (Entry e : all) {
            if (e.pod().token() != null) {
                byToken.computeIfAbsent(e.pod().token(), t -> new ArrayList<>()).add(e);
            }
        }
        List<Entry> out = new ArrayList<>();
        for (Entry e : all) {
            List<Entry> same =
                    e.pod().token() == null ? List.of(e) : byToken.get(e.pod().token());
            if (same.size() == 1) {
                out.add(e);
            } else {
                LOG.error(
                        "Leaving the pod saved in {} alone: its journal carries the token of {} too; a pod's journal"
                                + " was edited, and neither pod's processes can be told apart; stop them and remove"
                                + " the pods' folders by hand",
                        e.file(),
                        same.stream().filter(o -> o != e).map(Entry::file).toList());
            }
        }
        return out;
    }

    /**
     * Which cgroups the journals name, for the start-up sweep: each readable journal's, and any group of a pod
     * whose journal cannot be read (that pod is left alone, groups and all).
     *
     * @param journals what {@link #scan} read
     * @return whether a group's folder name is named
     */
    Predicate<String> namesGroup(List<Entry> journals) {
        Set<String> named = new HashSet<>();
        Set<String> unread = new HashSet<>();
        journalled().forEach(k -> unread.add(k.namespace() + "." + k.name() + "."));
        for (Entry e : journals) {
            unread.remove(e.key().namespace() + "." + e.key().name() + ".");
            for (String folder : e.pod().cgroupFolders()) {
                int slash = folder == null ? -1 : folder.lastIndexOf('/');
                if (folder != null) {
                    named.add(folder.substring(slash + 1));
                }
            }
            if (e.pod().token() != null) {
                named.add(PodCreation.groupName(e.key(), e.pod().token()));
            }
        }
        return group -> named.contains(group) || unread.stream().anyMatch(group::startsWith);
    }

    // Every pod whose folder holds a journal file, readable or not.
    private Set<NamespacedName> journalled() {
        Set<NamespacedName> out = new HashSet<>();
        if (!Files.isDirectory(pods, LinkOption.NOFOLLOW_LINKS)) {
            return out;
        }
        try {
            for (Path ns : RootMark.entries(pods)) {
                String namespace = ns.getFileName().toString();
                if (!RootMark.isFolder(ns) || !Names.isDns1123Label(namespace)) {
                    continue;
                }
                for (Path dir : RootMark.entries(ns)) {
                    if (Names.isDns1123Label(dir.getFileName().toString())
                                    && Files.exists(dir.resolve(PodState.JOURNAL), LinkOption.NOFOLLOW_LINKS)
                            || Files.exists(dir.resolve(PodState.CREATE_JOURNAL), LinkOption.NOFOLLOW_LINKS)) {
                        out.add(new NamespacedName(namespace, dir.getFileName().toString()));
                    }
                }
            }
        } catch (IOException e) {
            LOG.warn("Could not list the pods' journals under {}: {}", pods, e.toString());
        }
        return out;
    }

    private static void read(NamespacedName key, Path file, List<Entry> out) {
        try {
            StoredPod pod = read(file);
            if (!key.namespace().equals(pod.namespace()) || !key.name().equals(pod.name())) {
                LOG.error(
                        "Leaving the pod saved in {} alone: it describes pod {}/{}",
                        file,
                        Names.quote(pod.namespace()),
                        Names.quote(pod.name()));
                return;
            }
            out.add(new Entry(file, key, pod));
        } catch (IOException | RuntimeException e) {
            LOG.error("Leaving the pod saved in {} alone: it cannot be read: {}", file, e.toString());
        }
    }

    /**
     * Reads a journal file; fields it does not know (from a newer version) are ignored.
     *
     * @param file the file
     * @return what it holds, not yet validated
     * @throws IOException if it cannot be read or is no journal
     */
    static StoredPod read(Path file) throws IOException {
        return Json.mapper()
                .readerFor(StoredPod.class)
                .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .readValue(file.toFile());
    }
}
