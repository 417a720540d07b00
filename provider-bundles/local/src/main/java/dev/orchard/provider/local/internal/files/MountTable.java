package dev.orchard.provider.local.internal.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The mount points this process sees, read from {@code /proc/self/mountinfo}. A device number cannot tell a mount
 * point: a bind mount of a folder of the same file system has the same {@code st_dev} as its parent. Only the
 * kernel's own list can.
 */
public final class MountTable {
    /** The mount table of the provider's own mount namespace. */
    public static final Path SELF = Path.of("/proc/self/mountinfo");

    // A table past this is refused rather than read: about 150,000 mounts, far more than a host has, and a bound on
    // what one read may hold.
    static final int MAX_BYTES = 32 << 20;

    private final List<Path> points;

    private MountTable(List<Path> points) {
        this.points = points;
    }

    /**
     * Reads a mount table.
     *
     * @param mountinfo the file, in the format of {@code /proc/<pid>/mountinfo}
     * @return the table
     * @throws IOException if it cannot be read, or is larger than 32 MiB
     */
    public static MountTable read(Path mountinfo) throws IOException {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(mountinfo)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        }
        if (bytes.length > MAX_BYTES) {
            throw new IOException("the mount table " + mountinfo + " is larger than " + (MAX_BYTES >> 20)
                    + " MiB; a removal that cannot read it does not go ahead");
        }
        return parse(new String(bytes, StandardCharsets.UTF_8).lines().toList());
    }

    /**
     * Parses the lines of a mount table: the fifth field of each is its mount point, with space, tab, newline and
     * backslash written as octal escapes ({@code \040}, {@code \011}, {@code \012}, {@code \134}).
     *
     * @param lines the lines
     * @return the table
     */
    static MountTable parse(List<String> lines) {
        List<Path> out = new ArrayList<>();
        for (String line : lines) {
            String[] fields = line.split(" ");
            if (fields.length > 4 && fields[4].startsWith("/")) {
                out.add(Path.of(decode(fields[4])));
            }
        }
        return new MountTable(List.copyOf(out));
    }

    /**
     * The mount points at or below a folder, deepest first: the order they can be detached in.
     *
     * @param folder a real path
     * @return the mount points, each once
     */
    public List<Path> atOrUnder(Path folder) {
        return points.stream()
                .filter(p -> p.startsWith(folder))
                .distinct()
                .sorted(Comparator.comparingInt(Path::getNameCount).reversed().thenComparing(Comparator.naturalOrder()))
                .toList();
    }

    /**
     * Whether something is mounted at a path.
     *
     * @param path a real path
     * @return true if it is a mount point
     */
    public boolean isMountPoint(Path path) {
        return points.contains(path);
    }

    // The kernel escapes space, tab, newline and backslash as three octal digits; nothing else is escaped.
    static String decode(String field) {
        if (field.indexOf('\\') < 0) {
            return field;
        }
        byte[] raw = field.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[raw.length];
        int n = 0;
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == '\\' && i + 3 < raw.length && octal(raw[i + 1]) && octal(raw[i + 2]) && octal(raw[i + 3])) {
                out[n++] = (byte) (((raw[i + 1] - '0') << 6) | ((raw[i + 2] - '0') << 3) | (raw[i + 3] - '0'));
                i += 3;
            } else {
                out[n++] = raw[i];
            }
        }
        return new String(out, 0, n, StandardCharsets.UTF_8);
    }

    private static boolean octal(byte b) {
        return b >= '0' && b <= '7';
    }
}
