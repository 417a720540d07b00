package dev.orchard.runtime.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Who is at the other end of the control socket: the kernel's user, whatever the user.name property says. */
class PeerTest {
    @TempDir
    Path dir;

    @Test
    void theOtherEndIsThisUserEvenWithAnotherUserNameProperty() throws IOException {
        UnixDomainSocketAddress address = UnixDomainSocketAddress.of(dir.resolve("s"));
        String name = System.getProperty("user.name");
        try (ServerSocketChannel listening = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            listening.bind(address);
            try (SocketChannel client = SocketChannel.open(address);
                    SocketChannel server = listening.accept()) {
                System.setProperty("user.name", "someone-else");
                assertTrue(Peer.isSelf(client), "the runtime's end, seen by the client");
                assertTrue(Peer.isSelf(server), "the client's end, seen by the runtime");
                assertEquals(Files.getOwner(dir), Peer.self(), "the owner of what this process creates");
            } finally {
                System.setProperty("user.name", name);
            }
        }
    }
}
