package dev.orchard.karaf.tests;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The TCP sockets this JVM listens on, read from Linux's {@code /proc}: the sockets among this process's file
 * descriptors that {@code /proc/net/tcp} and {@code /proc/net/tcp6} list in state LISTEN.
 */
final class ListeningSockets {
    private static final String LISTEN = "0A";

    private ListeningSockets() {}

    /**
     * Whether this JVM can read its sockets from {@code /proc}.
     *
     * @return true on Linux
     */
    static boolean supported() {
        return Files.isDirectory(Path.of("/proc/self/fd")) && Files.isReadable(Path.of("/proc/net/tcp"));
    }

    /**
     * Lists the addresses this JVM listens on.
     *
     * @return one address per listening socket
     * @throws IOException if {@code /proc} cannot be read
     */
    static List<InetSocketAddress> ofThisProcess() throws IOException {
        Set<String> inodes = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring("socket:[".length(), target.length() - 1));
                    }
                } catch (IOException e) {
                    // the descriptor was closed while we listed them
                }
            }
        }
        List<InetSocketAddress> listening = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path file = Path.of(table);
            if (!Files.isReadable(file)) {
                continue;
            }
            List<String> lines = Files.readAllLines(file);
            for (String line : lines.subList(1, lines.size())) { // after the header
                // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode ...
                String[] f = line.trim().split("\\s+");
                if (f.length > 9 && LISTEN.equals(f[3]) && inodes.contains(f[9])) {
                    String[] hostPort = f[1].split(":");
                    listening.add(new InetSocketAddress(address(hostPort[0]), Integer.parseInt(hostPort[1], 16)));
                }
            }
        }
        return listening;
    }

    /** Decodes /proc's address: 32-bit words in hex, each in host (little-endian) byte order. */
    private static InetAddress address(String hex) throws IOException {
        byte[] bytes = new byte[hex.length() / 2];
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int i = 0; i < 4; i++) {
                int at = (word * 4 + (3 - i)) * 2;
                bytes[word * 4 + i] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
            }
        }
        return InetAddress.getByAddress(bytes); // an IPv4-mapped IPv6 address comes back as IPv4
    }
}
