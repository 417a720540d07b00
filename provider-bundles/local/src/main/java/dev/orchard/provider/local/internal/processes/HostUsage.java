package dev.orchard.provider.local.internal.processes;

/**
 * What the host as a whole uses, from {@code /proc}: the node's figures in a stats summary, and the inputs of its
 * pressure conditions.
 */
public final class HostUsage {
    private HostUsage() {}

    /**
     * The host's memory.
     *
     * @param totalBytes all of it
     * @param availableBytes what can be had without swapping ({@code MemAvailable})
     * @param workingSetBytes the kubelet's working set of the node: what is in use less the inactive file pages
     *     ({@code MemTotal - MemFree - Inactive(file)})
     */
    public record Memory(long totalBytes, long availableBytes, long workingSetBytes) {}

    /**
     * The host's processes against its limit.
     *
     * @param inUse the tasks (threads) that exist now
     * @param max the most the kernel allows ({@code kernel.pid_max}, or {@code threads-max} if lower)
     */
    public record Pids(long inUse, long max) {}

    /**
     * The host's CPU time.
     *
     * @param busyNanos the CPU time of every core spent on anything but idling, since boot, in core-nanoseconds
     * @param uptimeNanos the time since boot
     */
    public record Cpu(long busyNanos, long uptimeNanos) {}

    /**
     * The host's memory now.
     *
     * @return its memory; the JVM's maximum heap as the total where {@code /proc} is missing
     */
    public static Memory memory() {
        long[] m = Proc.meminfo("MemTotal", "MemFree", "MemAvailable", "Inactive(file)");
        if (m[0] < 0) {
            long max = Runtime.getRuntime().maxMemory();
            return new Memory(max, max, 0);
        }
        long available = m[2] >= 0 ? m[2] : Math.max(0, m[1]);
        long workingSet = Math.max(0, m[0] - Math.max(0, m[1]) - Math.max(0, m[3]));
        return new Memory(m[0], available, workingSet);
    }

    /**
     * The host's CPU time now.
     *
     * @return its CPU time; zeros where {@code /proc} is missing
     */
    public static Cpu cpu() {
        String stat = Proc.read("stat");
        String uptime = Proc.read("uptime");
        if (stat == null || uptime == null) {
            return new Cpu(0, 0);
        }
        // "cpu  user nice system idle iowait irq softirq steal guest guest_nice": busy is all but idle and iowait;
        // guest time is counted in user already.
        String[] f = stat.lines().findFirst().orElse("").trim().split("\\s+");
        long busy = 0;
        for (int i = 1; i < f.length && i <= 8; i++) {
            if (i != 4 && i != 5) {
                busy += Long.parseLong(f[i]);
            }
        }
        long up = (long) (Double.parseDouble(uptime.split("\\s+")[0]) * 1e9);
        return new Cpu(busy * Proc.TICK_NANOS, up);
    }

    /**
     * The host's tasks now.
     *
     * @return the tasks in use and the limit; zeros where {@code /proc} is missing
     */
    public static Pids pids() {
        String loadavg = Proc.read("loadavg"); // "0.10 0.38 0.65 2/135 28831": runnable/total tasks
        long max = Math.min(number(Proc.read("sys/kernel/pid_max")), number(Proc.read("sys/kernel/threads-max")));
        if (loadavg == null || max == Long.MAX_VALUE) {
            return new Pids(0, 0);
        }
        String[] f = loadavg.split("\\s+");
        return new Pids(Long.parseLong(f[3].substring(f[3].indexOf('/') + 1)), max);
    }

    private static long number(String text) {
        try {
            return text == null ? Long.MAX_VALUE : Long.parseLong(text);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }
}
