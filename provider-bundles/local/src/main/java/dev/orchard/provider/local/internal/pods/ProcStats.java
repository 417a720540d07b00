package dev.orchard.provider.local.internal.pods;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** CPU and memory of process trees, and the processes of a group, read from /proc (Linux). */
final class ProcStats {
    // USER_HZ: /proc reports CPU time in ticks of 1/100 s on every mainstream Linux.
    private static final long TICK_NANOS = 10_000_000L;
    private static final long PAGE = 4096;

    private ProcStats() {}

    /**
     * What a process, or a tree of them, uses.
     *
     * @param cpuNanos cumulative CPU time, in core-nanoseconds
     * @param residentBytes resident memory (RSS)
     * @param workingSetBytes resident memory less its shared, file-backed pages: what could not be dropped and read
     *     back from files, as the kubelet's working set leaves out reclaimable file cache
     */
    record Usage(long cpuNanos, long residentBytes, long workingSetBytes) {
        static final Usage NONE = new Usage(0, 0, 0);

        Usage plus(Usage other) {
            return new Usage(
                    cpuNanos + other.cpuNanos,
                    residentBytes + other.residentBytes,
                    workingSetBytes + other.workingSetBytes);
        }
    }

    /**
     * What a process and its descendants use together.
     *
     * @param root the process
     * @return the sum over the tree
     */
    static Usage treeUsage(ProcessHandle root) {
        List<ProcessHandle> all = new ArrayList<>();
        all.add(root);
        root.descendants().forEach(all::add);
        Usage total = Usage.NONE;
        for (ProcessHandle h : all) {
            total = total.plus(usage(h.pid()));
        }
        return total;
    }

    /**
     * What one process uses.
     *
     * @param pid the process
     * @return its usage; none if it ended between listing and reading
     */
    static Usage usage(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // Fields after the command name, which is in parentheses and may hold spaces.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime + stime
            String[] statm = Files.readString(Path.of("/proc", Long.toString(pid), "statm"))
                    .trim()
                    .split(" ");
            long resident = Long.parseLong(statm[1]);
            long shared = Long.parseLong(statm[2]);
            return new Usage(ticks * TICK_NANOS, resident * PAGE, Math.max(0, resident - shared) * PAGE);
        } catch (IOException | RuntimeException e) {
            return Usage.NONE; // the process ended between listing and reading
        }
    }

    /**
     * The processes of a process group that have not exited, found in /proc: also those re-parented away from
     * the tree of the process that made the group. Zombies have exited and do not count.
     */
    static List<ProcessHandle> group(long pgid) {
        List<ProcessHandle> out = new ArrayList<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path p : procs) {
                String[] f = stat(Long.parseLong(p.getFileName().toString()));
                if (f != null && !exited(f) && Long.parseLong(f[2]) == pgid) {
                    ProcessHandle.of(Long.parseLong(p.getFileName().toString())).ifPresent(out::add);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return out;
    }

    /** Whether a process has not exited; unlike {@link ProcessHandle#isAlive()}, a zombie has. */
    static boolean running(ProcessHandle h) {
        String[] f = stat(h.pid());
        return h.isAlive() && f != null && !exited(f);
    }

    // The fields of /proc/<pid>/stat after the command name: state, ppid, pgrp, ...; null if the process is gone.
    private static String[] stat(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static boolean exited(String[] stat) {
        return stat[0].equals("Z") || stat[0].equals("X");
    }

    /** The host's memory, from /proc/meminfo; the JVM's maximum heap where there is none. */
    static long memTotalBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return Runtime.getRuntime().maxMemory();
    }
}
