package dev.orchard.provider.local.internal.processes;

/**
 * What a container's processes use.
 *
 * @param cpuNanos cumulative CPU time, in core-nanoseconds
 * @param workingSetBytes the kubelet's working set: memory usage less inactive file pages, from the container's
 *     memory cgroup; without one, the resident memory of its processes (RSS), which leaves out the page cache it
 *     caused
 * @param residentBytes the resident memory (RSS) of its processes
 */
public record Usage(long cpuNanos, long workingSetBytes, long residentBytes) {
    /** Nothing used: no process. */
    public static final Usage NONE = new Usage(0, 0, 0);

    Usage plus(Usage other) {
        return new Usage(
                cpuNanos + other.cpuNanos,
                workingSetBytes + other.workingSetBytes,
                residentBytes + other.residentBytes);
    }

    /** The sum over processes, from /proc: the working set is their RSS. */
    static Usage ofProcesses(Iterable<ProcessIdentity> processes) {
        Usage total = NONE;
        for (ProcessIdentity p : processes) {
            Proc.Stat s = Proc.stat(p.pid());
            if (s != null && s.startTicks() == p.startTicks()) {
                long cpu = s.cpuTicks() * Proc.TICK_NANOS;
                total = total.plus(new Usage(cpu, s.residentBytes(), s.residentBytes()));
            }
        }
        return total;
    }
}
