package dev.orchard.provider.local.internal.processes;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The start-up sweep of the provider's cgroup folders: a pod's group that no journal names was left by a stop of
 * the runtime (kill -9) while a pod was made or removed. Nothing would ever remove it, and it would keep the
 * provider's folder, and so the runtime's group, from going. Its processes are killed first, then it is removed.
 */
final class GroupSweep {
    private static final Logger LOG = LoggerFactory.getLogger(GroupSweep.class);
    // Removals of a swept group before giving up on one that a process keeps joining.
    private static final int REMOVE_ROUNDS = 20;

    private GroupSweep() {}

    /**
     * Sweeps the provider's folders.
     *
     * @param hierarchies the hierarchies the provider uses, the one that holds every process first
     * @param named whether a journal names a group, by its folder name
     */
    static void sweep(List<CgroupHost.Hierarchy> hierarchies, Predicate<String> named) {
        // The same group in every hierarchy, in the hierarchies' order, so that the first holds its processes.
        Map<String, List<CgroupHost.Folder>> unnamed = new LinkedHashMap<>();
        for (CgroupHost.Hierarchy h : hierarchies) {
            try (DirectoryStream<Path> groups =
                    Files.newDirectoryStream(h.parent(), p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))) {
                for (Path g : groups) {
                    String name = g.getFileName().toString();
                    if (!CgroupHost.POD_GROUP.matcher(name).matches()) {
                        LOG.warn("Leaving cgroup {} alone: the local provider does not name its groups so", g);
                    } else if (!named.test(name)) {
                        unnamed.computeIfAbsent(name, n -> new ArrayList<>()).add(new CgroupHost.Folder(h, g));
                    }
                }
            } catch (IOException e) {
                LOG.warn("Could not look for cgroups left behind in {}: {}", h.parent(), e.toString());
            }
        }
        unnamed.forEach(GroupSweep::remove);
    }

    private static void remove(String name, List<CgroupHost.Folder> folders) {
        CgroupBoundary group = new CgroupBoundary(folders, null);
        int killed = group.members().size();
        for (int round = 0; ; round++) {
            Stopping.stop(group, List.of(), 0);
            if (group.remove()) {
                LOG.info(
                        "Removed cgroup {}, which no pod's journal names (a stop of the runtime left it), and the {}"
                                + " process(es) in it",
                        group.stored(),
                        killed);
                return;
            }
            if (round == REMOVE_ROUNDS) {
                LOG.warn("Could not remove cgroup {}, which no pod's journal names", group.stored());
                return;
            }
        }
    }
}
