package dev.orchard.provider.local.internal.processes;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The fallback boundary of a pod, where the host gives the provider no cgroup: the pod's processes are those whose
 * environment holds the pod's token, {@code ORCHARD_POD_TOKEN=<token>}, found by a scan of {@code /proc}. A
 * container run's processes are those of them in the run's session (the wrapper's process group).
 *
 * <p>What it cannot catch: a process that replaces its environment (starts with {@code env -i}, or through
 * {@code sudo}, {@code su -}, {@code systemd-run}, a daemon that sanitises it), and one that something outside the
 * pod starts on its behalf (cron, at, a service manager). Nor does it separate pods from each other: they share a
 * user, so one pod can read another's token in {@code /proc/<pid>/environ} and hand it to a process of its own. It
 * keeps processes that are no pod's out, since only a pod's processes are given a token.
 */
public final class TokenBoundary implements PodBoundary {
    /** The environment variable that marks every process of a pod. */
    public static final String VARIABLE = "ORCHARD_POD_TOKEN";

    private final byte[] entry;

    /**
     * The boundary of the pod with a token.
     *
     * @param token the pod's token, random and never shown through the API
     */
    public TokenBoundary(String token) {
        this.entry = (VARIABLE + "=" + token).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void make() {
        // nothing is made on the host: the token goes into each process's environment at exec
    }

    @Override
    public List<Path> joinFiles(String part) {
        return List.of(); // the token is in the environment every process of the pod starts with
    }

    @Override
    public List<ProcessIdentity> members() {
        List<ProcessIdentity> out = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        for (long pid : Proc.pids()) {
            if (pid != self && Proc.environHas(pid, entry)) {
                ProcessIdentity.of(pid).ifPresent(out::add);
            }
        }
        return out;
    }

    @Override
    public boolean holds(ProcessIdentity process) {
        // The provider sets the token at exec, so a process outside every pod never holds one; pods share a user, so
        // this tells the pods from the host, not one pod from another (see the class comment).
        return process.running() && Proc.environHas(process.pid(), entry) && process.running();
    }

    @Override
    public List<ProcessIdentity> members(String container, long wrapperPid) {
        List<ProcessIdentity> out = new ArrayList<>();
        for (ProcessIdentity p : members()) {
            Proc.Stat s = Proc.stat(p.pid());
            if (s != null && s.pgid() == wrapperPid) {
                out.add(p);
            }
        }
        return out;
    }

    @Override
    public Usage usage(String container, long wrapperPid) {
        return Usage.ofProcesses(members(container, wrapperPid));
    }

    @Override
    public void killAll() {
        members().forEach(ProcessIdentity::kill);
    }

    @Override
    public boolean remove() {
        return true; // nothing was made on the host
    }

    @Override
    public List<String> stored() {
        return List.of();
    }

    @Override
    public String workingSetSource() {
        return "process-rss";
    }
}
