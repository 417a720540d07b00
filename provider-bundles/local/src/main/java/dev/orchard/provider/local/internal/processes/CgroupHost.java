package dev.orchard.provider.local.internal.processes;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cgroup hierarchies this host lets the provider make groups in, found once when the provider opens, and the
 * pods' boundaries in them.
 *
 * <p>It looks for the unified (v2) hierarchy and the v1 memory hierarchy in {@code /proc/self/mountinfo}, and the
 * runtime's own group in each from {@code /proc/self/cgroup}. A hierarchy is used if the provider can make its
 * folder {@code orchard-local.<root>} inside the runtime's own group there: so pods stay under whatever limits the
 * runtime runs with. Where neither can be used (a container with a read-only {@code /sys/fs/cgroup}, a desktop
 * session a user cannot write), pods get a {@link TokenBoundary}.
 */
public final class CgroupHost {
    private static final Logger LOG = LoggerFactory.getLogger(CgroupHost.class);
    private static final String PREFIX = "orchard-local.";
    private static final List<String> CONTROLLERS = List.of("cpu", "memory", "pids");

    /** A host with no cgroup the provider may use: every pod gets a token boundary. */
    public static final CgroupHost NONE = new CgroupHost(List.of());

    /**
     * A cgroup hierarchy the provider writes.
     *
     * @param parent the provider's folder in it, inside the runtime's own group
     * @param unified whether it is the unified (v2) hierarchy
     * @param memory whether it is the v1 memory hierarchy
     * @param delegated the controllers the parent gives its children (unified only), which each pod's folder gives
     *     its containers' groups in turn: read once, so that a create does not read them again
     */
    record Hierarchy(Path parent, boolean unified, boolean memory, List<String> delegated) {
        Hierarchy {
            delegated = List.copyOf(delegated);
        }
    }

    /**
     * A pod's folder in a hierarchy.
     *
     * @param hierarchy the hierarchy
     * @param path the folder
     */
    record Folder(Hierarchy hierarchy, Path path) {}

    private final List<Hierarchy> hierarchies;

    private CgroupHost(List<Hierarchy> hierarchies) {
        this.hierarchies = List.copyOf(hierarchies);
    }

    /**
     * Finds the hierarchies the provider may use, and makes its folder in each.
     *
     * @param name a name for the provider's folders, unique per sandbox root (a hash of it)
     * @return the host; {@link #NONE} if no hierarchy can be used
     */
    public static CgroupHost discover(String name) {
        String self = Proc.read("self/cgroup");
        String mounts = Proc.read("self/mountinfo");
        if (self == null || mounts == null) {
            return NONE;
        }
        Hierarchy unified = null;
        Hierarchy memory = null;
        for (String line : mounts.split("\n")) {
            String[] halves = line.split(" - ", 2);
            String[] left = halves[0].split(" ");
            String[] right = halves.length < 2 ? new String[0] : halves[1].split(" ");
            if (left.length < 5 || right.length < 3) {
                continue;
            }
            boolean isUnified = right[0].equals("cgroup2");
            boolean isMemory =
                    right[0].equals("cgroup") && List.of(right[2].split(",")).contains("memory");
            if ((isUnified && unified == null) || (isMemory && memory == null)) {
                Optional<Path> parent = ownGroup(self, isUnified)
                        .flatMap(group -> within(Path.of(left[4]), left[3], group))
                        .flatMap(dir -> parent(dir.resolve(PREFIX + name)));
                if (parent.isPresent() && isUnified) {
                    unified = new Hierarchy(parent.get(), true, false, delegated(parent.get()));
                } else if (parent.isPresent()) {
                    memory = new Hierarchy(parent.get(), false, true, List.of());
                }
            }
        }
        // The unified hierarchy first: it holds every process and has cgroup.kill; the v1 memory one measures.
        List<Hierarchy> found = new ArrayList<>();
        if (unified != null) {
            found.add(unified);
        }
        if (memory != null) {
            found.add(memory);
        }
        LOG.info(
                "Local pods' cgroups: {}",
                found.isEmpty() ? "none can be made here; each pod is bounded by its token" : found);
        return new CgroupHost(found);
    }

