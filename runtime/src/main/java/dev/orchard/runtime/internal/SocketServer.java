package dev.orchard.runtime.internal;

import dev.orchard.runtime.control.Frames;
import dev.orchard.runtime.control.Peer;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.felix.service.command.CommandProcessor;
import org.osgi.framework.BundleContext;

/**
 * The control socket of a running runtime: a Unix domain socket in its folder ({@code .orchard/socket}, mode 0600 in
 * a folder of mode 0700), through which {@code -c} runs commands in it. No network port is opened. A connection from
 * a process of another user is refused, whatever the permissions on disk say; each accepted connection runs one
 * command ({@link SocketSession}), at most {@value #MAX_SESSIONS} at a time.
 */
final class SocketServer implements AutoCloseable {
    /** How many commands may run through the socket at once. */
    static final int MAX_SESSIONS = 32;

    private static final String TEMPORARY_SUFFIX = ".new";

    private final Path path;
    private final Supplier<CommandProcessor> processor;
    private final BundleContext context;
    private final Set<SocketSession> sessions = ConcurrentHashMap.newKeySet();
    private ServerSocketChannel server;
    private UserPrincipal owner;

    /**
     * Prepares the socket.
     *
     * @param path where it goes, as the launcher chose it
     * @param processor Gogo's command processor, or null while there is none
     * @param context the runtime bundle's context
     */
    SocketServer(Path path, Supplier<CommandProcessor> processor, BundleContext context) {
        this.path = path;
        this.processor = processor;
        this.context = context;
    }

    /**
     * Listens, and accepts connections on a thread of its own.
     *
     * @throws IOException if the socket cannot be made
     */
    void start() throws IOException {
        owner = Peer.self();
        // Bound under another name and restricted before it takes its own: it never shows with the umask's mode.
        Path bound = temporary(path);
        Files.deleteIfExists(bound);
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(bound));
        Files.setPosixFilePermissions(bound, PosixFilePermissions.fromString("rw-------"));
        Files.move(bound, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        Thread accept = new Thread(this::accept, "orchard-socket");
        accept.setDaemon(true);
        accept.start();
    }

    // The name the socket is bound under first: fixed (only the holder of the folder's lock binds here, and a name
    // left by a killed runtime is removed) and only TEMPORARY_SUFFIX's 4 bytes longer than the socket's, which the
    // launcher's 100-byte limit leaves room for under Linux's 106 (a pid in the name took up to 8).
    private static Path temporary(Path socket) {
        return socket.resolveSibling(socket.getFileName() + TEMPORARY_SUFFIX);
    }

    private void accept() {
        while (true) {
            SocketChannel channel;
            try {
                channel = server.accept();
            } catch (ClosedChannelException closed) {
                return;
            } catch (IOException e) {
                if (!server.isOpen()) {
                    return;
                }
                continue;
            }
            String refusal = refusal(channel);
            if (refusal != null) {
                refuse(channel, refusal);
                continue;
            }
            SocketSession session = new SocketSession(channel, processor, context, sessions::remove);
            sessions.add(session);
            Thread t = new Thread(session, "orchard-socket-command");
            t.setDaemon(true);
            t.start();
        }
    }

    // Why a connection is not served: another user's process, or too many commands at once.
    private String refusal(SocketChannel channel) {
        try {
            if (!Peer.isSelf(channel)) {
                return "this runtime runs commands of " + owner.getName() + " only, not of "
                        + Peer.user(channel).getName();
            }
        } catch (IOException e) {
            return "the connecting process's user cannot be read: " + e.getMessage();
        }
        if (sessions.size() >= MAX_SESSIONS) {
            return MAX_SESSIONS + " commands run through the socket already; at most " + MAX_SESSIONS + " may";
        }
        return null;
    }

    private static void refuse(SocketChannel channel, String why) {
        try (channel) {
            new Frames(channel).write(Frames.REFUSED, why);
        } catch (IOException gone) {
            // it went away first
        }
    }

    /** Stops listening, removes the socket and ends the commands running through it. */
    @Override
    public void close() {
        try {
            if (server != null) {
                server.close();
            }
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // the next start removes a socket left behind
        }
        sessions.forEach(SocketSession::close);
    }
}
