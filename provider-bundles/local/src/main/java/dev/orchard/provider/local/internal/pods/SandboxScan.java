package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.provider.local.internal.files.RootFolder;
import dev.orchard.provider.local.internal.files.RootMark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What is in the sandbox root besides the pods the provider runs: the check of a root that carries no mark yet,
 * and the report at start of folders the provider leaves alone. Only removals a crash interrupted are finished:
 * {@code .trash-} entries whose names carry the root's id, never one that merely starts so.
 */
final class SandboxScan {
    private static final Logger LOG = LoggerFactory.getLogger(SandboxScan.class);
    // Where versions before the journal left the sandbox kept it: inside the pod's own folder.
    private static final String LEGACY_JOURNAL = ".orchard/pod.json";

    private SandboxScan() {}

    /**
     * The entries of a sandbox root that no version of the provider made: for a root that carries no mark yet.
     * Earlier versions made namespace folders of pod sandboxes, each with its journal inside.
     *
     * @param root the root's real path
     * @return the entries, relative to the root
     * @throws IOException if it cannot be listed
     */
    static List<String> foreign(Path root) throws IOException {
        List<String> out = new ArrayList<>();
        for (Path ns : RootMark.entries(root)) {
            String name = ns.getFileName().toString();
            if (!RootMark.isFolder(ns) || !Names.isDns1123Label(name)) {
                out.add(name);
                continue;
            }
            for (Path pod : RootMark.entries(ns)) {
                String p = pod.getFileName().toString();
                boolean ours = (RootMark.isFolder(pod)
                                && Names.isDns1123Label(p)
                                && Files.isRegularFile(pod.resolve(LEGACY_JOURNAL), LinkOption.NOFOLLOW_LINKS))
                        || p.startsWith(RootFolder.TRASH_PREFIX);
                if (!ours) {
                    out.add(name + "/" + p);
                }
            }
        }
        return out;
    }

    /**
     * Logs each folder of the sandbox root that is no pod's the provider runs, and finishes the removals a crash
     * interrupted; everything else is left as it is.
     *
     * @param root the sandbox root
     * @param known whether a pod of a name is in the table
     */
    static void reportForeign(RootFolder root, Predicate<NamespacedName> known) {
        try {
            for (Path ns : RootMark.entries(root.path())) {
                String namespace = ns.getFileName().toString();
                if (!RootMark.isFolder(ns) || !Names.isDns1123Label(namespace)) {
                    LOG.warn("Leaving {} alone: the local provider did not make it", ns);
                    continue;
                }
                for (Path pod : RootMark.entries(ns)) {
                    String name = pod.getFileName().toString();
                    if (root.isOwnEntry(RootFolder.TRASH_PREFIX, name)) {
                        try {
                            root.remove(namespace, name); // a removal a crash interrupted
                        } catch (IOException e) {
                            // A mount left in it, say: kept, and the start goes on; the next start tries again.
                            LOG.warn("Leaving {} for now: it could not be removed: {}", pod, e.getMessage());
                        }
                    } else if (name.startsWith(RootFolder.TRASH_PREFIX)) {
                        LOG.warn(
                                "Leaving {} alone: it is named like a removal that a crash interrupted, but it does"
                                        + " not carry this root's id; the local provider did not make it here, or an"
                                        + " earlier version did (then remove it by hand)",
                                pod);
                    } else if (!Names.isDns1123Label(name) || !known.test(new NamespacedName(namespace, name))) {
                        LOG.warn(
                                "Leaving {} alone: it is no pod the local provider runs{}",
                                pod,
                                Files.isRegularFile(pod.resolve(LEGACY_JOURNAL), LinkOption.NOFOLLOW_LINKS)
                                        ? " (an earlier version ran it, and kept its journal inside the pod's own"
                                                + " folder, where the pod could rewrite it: it is not adopted; stop"
                                                + " its processes, if any, and remove the folder)"
                                        : "");
                    }
                }
            }
        } catch (IOException e) {
            LOG.warn("Could not look through the sandbox root {}: {}", root, e.toString());
        }
    }
}
