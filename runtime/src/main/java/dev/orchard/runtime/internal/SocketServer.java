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
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.felix.service.command.CommandProcessor;
import org.osgi.framework.BundleContext;

/**
 * The control socket of a running runtime: a Unix domain socket in its folder ({@code .orchard/socket}, mode 0600 in
 * a folder of mode 0700), through which {@code -c} runs commands in it. No network port is opened. A connection from
 * a process of another user is refused, whatever the permissions on disk say; each accepted connection runs one
 * command ({@link SocketSession}), at most {@value #MAX_SESSIONS} at a time.
 *
 * <p>A connection holds nothing for long before it has sent its hello and command: it must send both within
 * {@value #HANDSHAKE_MILLIS} ms of being accepted (however slowly its bytes trickle in), and at most {@value
 * #MAX_WAITING} connections wait for theirs at once; a newer one ends the wait of the oldest. So silent or slow
 * clients cost a bounded number of threads and descriptors for a few seconds, and a real client, which sends its
 * hello as it connects, is never locked out by them.
 */
final class SocketServer implements AutoCloseable {
    /** How many commands may run through the socket at once. */
    static final int MAX_SESSIONS = 32;
    /** How many connections may wait for their hello and command at once. */
    static final int MAX_WAITING = 16;
    /** How long a connection may take, from its accept, to send its hello and command. */
    static final long HANDSHAKE_MILLIS = 5_000L;

    private static final String TEMPORARY_SUFFIX = ".new";

    private final Path path;
    private final Supplier<CommandProcessor> processor;
    private final BundleContext context;
    private final long handshakeMillis;
    private final Set<SocketSession> sessions = ConcurrentHashMap.newKeySet();
    // Connections that wait for their hello, oldest first; guarded by itself.
    private final Deque<SocketSession> waiting = new ArrayDeque<>();
    private ServerSocketChannel server;
    private ScheduledExecutorService deadlines;
    private UserPrincipal owner;

    /**
     * Prepares the socket.
     *
     * @param path where it goes, as the launcher chose it
     * @param processor Gogo's command processor, or null while there is none
     * @param context the runtime bundle's context
     */
    SocketServer(Path path, Supplier<CommandProcessor> processor, BundleContext context) {
        this(path, processor, context, HANDSHAKE_MILLIS);
    }

    // With another handshake deadline, for tests.
    SocketServer(Path path, Supplier<CommandProcessor> processor, BundleContext context, long handshakeMillis) {
        this.path = path;
        this.processor = processor;
        this.context = context;
        this.handshakeMillis = handshakeMillis;
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
        deadlines = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "orchard-socket-deadline");
            t.setDaemon(true);
            return t;
        });
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
            try {
                await(new SocketSession(channel, processor, context, this::admit, this::ended));
            } catch (RuntimeException e) {
                // e.g. no thread could be made: this connection is lost, the socket serves on
                refuse(channel, "the runtime cannot serve a connection now: " + e);
            }
        }
    }

    // Lets a connection wait for its hello on a thread of its own, until its deadline; the oldest waiting one makes
    // room if too many wait.
    private void await(SocketSession session) {
        SocketSession oldest = null;
        synchronized (waiting) {
            if (waiting.size() >= MAX_WAITING) {
                oldest = waiting.pollFirst();
            }
            waiting.addLast(session);
        }
        if (oldest != null) {
            oldest.expire(MAX_WAITING + " connections wait for their hello already; the oldest is closed for a new"
                    + " one (a client sends its hello as soon as it connects)");
        }
        deadlines.schedule(
                () -> session.expire("no hello and command came within " + handshakeMillis + " ms"),
                handshakeMillis,
                TimeUnit.MILLISECONDS);
        Thread t = new Thread(session, "orchard-socket-command");
        t.setDaemon(true);
        t.start();
    }

    // A connection sent its hello and command: it runs, unless too many commands run already.
    private String admit(SocketSession session) {
        synchronized (waiting) {
            waiting.remove(session);
            if (sessions.size() >= MAX_SESSIONS) {
                return MAX_SESSIONS + " commands run through the socket already; at most " + MAX_SESSIONS + " may";
            }
            sessions.add(session);
        }
        return null;
    }

    private void ended(SocketSession session) {
        synchronized (waiting) {
            waiting.remove(session);
            sessions.remove(session);
        }
    }

    // Why a connection is not served at all: another user's process.
    private String refusal(SocketChannel channel) {
        try {
            if (!Peer.isSelf(channel)) {
                return "this runtime runs commands of " + owner.getName() + " only, not of "
                        + Peer.user(channel).getName();
            }
        } catch (IOException e) {
            return "the connecting process's user cannot be read: " + e.getMessage();
        }
        return null;
    }

    private static void refuse(SocketChannel channel, String why) {
        try (channel) {
            new Frames(channel).refuse(why);
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
        if (deadlines != null) {
            deadlines.shutdownNow();
        }
        synchronized (waiting) {
            waiting.forEach(SocketSession::close);
            waiting.clear();
        }
        sessions.forEach(SocketSession::close);
    }
}
