package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.VolumeMount;
import dev.orchard.provider.local.internal.files.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A pod's sandbox: the folder {@code <root>/<namespace>/<pod>/} its containers run in, the provider's files of
 * each container in it ({@code .orchard/<container>/}), the volume mounts (links to the volumes' folders) and the
 * environment each container gets. Every path a pod's spec names is checked to stay inside it.
 */
final class Sandbox {
    // The journal finds the pods by this name; see PodJournal.
    static final String STATE_DIR = ".orchard";

    private final NamespacedName pod;
    private final Path path;

    /**
     * The sandbox of a pod.
     *
     * @param root the folder of all sandboxes, resolved
     * @param pod the pod's namespace and name
     */
    Sandbox(Path root, NamespacedName pod) {
        this.pod = pod;
        this.path = root.resolve(pod.namespace()).resolve(pod.name());
    }

    /** The sandbox folder. */
    Path path() {
        return path;
    }

    /** The provider's own folder in the sandbox: the containers' logs, exit codes and the pod's journal. */
    Path stateDir() {
        return path.resolve(STATE_DIR);
    }

    /** Makes the sandbox folder, empty: whatever an earlier pod of the same name left there goes. */
    void create() throws IOException {
        Trees.delete(path);
        Files.createDirectories(path);
    }

    /** Removes the sandbox and everything in it, never following a link (a mount) out of it. */
    void remove() {
        Trees.deleteQuietly(path);
    }

    /**
     * Makes a container's place in the sandbox: its own folder, its volume mounts and its working folder.
     *
     * @param c the container
     * @param volumes the folder of each of the pod's volumes, by the pod's name for it
     * @return the container's files and environment
     * @throws IOException if a folder or link cannot be made
     * @throws InvalidInputException if a mount path or the working folder leaves the sandbox, or a mount path is
     *     taken by another mount of the pod
     */
    ContainerFiles prepare(Container c, Map<String, Path> volumes) throws IOException {
        Path dir = stateDir().resolve(c.name());
        Files.createDirectories(dir);
        Map<String, String> env = new LinkedHashMap<>(c.env());
        env.put("ORCHARD_POD", pod.name());
        env.put("ORCHARD_NAMESPACE", pod.namespace());
        env.put("ORCHARD_SANDBOX", path.toString());
        for (VolumeMount m : c.volumeMounts()) {
            env.put(
                    "ORCHARD_VOLUME_" + m.name().toUpperCase(Locale.ROOT).replace('-', '_'),
                    mount(c, m, volumes.get(m.name())).toString());
        }
        Path work = c.workingDir().isEmpty()
                ? path
                : path.resolve(c.workingDir().replaceFirst("^/+", "")).normalize();
        if (!work.startsWith(path)) {
            throw new InvalidInputException("working folder " + Names.quote(c.workingDir()) + " leaves the sandbox");
        }
        Files.createDirectories(work);
        return new ContainerFiles(dir, work, env);
    }

    // Links the volume's folder at the mount path, unless another container of the pod has linked it there.
    private Path mount(Container c, VolumeMount m, Path volume) throws IOException {
        Path link = path.resolve(m.mountPath().substring(1)).normalize();
        if (!link.startsWith(path) || link.equals(path)) {
            throw new InvalidInputException("mount path " + Names.quote(m.mountPath()) + " leaves the sandbox");
        }
        Files.createDirectories(link.getParent());
        if (!Files.isSymbolicLink(link) || !Files.readSymbolicLink(link).equals(volume)) {
            if (Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
                throw new InvalidInputException("mount path " + Names.quote(m.mountPath()) + " of container "
                        + Names.quote(c.name()) + " is taken by another mount of the pod");
            }
            Files.createSymbolicLink(link, volume);
        }
        return link;
    }
}
