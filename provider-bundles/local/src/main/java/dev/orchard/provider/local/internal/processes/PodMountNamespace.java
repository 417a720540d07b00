package dev.orchard.provider.local.internal.processes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a container's processes get a mount namespace of their own, and how an exec enters it. Where the host
 * lets the runtime's user {@code unshare --mount} (and has {@code nsenter}), each container's wrapper starts in a
 * new mount namespace whose mounts are slaves of the host's: what the container mounts reaches nobody else and ends
 * with its last process. What the host mounts later reaches the container only where the host's mount is shared
 * (systemd makes {@code /} shared); where it is private (Docker, LXC), it does not. Where the host refuses, containers run in
 * the host's mount namespace as before, and only the removal's {@code MountGuard} protects the host.
 */
public final class PodMountNamespace {
    private static final Logger LOG = LoggerFactory.getLogger(PodMountNamespace.class);
    private static final List<String> UNSHARE = List.of("unshare", "--mount", "--propagation", "slave");
    // Run by nsenter inside the container's namespace: refuses to go on unless it is the namespace that was checked,
    // and enters the working folder there (a folder opened outside, as nsenter --wd does, would miss its mounts).
    private static final String CHECK = "[ \"$(readlink /proc/self/ns/mnt)\" = \"$1\" ] || { echo \"exec: the"
            + " container's mount namespace is gone\" >&2; exit 126; }; cd -- \"$2\" || exit 126; shift 2; exec \"$@\"";

    private final boolean own;

    private PodMountNamespace(boolean own) {
        this.own = own;
    }

    /** Containers run in the host's mount namespace: for a host that refuses, and for tests of the second line. */
    public static final PodMountNamespace HOST = new PodMountNamespace(false);

    /**
     * Asks the host, once, whether the runtime's user may make a mount namespace, and logs which applies.
     *
     * @return the answer, to keep for the provider's life
     */
    public static PodMountNamespace probe() {
        String refused = tryUnshare();
        if (refused == null) {
            LOG.info("Local pods: each container runs in a mount namespace of its own (slave of the host's):"
                    + " its mounts are invisible to the host and end with it");
            return new PodMountNamespace(true);
        }
        LOG.info(
                "Local pods: containers run in the host's mount namespace, because {}; a pod's mounts are"
                        + " detached, or refused, at its removal",
                refused);
        return HOST;
    }

    /**
     * Whether containers get a mount namespace of their own.
     *
     * @return true if they do
     */
    public boolean own() {
        return own;
    }

    /**
     * A container's wrapper, started in a mount namespace of its own if the host allows. {@code unshare} execs the
     * wrapper without a fork, so the pid started is the wrapper's, as its identity needs.
     *
     * @param wrapper the wrapper's process, from {@link Launches#container}
     * @return the same builder, its command prefixed
     */
    public ProcessBuilder wrap(ProcessBuilder wrapper) {
        if (own) {
            wrapper.command().addAll(0, UNSHARE);
        }
        return wrapper;
    }

    /**
     * An exec'd command, made to run in its container's mount namespace if that is not the provider's own. The
     * namespace is read from {@code /proc/<pid>/ns/mnt} between two checks that the wrapper is still the process
     * recorded, so a reused pid is never taken; the command then checks, inside, that it entered that very
     * namespace, and runs nothing otherwise.
     *
     * @param exec the exec's process, from {@link Launches#exec} or {@link Launches#tty}
     * @param wrapper the container's wrapper
     * @return the same builder, its command prefixed if needed
     * @throws IOException if the wrapper is gone or its namespace cannot be read
     */
    public static ProcessBuilder enter(ProcessBuilder exec, ProcessIdentity wrapper) throws IOException {
        if (wrapper == null || !wrapper.running()) {
            // The container is ending: run nothing, rather than run it in the host's namespace with the pod's
            // environment, where its mounts would be the host's.
            throw new IOException("the container's process has ended");
        }
        Path link = Path.of("/proc", Long.toString(wrapper.pid()), "ns", "mnt");
        String ns = Files.readSymbolicLink(link).toString();
        if (!wrapper.running()) {
            throw new IOException("the container's process is gone");
        }
        if (ns.equals(Files.readSymbolicLink(Path.of("/proc/self/ns/mnt")).toString())) {
            return exec;
        }
        List<String> prefix = new ArrayList<>(List.of(
                "nsenter",
                "--mount=" + link,
                "bash",
                "-c",
                CHECK,
                "orchard-ns",
                ns,
                exec.directory().toString()));
        exec.command().addAll(0, prefix);
        return exec;
    }

    // null if the runtime's user may make a mount namespace, else why not.
    private static String tryUnshare() {
        // An exec enters a container's namespace with nsenter: a host without it keeps the host's namespace.
        List<String> command = new ArrayList<>(UNSHARE);
        command.addAll(List.of("nsenter", "--mount=/proc/self/ns/mnt", "true"));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "unshare --mount and nsenter did not answer";
            }
            String out = new String(p.getInputStream().readAllBytes()).trim();
            return p.exitValue() == 0
                    ? null
                    : "unshare --mount, or nsenter in it, is refused: "
                            + Optional.of(out).filter(s -> !s.isEmpty()).orElse("exit " + p.exitValue());
        } catch (IOException e) {
            return "unshare cannot run: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "the probe was interrupted";
        }
    }
}
