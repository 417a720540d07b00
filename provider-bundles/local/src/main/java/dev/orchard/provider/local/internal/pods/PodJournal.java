package dev.orchard.provider.local.internal.pods;

import com.fasterxml.jackson.databind.DeserializationFeature;
import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.provider.local.internal.files.AtomicFiles;
import dev.orchard.provider.local.internal.files.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pod journal: for each pod, its spec and its containers' runs, in {@code pod.json} in the sandbox's state
 * folder, so that the next instance of the provider (a replaced bundle, a restarted runtime) can adopt the pods'
 * live processes. Each save replaces the whole file at once, so a reader sees the old state or the new one.
 */
final class PodJournal {
    private static final Logger LOG = LoggerFactory.getLogger(PodJournal.class);
    private static final String FILE = "pod.json";

    private final Path root;

    /**
     * The journal of the pods under a sandbox root.
     *
     * @param root the folder of all sandboxes, resolved
     */
    PodJournal(Path root) {
        this.root = root;
    }

    /** A saved pod, found where its sandbox is. */
    record Entry(Path file, Sandbox sandbox, StoredPod pod) {}

    /**
     * Saves a pod's state. Called under the pod's lock, so saves of one pod never cross. A failure is logged: the
     * pod runs on, but would not be adopted after a restart.
     *
     * @param run the pod
     */
    void save(PodRun run) {
        List<StoredPod.Run> runs = new ArrayList<>();
        for (ContainerRun c : run.containers()) {
            ProcessHandle h = c.process();
            long start = h == null
                    ? -1
                    : h.info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
            Instant startedAt = c.status().startedAt();
            runs.add(new StoredPod.Run(
                    c.name(),
                    h == null ? -1 : h.pid(),
                    start,
                    c.status().restarts(),
                    startedAt == null ? null : startedAt.toString()));
        }
        Path file = fileOf(run.sandbox());
        try {
            Files.createDirectories(file.getParent());
            byte[] bytes = Json.mapper().writeValueAsBytes(StoredPod.of(run.meta(), run.spec(), run.startTime(), runs));
            AtomicFiles.replace(file, file.resolveSibling(FILE + ".tmp"), bytes);
        } catch (IOException e) {
            LOG.warn(
                    "Could not save the state of pod {}; it will not be adopted after a restart: {}",
                    run.key(),
                    e.toString());
        }
    }

    /**
     * Reads every saved pod under the root. A file that cannot be read, or that describes another pod than the
     * one whose sandbox holds it, is logged and skipped.
     *
     * @return the saved pods
     */
    List<Entry> scan() {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> namespaces = Files.list(root)) {
            for (Path ns : (Iterable<Path>) namespaces::iterator) {
                try (Stream<Path> sandboxes = Files.list(ns)) {
                    sandboxes
                            .map(d -> d.resolve(Sandbox.STATE_DIR).resolve(FILE))
                            .filter(Files::isRegularFile)
                            .forEach(files::add);
                }
            }
        } catch (IOException e) {
            LOG.warn("Could not look for pods to adopt under {}: {}", root, e.toString());
        }
        List<Entry> out = new ArrayList<>();
        for (Path file : files) {
            try {
                StoredPod pod = read(file);
                Sandbox sandbox = new Sandbox(root, new NamespacedName(pod.namespace(), pod.name()));
                if (!fileOf(sandbox).equals(file)) {
                    LOG.error(
                            "Not adopting the pod saved in {}: it describes pod {}/{}",
                            file,
                            Names.quote(pod.namespace()),
                            Names.quote(pod.name()));
                    continue;
                }
                out.add(new Entry(file, sandbox, pod));
            } catch (IOException | RuntimeException e) {
                LOG.error("Could not adopt the pod saved in {}: {}", file, e.toString());
            }
        }
        return out;
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

    private static Path fileOf(Sandbox sandbox) {
        return sandbox.stateDir().resolve(FILE);
    }
}
