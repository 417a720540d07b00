package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.VolumeMount;
import dev.orchard.provider.local.internal.files.LinkRefusedException;
import dev.orchard.provider.local.internal.files.RootFolder;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A pod's sandbox: the folder {@code <root>/<namespace>/<pod>/} its containers run in, which is the pod's to write,
 * with its volume mounts (links to the volumes' folders) and working folders, and the {@code ORCHARD_*} variables
 * that point into it. The provider's own files of the pod are elsewhere ({@link PodState}).
 *
 * <p>Every path a spec names is checked before anything is made ({@link #validate}), so a pod that is refused
 * leaves nothing. The sandbox is made new: a folder already there (someone else's) is never taken over. Folders
 * are made one level at a time and no link is followed on the way, and the sandbox is removed through
 * {@link RootFolder#remove}, which never follows a link out of it.
 */
final class Sandbox {
    private final RootFolder root;
    private final NamespacedName pod;
    // The sandbox as create() made it: the containers' mounts and folders are made in it before any of the pod's
    // processes runs, so the levels above need no second walk. Null until then, and in an adopted pod.
    private RootFolder made;

    /**
     * The sandbox of a pod.
     *
     * @param root the sandbox root
     * @param pod the pod's namespace and name
     */
    Sandbox(RootFolder root, NamespacedName pod) {
        this.root = root;
        this.pod = pod;
    }

    /** The sandbox folder. */
    Path path() {
        return root.resolve(pod.namespace(), pod.name());
    }

    /**
     * Checks every path a pod's spec names, before anything is made: each mount path and working folder stays
     * inside the sandbox and is not the sandbox itself, one path holds one volume, and no mount is inside another.
     *
     * @param spec the spec
     * @throws InvalidInputException naming the path and what is allowed
     */
    static void validate(PodSpec spec) {
        Map<List<String>, String> mounts = new HashMap<>();
        for (Container c : spec.containers()) {
            for (VolumeMount m : c.volumeMounts()) {
                List<String> at = segments(m.mountPath(), "mount path");
                if (at.isEmpty()) {
                    throw new InvalidInputException("mount path " + Names.quote(m.mountPath()) + " of container "
                            + Names.quote(c.name()) + " is the sandbox itself; mount a volume in a folder below it,"
                            + " such as /data");
                }
                String before = mounts.putIfAbsent(at, m.name());
                if (before != null && !before.equals(m.name())) {
                    throw new InvalidInputException("mount path " + Names.quote(m.mountPath()) + " of container "
                            + Names.quote(c.name()) + " is taken by another mount of the pod");
                }
            }
            segments(c.workingDir(), "working folder");
        }
        for (List<String> a : mounts.keySet()) {
            for (List<String> b : mounts.keySet()) {
                if (a.size() < b.size() && b.subList(0, a.size()).equals(a)) {
                    throw new InvalidInputException("mount path /" + String.join("/", b) + " is inside mount path /"
                            + String.join("/", a) + "; the local provider mounts volumes side by side only");
                }
            }
        }
    }

    /**
     * Makes the sandbox folder, new and empty.
     *
     * @throws AlreadyExistsException if a folder is there already: it is left alone
     * @throws InvalidInputException if the namespace folder is a link
     * @throws IOException if it cannot be made
     */
    void create() throws IOException {
        try {
            made = root.folder(pod.namespace()).newFolder(pod.name());
        } catch (FileAlreadyExistsException e) {
            throw new AlreadyExistsException("pod " + pod + " cannot be created: " + path() + " exists and is no pod"
                    + " the local provider runs; it leaves it alone: move it away to use the name");
        } catch (LinkRefusedException e) {
            throw new InvalidInputException("pod " + pod + " cannot be created: " + e.getFile()
                    + " is a symbolic link; the local provider never follows links under its sandbox root");
        }
    }

    /** Removes the sandbox and everything in it, never following a link (a mount) out of it. */
    void remove() throws IOException {
        root.remove(pod.namespace(), pod.name());
    }

    /**
     * Makes a container's mounts (links to its volumes' folders) and its working folder in the new sandbox. Under
     * the pod's lock, after {@link #create()} and before any of the pod's processes starts.
     *
     * @param c the container
     * @param volumes the folder of each of the pod's volumes, by the pod's name for it
     * @throws IOException if a folder or link cannot be made
     */
    void prepare(Container c, Map<String, Path> volumes) throws IOException {
        RootFolder sandbox = made;
        if (sandbox == null) {
            throw new IllegalStateException("the sandbox of pod " + pod + " was not made by this create");
        }
        for (VolumeMount m : c.volumeMounts()) {
            List<String> at = segments(m.mountPath(), "mount path");
            Path link = sandbox.folder(parent(at)).resolve(at.get(at.size() - 1));
            Path volume = volumes.get(m.name());
            try {
                Files.createSymbolicLink(link, volume);
            } catch (FileAlreadyExistsException e) {
                if (!Files.isSymbolicLink(link) || !Files.readSymbolicLink(link).equals(volume)) {
                    throw new InvalidInputException("mount path " + Names.quote(m.mountPath()) + " of container "
                            + Names.quote(c.name()) + " is taken by another mount of the pod");
                }
            }
        }
        Mounted work = mounted(c, volumes);
        if (!Files.isDirectory(work.path(), LinkOption.NOFOLLOW_LINKS)) {
            // Inside a mount, the folder is made in the volume's own folder, never through the link.
            RootFolder base = work.volume() == null
                    ? sandbox
                    : RootFolder.at(work.volume().toRealPath());
            base.folder(work.rest().toArray(String[]::new));
        }
    }

    /**
     * The folder a container's command runs in: the sandbox, or its working folder inside it.
     *
     * @param c the container
     * @param volumes the folder of each of the pod's volumes, by the pod's name for it
     * @return the folder, through a mount's link if it is inside one
     */
    Path workDir(Container c, Map<String, Path> volumes) {
        return mounted(c, volumes).path();
    }

    private record Mounted(Path path, Path volume, List<String> rest) {}

    private Mounted mounted(Container c, Map<String, Path> volumes) {
        List<String> at = segments(c.workingDir(), "working folder");
        for (VolumeMount m : c.volumeMounts()) {
            List<String> mount = segments(m.mountPath(), "mount path");
            if (at.size() >= mount.size() && at.subList(0, mount.size()).equals(mount)) {
                return new Mounted(
                        join(path(), at), volumes.get(m.name()), List.copyOf(at.subList(mount.size(), at.size())));
            }
        }
        return new Mounted(join(path(), at), null, at);
    }

    /**
     * The variables that tell a container where it is: its pod, namespace, sandbox and each mount.
     *
     * @param c the container
     * @return the variables
     */
    Map<String, String> variables(Container c) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("ORCHARD_POD", pod.name());
        env.put("ORCHARD_NAMESPACE", pod.namespace());
        env.put("ORCHARD_SANDBOX", path().toString());
        for (VolumeMount m : c.volumeMounts()) {
            env.put(
                    "ORCHARD_VOLUME_" + m.name().toUpperCase(Locale.ROOT).replace('-', '_'),
                    join(path(), segments(m.mountPath(), "mount path")).toString());
        }
        return env;
    }

    // The segments of a path inside the sandbox, normalised; it must not leave the sandbox.
    private static List<String> segments(String path, String what) {
        String inside = path.replaceFirst("^/+", "");
        Path p = Path.of(inside.isEmpty() ? "." : inside).normalize();
        List<String> out = new ArrayList<>();
        for (Path name : p) {
            String s = name.toString();
            if (s.equals("..")) {
                throw new InvalidInputException(what + " " + Names.quote(path) + " leaves the sandbox");
            }
            if (!s.isEmpty() && !s.equals(".")) {
                out.add(s);
            }
        }
        return out;
    }

    private static String[] parent(List<String> at) {
        return at.subList(0, at.size() - 1).toArray(String[]::new);
    }

    private static Path join(Path base, List<String> at) {
        Path p = base;
        for (String s : at) {
            p = p.resolve(s);
        }
        return p;
    }
}
