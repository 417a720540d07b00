package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.naming.NamespacedName;
import dev.orchard.provider.local.internal.files.RootFolder;
import dev.orchard.provider.local.internal.processes.RunFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;

/**
 * The provider's own folder of one pod, out of the pod's sandbox: {@code <state>/pods/<namespace>/<pod>/} in the
 * sandbox root's state folder, with the pod's journal ({@code pod.json}, or {@code create.json} while its create
 * has not started a container yet) and a folder per container for its logs,
 * exit code and environment ({@link RunFiles}). The pod is given no path to it, so the pod's own writes (a
 * {@code rm -rf} of its sandbox, a rewritten file) never reach what the provider trusts.
 */
final class PodState {
    /** The folder of the pods' state in the sandbox root's state folder. */
    static final String PODS = "pods";

    /** The name of a pod's journal file. */
    static final String JOURNAL = "pod.json";

    /** The name of the journal of a create under way, until the pod's first {@link #JOURNAL} replaces it. */
    static final String CREATE_JOURNAL = "create.json";

    private static final Set<OpenOption> NEW_PRIVATE =
            Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
    private static final FileAttribute<Set<PosixFilePermission>> PRIVATE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    private final RootFolder state;
    private final NamespacedName pod;
    // The pod's folder as create() made it, so that each container's folder is made in it without walking and
    // checking the levels above again; null until then, and in an adopted pod (whose folders exist).
    private RootFolder made;

    /**
     * The state of a pod.
     *
     * @param state the sandbox root's state folder
     * @param pod the pod's namespace and name
     */
    PodState(RootFolder state, NamespacedName pod) {
        this.state = state;
        this.pod = pod;
    }

    /** The pod's folder. */
    Path folder() {
        return state.resolve(PODS, pod.namespace(), pod.name());
    }

    /** The pod's journal file. */
    Path journal() {
        return folder().resolve(JOURNAL);
    }

    /**
     * The journal of the pod's create, before its containers start: a file of its own, so that the first save of
     * {@link #journal()} makes a new file rather than replace one (see {@link PodJournal#saveCreate}).
     */
    Path createJournal() {
        return folder().resolve(CREATE_JOURNAL);
    }

    /**
     * A container's files.
     *
     * @param container the container's name
     * @return its files
     */
    RunFiles container(String container) {
        return new RunFiles(folder().resolve(container));
    }

    /**
     * Makes the pod's folder, empty: what a pod of the same name left there (an interrupted removal) goes first.
     *
     * @throws IOException if it cannot be made
     */
    void create() throws IOException {
        RootFolder pods = state.folder(PODS, pod.namespace());
        try {
            made = pods.newFolder(pod.name());
        } catch (FileAlreadyExistsException leftover) {
            pods.remove(pod.name());
            made = pods.newFolder(pod.name());
        }
    }

    /**
     * Makes a container's folder in the pod's new folder and writes the environment its command gets, readable by
     * the owner only. Under the pod's lock, after {@link #create()}.
     *
     * @param container the container's name
     * @param env the environment
     * @return the container's files
     * @throws IOException if they cannot be written
     */
    RunFiles prepare(String container, Map<String, String> env) throws IOException {
        if (made == null) {
            throw new IllegalStateException("the state folder of pod " + pod + " was not made by this create");
        }
        made.newFolder(container);
        RunFiles files = container(container);
        StringBuilder text = new StringBuilder();
        env.forEach((k, v) -> text.append(k).append('=').append(v).append('\0'));
        // The folder is new (create() made the pod's empty): the file is made new, with its mode, in one open.
        try (SeekableByteChannel out = Files.newByteChannel(files.envFile(), NEW_PRIVATE, PRIVATE)) {
            ByteBuffer bytes = StandardCharsets.UTF_8.encode(CharBuffer.wrap(text));
            while (bytes.hasRemaining()) {
                out.write(bytes);
            }
        }
        return files;
    }

    /**
     * Removes the pod's folder and everything in it.
     *
     * @throws IOException if it cannot all be removed
     */
    void remove() throws IOException {
        state.remove(PODS, pod.namespace(), pod.name());
    }
}
