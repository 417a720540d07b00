package dev.orchard.provider.local.internal.processes;

import java.util.Optional;

/**
 * Which process a pid means: the pid, its start time in clock ticks since boot, and the boot. A pid is reused
 * once its process is gone, so the provider never signals or adopts a process by pid alone: it checks all three
 * against {@code /proc} first, and a process whose start time cannot be read is never taken for the one recorded.
 * An identity read from a journal is only a hint: whether the process is a pod's is its boundary's to say
 * ({@link PodBoundary#holds}).
 *
 * @param pid the process id
 * @param startTicks when it started, in clock ticks since boot ({@code /proc/<pid>/stat}, field 22)
 * @param bootId the boot it started in ({@code /proc/sys/kernel/random/boot_id})
 */
public record ProcessIdentity(long pid, long startTicks, String bootId) {
    /**
     * The identity of a running process.
     *
     * @param pid the process id
     * @return its identity, or empty if it is gone, has exited, or its start time cannot be read
     */
    public static Optional<ProcessIdentity> of(long pid) {
        Proc.Stat stat = Proc.stat(pid);
        String boot = Proc.bootId();
        if (stat == null || stat.exited() || boot == null) {
            return Optional.empty();
        }
        return Optional.of(new ProcessIdentity(pid, stat.startTicks(), boot));
    }

    /**
     * Whether this very process still runs: the pid holds a process that started at the same tick of the same
     * boot, and it has not exited (a zombie has).
     *
     * @return true if it runs
     */
    public boolean running() {
        if (pid <= 0 || startTicks <= 0 || bootId == null || !bootId.equals(Proc.bootId())) {
            return false;
        }
        Proc.Stat stat = Proc.stat(pid);
        return stat != null && !stat.exited() && stat.startTicks() == startTicks;
    }

    /**
     * The JDK's handle of this very process, to wait for its exit or signal it. The handle is taken before the
     * check, so it cannot be of a process that took the pid after it: the JDK's own signals check the handle's
     * start time again.
     *
     * @return the handle, or empty if the process is gone
     */
    public Optional<ProcessHandle> handle() {
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        return h.isPresent() && running() ? h : Optional.empty();
    }

    /**
     * Whether the process started in another boot of the host than this one: it cannot be running now.
     *
     * @return true if its boot is known and is not this one
     */
    public boolean ofAnotherBoot() {
        return bootId != null && !bootId.equals(Proc.bootId());
    }

    /**
     * Asks the process to stop (SIGTERM), if it is still this one.
     *
     * @return whether it was signalled
     */
    public boolean terminate() {
        return handle().map(ProcessHandle::destroy).orElse(false);
    }

    /**
     * Ends the process (SIGKILL), if it is still this one.
     *
     * @return whether it was signalled
     */
    public boolean kill() {
        return handle().map(ProcessHandle::destroyForcibly).orElse(false);
    }
}
