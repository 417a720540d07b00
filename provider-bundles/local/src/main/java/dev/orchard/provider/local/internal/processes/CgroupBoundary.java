package dev.orchard.provider.local.internal.processes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
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
 * The boundary of a pod on a host that lets the provider make cgroups: a folder per pod in each hierarchy it may
 * write (the unified one, for containment and CPU, and the v1 memory one where there is one), with a group per
 * container ({@code c.<name>}) and one for exec'd commands ({@code exec}). Every process of the pod is in the
 * pod's folder of the first hierarchy, whatever it does to its session or group; {@code cgroup.kill} (Linux 5.14
 * and later) ends them all at once, else each is killed until none is left.
 */
final class CgroupBoundary implements PodBoundary {
    private static final Logger LOG = LoggerFactory.getLogger(CgroupBoundary.class);
    private static final String PROCS = "cgroup.procs";

    // The pod's folder in each hierarchy; the first holds every process of the pod.
    private final List<CgroupHost.Folder> pod;
    // The pod's token, which its wrappers hold from their exec on, before they move themselves into the group;
    // null for a group no pod's journal names, whose processes are all in it.
    private final TokenBoundary token;

    /**
     * The boundary of a pod.
     *
     * @param pod the pod's folder in each hierarchy, the one that holds every process first
     * @param token the pod's token, or null where only the group counts
     */
    CgroupBoundary(List<CgroupHost.Folder> pod, String token) {
        this.pod = List.copyOf(pod);
        this.token = token == null ? null : new TokenBoundary(token);
    }

    private static String group(String part) {
        return part.equals(EXEC) ? EXEC : "c." + part;
    }

    @Override
    public void make() throws IOException {
        for (CgroupHost.Folder f : pod) {
            CgroupHost.make(f);
        }
    }

    @Override
    public List<Path> joinFiles(String part) throws IOException {
        List<Path> out = new ArrayList<>();
        for (CgroupHost.Folder f : pod) {
            Path dir = f.path().resolve(group(part));
            try {
                Files.createDirectory(dir);
            } catch (FileAlreadyExistsException reused) {
                // a restart joins the container's group again
            }
            out.add(dir.resolve(PROCS));
        }
        return out;
    }

    @Override
    public List<ProcessIdentity> members() {
        List<ProcessIdentity> out = new ArrayList<>();
        collect(pod.get(0).path(), out);
        return out;
    }

    @Override
    public boolean holds(ProcessIdentity process) {
        // The kernel's list of the pod's group and the groups below it; a process that is not in it is not the
        // pod's, whatever the journal says. Except a wrapper just released, which moves itself in a moment later
        // (a replacement instance can come within milliseconds): the token the provider gave it at exec, which
        // no process of the pod can put into another, says it is the pod's meanwhile.
        return process.running() && (members().contains(process) || (token != null && token.holds(process)));
    }

    @Override
    public List<ProcessIdentity> members(String container, long wrapperPid) {
        List<ProcessIdentity> out = new ArrayList<>();
        collect(pod.get(0).path().resolve(group(container)), out);
        return out;
    }

    @Override
    public Usage usage(String container, long wrapperPid) {
        List<ProcessIdentity> members = members(container, wrapperPid);
        Usage procs = Usage.ofProcesses(members);
        long cpu = procs.cpuNanos();
        Optional<Long> workingSet = Optional.empty();
        for (CgroupHost.Folder f : pod) {
            Path dir = f.path().resolve(group(container));
            if (f.hierarchy().unified()) {
                long usec = field(dir.resolve("cpu.stat"), "usage_usec");
                cpu = usec >= 0 ? usec * 1_000 : cpu; // also what exited children used
            }
            if (workingSet.isEmpty()) {
                workingSet = workingSet(f.hierarchy(), dir);
            }
        }
        return new Usage(cpu, workingSet.orElse(procs.residentBytes()), procs.residentBytes());
    }

    // The kubelet's working set: usage less inactive file pages, from whichever memory controller the group has.
    private static Optional<Long> workingSet(CgroupHost.Hierarchy h, Path dir) {
        long usage;
        long inactive;
        if (h.unified()) {
            usage = number(dir.resolve("memory.current"));
            inactive = field(dir.resolve("memory.stat"), "inactive_file");
        } else if (h.memory()) {
            usage = number(dir.resolve("memory.usage_in_bytes"));
            inactive = field(dir.resolve("memory.stat"), "total_inactive_file");
        } else {
            return Optional.empty();
        }
        return usage < 0 ? Optional.empty() : Optional.of(Math.max(0, usage - Math.max(0, inactive)));
    }

    @Override
    public void killAll() {
        Path kill = pod.get(0).path().resolve("cgroup.kill");
        if (pod.get(0).hierarchy().unified() && Files.exists(kill)) {
            try {
                Files.writeString(kill, "1");
                return;
            } catch (IOException e) {
                LOG.debug(
                        "cgroup.kill of {} failed, killing one by one: {}",
                        pod.get(0).path(),
                        e.toString());
            }
        }
        members().forEach(ProcessIdentity::kill);
    }

    @Override
    public boolean remove() {
        boolean gone = true;
        for (CgroupHost.Folder f : pod) {
            try (DirectoryStream<Path> groups = Files.newDirectoryStream(f.path(), Files::isDirectory)) {
                for (Path g : groups) {
                    gone &= removeGroup(g);
                }
            } catch (NoSuchFileException removed) {
                continue;
            } catch (IOException e) {
                LOG.debug("Could not list {}: {}", f.path(), e.toString());
            }
            gone &= removeGroup(f.path());
        }
        return gone;
    }

    private static boolean removeGroup(Path dir) {
        try {
            Files.deleteIfExists(dir); // rmdir: a cgroup with a process in it stays (EBUSY)
            return true;
        } catch (IOException e) {
            LOG.debug("Could not remove cgroup {}: {}", dir, e.toString());
            return false;
        }
    }

    @Override
    public List<String> stored() {
        return pod.stream().map(f -> f.path().toString()).toList();
    }

    @Override
    public String workingSetSource() {
        for (CgroupHost.Folder f : pod) {
            if (f.hierarchy().memory() || Files.exists(f.path().resolve("memory.current"))) {
                return "cgroup-memory";
            }
        }
        return "process-rss";
    }

    // The processes in a group and the groups below it.
    private static void collect(Path dir, List<ProcessIdentity> out) {
        try {
            for (String line : Files.readAllLines(dir.resolve(PROCS), StandardCharsets.US_ASCII)) {
                if (!line.isBlank()) {
                    ProcessIdentity.of(Long.parseLong(line.trim())).ifPresent(out::add);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return; // gone
        }
        try (DirectoryStream<Path> groups =
                Files.newDirectoryStream(dir, p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))) {
            for (Path g : groups) {
                collect(g, out);
            }
        } catch (IOException e) {
            // gone meanwhile
        }
    }

    private static long number(Path file) {
        try {
            return Long.parseLong(Proc.text(file).trim());
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    // A "key value" line of a flat-keyed cgroup file; -1 if it is missing.
    private static long field(Path file, String key) {
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
                if (line.startsWith(key + " ")) {
                    return Long.parseLong(line.substring(key.length() + 1).trim());
                }
            }
        } catch (IOException | NumberFormatException e) {
            // no such controller here
        }
        return -1;
    }
}
