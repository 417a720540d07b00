package dev.orchard.runtime.control;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import jdk.net.ExtendedSocketOptions;

/**
 * Who is at the other end of the control socket, as the kernel reports it ({@code SO_PEERCRED}), and whether that is
 * the user this process runs as. The socket's folder is the owner's alone, so this is a second wall: neither side
 * talks to a process of another user, whatever the permissions on disk.
 */
public final class Peer {
    private Peer() {}

    /**
     * The user of the process at the other end of a connected Unix domain socket.
     *
     * @param channel the connection
     * @return the user
     * @throws IOException if the kernel does not say
     */
    public static UserPrincipal user(SocketChannel channel) throws IOException {
        return channel.getOption(ExtendedSocketOptions.SO_PEERCRED).user();
    }

    /**
     * Whether the process at the other end of a connection runs as the same user as this one.
     *
     * @param channel the connection
     * @return true if it does
     * @throws IOException if the kernel does not say
     */
    public static boolean isSelf(SocketChannel channel) throws IOException {
        // Principals of the kernel's ids on both sides: user.name is a system property anyone can set (-Duser.name).
        return user(channel).equals(self());
    }

    /**
     * The user this process runs as, as the kernel knows it: the owner of {@code /proc/self} where there is one
     * (Linux), else the owner of a file this process creates; never the {@code user.name} property, which can be set
     * at will.
     *
     * @return the user
     * @throws IOException if neither can be read
     */
    public static UserPrincipal self() throws IOException {
        Path proc = Path.of("/proc/self");
        if (Files.exists(proc)) {
            return Files.getOwner(proc);
        }
        Path probe = Files.createTempFile("orchard-self", ".tmp");
        try {
            return Files.getOwner(probe);
        } finally {
            Files.deleteIfExists(probe);
        }
    }
}
