package dev.orchard.provider.local.internal.processes;

import java.nio.file.Path;
import java.util.List;

/**
 * The boundary of one pod's processes: how a process joins it, how every process inside is found, signalled and
 * measured. Only what is inside is ever signalled.
 *
 * <p>Where the host lets the provider make cgroups, the boundary is the pod's cgroup ({@link CgroupBoundary}):
 * nothing a process does to its session or group takes it out, and the whole group is killed at once. Elsewhere
 * it is the pod's token ({@link TokenBoundary}): every process of the pod inherits {@code ORCHARD_POD_TOKEN}, and
 * the provider finds them in {@code /proc}; a process that clears its environment escapes it.
 */
public sealed interface PodBoundary permits CgroupBoundary, TokenBoundary {
    /** The part of a pod that exec'd commands join. */
    String EXEC = "exec";

    /**
     * Makes what the boundary needs on the host (its cgroups). Called once the journal names them, so that a stop
     * of the runtime at any point leaves nothing that no journal names.
     *
     * @throws java.io.IOException if a group cannot be made
     */
    void make() throws java.io.IOException;

    /**
     * The files a process launched for a part of the pod writes its pid to, before it runs anything, to join it.
     *
     * @param part a container's name, or {@link #EXEC}
     * @return the files, made ready, the group that holds every process of the pod first; empty where joining
     *     needs nothing
     * @throws java.io.IOException if the part's group cannot be made
     */
    List<Path> joinFiles(String part) throws java.io.IOException;

    /**
     * Every process of the pod that still runs.
     *
     * @return their identities
     */
    List<ProcessIdentity> members();

    /**
     * Whether the kernel puts a process inside the pod: it is in the pod's cgroup (or, a wrapper that has not
     * moved itself in yet, holds the pod's token in the environment the provider gave it at exec); without
     * cgroups, its environment holds the pod's token. A pid and start time from the journal are only hints, which a pod that writes its journal can
     * point at any process; this is the proof, and nothing outside it is adopted or signalled.
     *
     * @param process the process, which must still run
     * @return true if it is the pod's
     */
    boolean holds(ProcessIdentity process);

    /**
     * The processes of a container's current run that still run: its wrapper, the command, and whatever they
     * started and left behind.
     *
     * @param container the container's name
     * @param wrapperPid the run's wrapper, which leads the run's session
     * @return their identities
     */
    List<ProcessIdentity> members(String container, long wrapperPid);

    /**
     * What a container's current run uses.
     *
     * @param container the container's name
     * @param wrapperPid the run's wrapper
     * @return the usage
     */
    Usage usage(String container, long wrapperPid);

    /** Kills every process of the pod, all at once where the host allows it, else one by one. */
    void killAll();

    /**
     * Removes what the boundary made on the host (its cgroups), once no process is left in it.
     *
     * @return whether it is all gone; false if a group could not be removed (a process is in it, one that joined
     *     after the pod's processes were stopped, say)
     */
    boolean remove();

    /**
     * What the journal keeps of the boundary, for the next instance to find the pod's processes again.
     *
     * @return the pod's cgroup folders, containment first; empty for a token boundary
     */
    List<String> stored();

    /**
     * What the working set of this boundary's containers is, for the node's label.
     *
     * @return {@code cgroup-memory} or {@code process-rss}
     */
    String workingSetSource();
}
