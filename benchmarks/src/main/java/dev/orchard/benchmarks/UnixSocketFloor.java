package dev.orchard.benchmarks;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * The floor under any Java client of the control socket, timed beside {@code -c} as its own process: it only
 * connects to a Unix domain socket and closes it. The JDK sets up Unix domain sockets with a {@code SecureRandom}
 * (for names of sockets bound without one), which loads the SUN security provider, so this costs a Java process
 * more than {@code java -version} does before Orchard sends anything.
 */
public final class UnixSocketFloor {
    private UnixSocketFloor() {}

    /**
     * Connects to a socket and closes the connection.
     *
     * @param args the socket's path
     * @throws IOException if nothing listens there
     */
    public static void main(String[] args) throws IOException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(Path.of(args[0])));
        }
    }
}
