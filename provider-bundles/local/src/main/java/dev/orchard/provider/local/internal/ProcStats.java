package dev.orchard.provider.local.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** CPU and memory of process trees, read from /proc (Linux). */
final class ProcStats {
    // USER_HZ: /proc reports CPU time in ticks of 1/100 s on every mainstream Linux.
    private static final long TICK_NANOS = 10_000_000L;
    private static final long PAGE = 4096;

    private ProcStats() {}

    /**
     * {cumulative CPU in core-nanoseconds, working set bytes, resident bytes} of a process and its descendants.
     * The working set is the resident memory less its shared, file-backed pages: what could not be dropped and
     * read back from files, as the kubelet's working set leaves out reclaimable file cache.
     */
    static long[] treeUsage(ProcessHandle root) {
        List<ProcessHandle> all = new ArrayList<>();
        all.add(root);
        root.descendants().forEach(all::add);
        long cpu = 0;
        long workingSet = 0;
        long rss = 0;
        for (ProcessHandle h : all) {
            long[] u = usage(h.pid());
            cpu += u[0];
            workingSet += u[2];
            rss += u[1];
        }
        return new long[] {cpu, workingSet, rss};
    }

    /** {CPU in core-nanoseconds, resident bytes, resident bytes less shared} of one process. */
    static long[] usage(long pid) {
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
            return new long[] {ticks * TICK_NANOS, resident * PAGE, Math.max(0, resident - shared) * PAGE};
        } catch (IOException | RuntimeException e) {
            return new long[] {0, 0, 0}; // the process ended between listing and reading
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
