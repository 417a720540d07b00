package dev.orchard.provider.local.internal.processes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Reading a process's entries in {@code /proc} (Linux): its stat line, its environment, its memory peak. */
final class Proc {
    // USER_HZ: /proc reports CPU time in ticks of 1/100 s on every mainstream Linux.
    static final long TICK_NANOS = 10_000_000L;
    private static final long PAGE = 4096;
    private static final Path PROC = Path.of("/proc");
    private static volatile String bootId;

    private Proc() {}

    /**
     * The fields of {@code /proc/<pid>/stat} the provider uses.
     *
     * @param state the one-letter state
     * @param pgid the process group
     * @param cpuTicks user and system CPU time, in ticks
     * @param startTicks when it started, in ticks since boot
     * @param residentBytes its resident memory
     */
    record Stat(char state, long pgid, long cpuTicks, long startTicks, long residentBytes) {
        /** Whether it has exited: a zombie waits only for its parent to collect it. */
        boolean exited() {
            return state == 'Z' || state == 'X';
        }
    }

    /**
     * A process's stat line.
     *
     * @param pid the process
     * @return its fields, or null if it is gone or the line cannot be read
     */
    static Stat stat(long pid) {
        try {
            String line = text(PROC.resolve(Long.toString(pid)).resolve("stat"));
            // The fields after the command name, which is in parentheses and may hold spaces and parentheses.
            String[] f = line.substring(line.lastIndexOf(')') + 2).split(" ");
            return new Stat(
                    f[0].charAt(0),
                    Long.parseLong(f[2]),
                    Long.parseLong(f[11]) + Long.parseLong(f[12]),
                    Long.parseLong(f[19]),
                    Long.parseLong(f[21]) * PAGE);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The id of this boot, read once; null where there is none. */
    static String bootId() {
        String id = bootId;
        if (id == null) {
            try {
                id = text(PROC.resolve("sys/kernel/random/boot_id")).trim();
                bootId = id;
            } catch (IOException e) {
                return null;
            }
        }
        return id;
    }

    /** Every process id in /proc. */
    static List<Long> pids() {
        List<Long> out = new ArrayList<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(PROC, "[0-9]*")) {
            for (Path p : procs) {
                out.add(Long.parseLong(p.getFileName().toString()));
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: no process is found
        }
        return out;
    }

    /**
     * Whether a process's environment holds an entry exactly.
     *
     * @param pid the process
     * @param entry the entry, {@code NAME=value}
     * @return true if it does; false if not, or if the environment cannot be read
     */
    static boolean environHas(long pid, byte[] entry) {
        byte[] env;
        try {
            env = bytes(PROC.resolve(Long.toString(pid)).resolve("environ"));
        } catch (IOException | SecurityException e) {
            return false;
        }
        // Entries are NUL-terminated: match a whole entry, not a prefix of a longer value.
        int start = 0;
        for (int i = 0; i <= env.length; i++) {
            if (i == env.length || env[i] == 0) {
                if (i - start == entry.length && regionEquals(env, start, entry)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }

    /**
     * A field of {@code /proc/<pid>/status} in kB, as bytes, such as {@code VmHWM} (the peak resident memory).
     *
     * @param pid the process
     * @param field the field's name
     * @return its value in bytes, or -1 if it cannot be read
     */
    static long statusBytes(long pid, String field) {
        try {
            for (String line :
                    Files.readAllLines(PROC.resolve(Long.toString(pid)).resolve("status"))) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // gone
        }
        return -1;
    }

    /**
     * The fields of {@code /proc/meminfo}, each in bytes.
     *
     * @param names the fields to read, e.g. {@code MemTotal}
     * @return their values in order; -1 for each that is missing
     */
    static long[] meminfo(String... names) {
        long[] out = new long[names.length];
        java.util.Arrays.fill(out, -1);
        try {
            for (String line : Files.readAllLines(PROC.resolve("meminfo"), StandardCharsets.US_ASCII)) {
                for (int i = 0; i < names.length; i++) {
                    if (line.startsWith(names[i] + ":")) {
                        out[i] = Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return out;
    }

    /**
     * A small file of {@code /proc}, trimmed.
     *
     * @param relative its path under /proc
     * @return its text, or null if it cannot be read
     */
    static String read(String relative) {
        try {
            return text(PROC.resolve(relative)).trim();
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * A kernel file's text: one of {@code /proc}, {@code /sys} or a cgroup file system.
     *
     * @param file the file
     * @return its text
     * @throws IOException if it cannot be read
     */
    static String text(Path file) throws IOException {
        return new String(bytes(file), StandardCharsets.US_ASCII);
    }

    /**
     * A kernel file's bytes. Such a file reports a size of 0 or 4096, not its length, and a sysctl file such as
     * {@code kernel/pid_max} answers only a read from offset 0: {@code Files.readString}, which reads one byte to
     * learn whether a file of size 0 is empty and the rest from offset 1, gets "3" of "32768". So the first read is
     * from offset 0 into a buffer that holds any sysctl value, and the reads after it serve the longer files, which
     * answer at any offset.
     *
     * @param file the file
     * @return its bytes
     * @throws IOException if it cannot be read
     */
    static byte[] bytes(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[8192];
            int n = 0;
            for (int r; (r = in.read(buf, n, buf.length - n)) > 0; ) {
                n += r;
                if (n == buf.length) {
                    buf = Arrays.copyOf(buf, buf.length * 2);
                }
            }
            return Arrays.copyOf(buf, n);
        }
    }

    private static boolean regionEquals(byte[] hay, int from, byte[] needle) {
        for (int j = 0; j < needle.length; j++) {
            if (hay[from + j] != needle[j]) {
                return false;
            }
        }
        return true;
    }
}
