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
import java.util.List;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pod journal: for each pod, its spec, its token and cgroups, and its containers' runs, in its state folder's
 * {@code pod.json} ({@link PodState}), so that the next instance of the provider (a replaced bundle, a restarted
 * runtime) can adopt the pods' live processes, and finish a create or a delete that a crash interrupted. Each save
 * replaces the whole file at once, so a reader sees the old state or the new one. An instance that has detached
 * saves nothing: the pods are the next instance's.
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
        Path file = run.state().journal();
        try {
            byte[] bytes = Json.mapper()
                    .writeValueAsBytes(StoredPod.of(
                            run.meta(),
                            run.spec(),
                            run.startTime(),
                            runs,
                            run.token(),
                            run.boundary() == null ? List.of() : run.boundary().stored(),
                            run.deleting()));
            AtomicFiles.replace(file, file.resolveSibling(file.getFileName() + ".tmp"), bytes);
        } catch (IOException e) {
            LOG.warn(
                    "Could not save the state of pod {}; it will not be adopted after a restart: {}",
                    run.key(),
                    e.toString());
        }
    }

    /**
     * Reads every saved pod. A file that cannot be read, or that describes another pod than the one whose folder
     * holds it, is logged and skipped, and its pod left alone.
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
                    Path file = dir.resolve("pod.json");
                    if (RootMark.isFolder(dir)
                            && Names.isDns1123Label(name)
                            && Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                        read(new NamespacedName(ns.getFileName().toString(), name), file, out);
                    }
                }
            }
        } catch (IOException e) {
            LOG.warn("Could not look for pods to adopt under {}: {}", pods, e.toString());
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