    // The runtime's group in the unified hierarchy ("0::/path") or in the v1 memory one ("N:memory:/path").
    private static Optional<String> ownGroup(String selfCgroup, boolean unified) {
        for (String line : selfCgroup.split("\n")) {
            String[] f = line.split(":", 3);
            if (f.length == 3
                    && (unified
                            ? f[0].equals("0") && f[1].isEmpty()
                            : List.of(f[1].split(",")).contains("memory"))) {
                return Optional.of(f[2]);
            }
        }
        return Optional.empty();
    }

    // The folder of a group under a mount of its hierarchy whose root is mountRoot, if the group is under it.
    private static Optional<Path> within(Path mountPoint, String mountRoot, String group) {
        String root = mountRoot.equals("/") ? "" : mountRoot;
        if (!group.equals(root) && !group.startsWith(root + "/")) {
            return Optional.empty();
        }
        String rest = group.substring(root.length()).replaceFirst("^/+", "");
        return Optional.of(rest.isEmpty() ? mountPoint : mountPoint.resolve(rest));
    }

    static Optional<Path> parent(Path dir) {
        try {
            Files.createDirectory(dir);
        } catch (FileAlreadyExistsException exists) {
            // made by an earlier instance
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) || !Files.isWritable(dir)) {
            return Optional.empty();
        }
        enableControllers(dir);
        return Optional.of(dir);
    }

    // In the unified hierarchy, a group's children get a controller only if the group enables it for them; it may
    // if it holds no process itself, which the provider's folders never do. A controller the runtime's own group
    // was not given is not there to enable, and is left out.
    private static void enableControllers(Path dir) {
        try {
            String available = Proc.text(dir.resolve("cgroup.controllers")).trim();
            for (String c : CONTROLLERS) {
                if (List.of(available.split(" ")).contains(c)) {
                    Files.writeString(dir.resolve("cgroup.subtree_control"), "+" + c);
                }
            }
        } catch (IOException | SecurityException e) {
            LOG.debug("Controllers of {} stay as they are: {}", dir, e.toString());
        }
    }

    // The controllers of ours that a unified group enables for its children.
    private static List<String> delegated(Path dir) {
        try {
            List<String> enabled = List.of(
                    Proc.text(dir.resolve("cgroup.subtree_control")).trim().split(" "));
            return CONTROLLERS.stream().filter(enabled::contains).toList();
        } catch (IOException | SecurityException e) {
            return List.of();
        }
    }

    // A new pod's folder gives its containers' groups what its parent gave it: in one write, or one by one if
    // that is refused (a controller the kernel will not enable there must not keep the others from it).
    private static void delegate(Path dir, List<String> controllers) {
        if (controllers.isEmpty()) {
            return;
        }
        Path control = dir.resolve("cgroup.subtree_control");
        try {
            Files.writeString(
                    control,
                    String.join(" ", controllers.stream().map(c -> "+" + c).toList()));
        } catch (IOException | SecurityException all) {
            for (String c : controllers) {
                try {
                    Files.writeString(control, "+" + c);
                } catch (IOException | SecurityException e) {
                    LOG.debug("Controller {} of {} stays off: {}", c, dir, e.toString());
                }
            }
        }
    }

    /**
     * What a container's working set is on this host, for the node's label.
     *
     * @return {@code cgroup-memory} where the pods' groups have a memory controller, else {@code process-rss}
     */
    public String workingSetSource() {
        for (Hierarchy h : hierarchies) {
            if (h.memory() || h.delegated().contains("memory")) {
                return "cgroup-memory";
            }
        }
        return "process-rss";
    }

    /**
     * Whether pods get cgroups on this host.
     *
     * @return true if a hierarchy can be used
     */
    public boolean available() {
        return !hierarchies.isEmpty();
    }

    /**
     * The boundary of a new pod, not made yet: its cgroup folders' names, or its token where there are none. The
     * caller journals the names, then {@link PodBoundary#make makes} them: a group that no journal names is never
     * left behind by a stop of the runtime, and one left anyway is {@link #sweep swept} at the next start.
     *
     * @param group the pod's folder name, unique to it ({@link #POD_GROUP})
     * @param token the pod's token
     * @return the boundary
     */
    public PodBoundary boundary(String group, String token) {
        if (hierarchies.isEmpty()) {
            return new TokenBoundary(token);
        }
        List<Folder> folders = new ArrayList<>();
        for (Hierarchy h : hierarchies) {
            folders.add(new Folder(h, h.parent().resolve(group)));
        }
        return new CgroupBoundary(folders, token);
    }

    // Makes a pod's folder in its hierarchy, and gives it the controllers the provider's folder has.
    static void make(Folder f) throws IOException {
        Hierarchy h = f.hierarchy();
        try {
            Files.createDirectory(f.path());
        } catch (NoSuchFileException parentGone) {
            // An instance of the same root that left with no pod removed the shared folder: made again.
            if (parent(h.parent()).isEmpty()) {
                throw parentGone;
            }
            Files.createDirectory(f.path());
        }
        if (h.unified()) {
            delegate(f.path(), h.delegated());
        }
    }

    /**
     * Removes the pods' groups under the provider's own folders that no journal names, their processes first:
     * what a stop of the runtime (kill -9) left between making a group and forgetting it. Only groups named as
     * the provider names pods' groups ({@link #POD_GROUP}), directly under its own folders, are touched; anything
     * else there is logged and left alone. Called at start, before any pod is created.
     *
     * @param named whether a journal names a group, by its folder name
     */
    public void sweep(java.util.function.Predicate<String> named) {
        GroupSweep.sweep(hierarchies, named);
    }

    /** How the provider names a pod's group: {@code <namespace>.<pod>.<8 hex digits of its token>}. */
    public static final java.util.regex.Pattern POD_GROUP = java.util.regex.Pattern.compile(
            "[a-z0-9]([-a-z0-9]*[a-z0-9])?\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?\\.[0-9a-f]{8}");

    /**
     * The boundary of a pod that an earlier instance made, from what its journal holds: a cgroup folder is used
     * only if it still exists and is the pod's own folder under a hierarchy this provider uses; otherwise the
     * pod's token bounds it.
     *
     * @param stored the folders the journal holds
     * @param group the pod's folder name
     * @param token the pod's token
     * @return the boundary
     */
    public PodBoundary adopt(List<String> stored, String group, String token) {
        List<Folder> folders = new ArrayList<>();
        for (String s : stored) {
            Path dir = Path.of(s).normalize();
            for (Hierarchy h : hierarchies) {
                if (dir.equals(h.parent().resolve(group)) && Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                    folders.add(new Folder(h, dir));
                }
            }
        }
        if (!folders.isEmpty() && folders.get(0).hierarchy().equals(hierarchies.get(0))) {
            return new CgroupBoundary(folders, token);
        }
        if (stored.stream().anyMatch(s -> Files.exists(Path.of(s), LinkOption.NOFOLLOW_LINKS))) {
            LOG.warn(
                    "The cgroups {} of pod group {} are not this provider's any more; its token bounds it",
                    stored,
                    group);
        }
        return new TokenBoundary(token);
    }

    /**
     * Removes the provider's own folders once no pod is left in them, so that instances that leave (closed, or
     * detached for the next instance) leave no empty cgroups behind; a folder that still holds a pod (one left
     * running for the next instance) stays. Another instance of the same root shares the folders: it makes them
     * again at its next pod's create.
     */
    public void removeIfEmpty() {
        for (Hierarchy h : hierarchies) {
            try {
                Files.deleteIfExists(h.parent()); // rmdir: refused while a pod's group is inside
            } catch (IOException | SecurityException e) {
                LOG.debug("Cgroup folder {} stays: {}", h.parent(), e.toString());
            }
        }
    }

    // Package-private for tests only: where the provider's folders are, to see them made and removed.
    List<Path> folders() {
        return hierarchies.stream().map(Hierarchy::parent).toList();
    }

    @Override
    public String toString() {
        return hierarchies.toString();
    }
}
