package dev.orchard.runtime.launcher;

import dev.orchard.runtime.control.Frames;
import dev.orchard.runtime.control.Frames.Frame;
import dev.orchard.runtime.control.Peer;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;

/**
 * {@code -c} in a folder where a runtime runs: sends the command to it over the control socket ({@link Frames}),
 * copies what the command prints to this process's stdout and stderr as it comes, and returns the command's exit
 * status. Ctrl-C asks the runtime to end the command; a second Ctrl-C leaves at once. It starts no framework and
 * loads no OSGi class.
 */
final class CommandClient {
    /** The exit status when the runtime refused the command or went away without an answer. */
    static final int NO_ANSWER = 3;
    /** The exit status when a second Ctrl-C leaves without waiting for the command's end. */
    static final int INTERRUPTED = 130;
    /** The exit status when this process's own output is gone (a closed pipe), as SIGPIPE would give. */
    static final int BROKEN_PIPE = 141;

    private final SocketChannel channel;
    private final Frames frames;
    private final PrintStream messages;
    private volatile boolean interrupted;

    private CommandClient(SocketChannel channel, PrintStream messages) {
        this.channel = channel;
        this.frames = new Frames(channel);
        this.messages = messages;
    }

    /**
     * Connects to a runtime's control socket, if one listens there.
     *
     * @param socket the socket's path
     * @param messages where to say why a connection is refused
     * @return the client, or null if no runtime listens there (no socket, or a stale one)
     * @throws IOException if the socket is there but cannot be used: another user's, or no permission
     */
    static CommandClient connect(Path socket, PrintStream messages) throws IOException {
        if (!Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
        } catch (ConnectException refused) {
            channel.close();
            return null; // a socket file left by a runtime that is gone
        } catch (SocketException e) {
            channel.close();
            if (!Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) {
                return null; // removed meanwhile: the runtime stopped
            }
            throw new IOException("cannot connect to " + socket + ": " + e.getMessage(), e);
        }
        if (!Peer.isSelf(channel)) {
            UserPrincipal runtime = Peer.user(channel);
            channel.close();
            throw new IOException(socket + " is served by a process of " + runtime.getName() + ", not of "
                    + Peer.self().getName() + "; the command was not sent");
        }
        return new CommandClient(channel, messages);
    }

    /**
     * Runs the command in the runtime and copies its output here until it ends.
     *
     * @param command the command line
     * @return its exit status: 0, 1, a code of {@code orchard:exec}, 130 if interrupted; {@link #NO_ANSWER} if the
     *     runtime refused it or went away, {@link #BROKEN_PIPE} if this process's output closed
     */
    int run(String command) {
        OutputStream out = new FileOutputStream(FileDescriptor.out);
        OutputStream err = new FileOutputStream(FileDescriptor.err);
        try (SocketChannel connection = channel) {
            frames.write(Frames.HELLO, Frames.VERSION);
            frames.write(Frames.COMMAND, command);
            Signals.handle("INT", new Runnable() {
                @Override
                public void run() {
                    interrupt();
                }
            });
            return copyUntilExit(out, err);
        } catch (IOException e) {
            messages.println("orchard: the runtime went away before the command ended: " + e.getMessage());
            return NO_ANSWER;
        }
    }

    private int copyUntilExit(OutputStream out, OutputStream err) throws IOException {
        boolean greeted = false;
        while (true) {
            Frame frame = frames.read();
            if (frame == null) {
                messages.println("orchard: the runtime closed the connection before the command ended");
                return NO_ANSWER;
            }
            byte type = frame.type();
            if (!greeted) {
                if (type == Frames.HELLO && Frames.VERSION.equals(frame.text())) {
                    greeted = true;
                    continue;
                }
                if (type != Frames.REFUSED) {
                    return refuse("expected " + Frames.VERSION + " first, got a frame of type " + Frames.describe(type)
                            + (type == Frames.HELLO ? " for " + frame.text() : ""));
                }
            }
            switch (type) {
                case Frames.STDOUT:
                case Frames.STDERR:
                    try {
                        frame.writeTo(type == Frames.STDOUT ? out : err);
                    } catch (IOException closed) {
                        return BROKEN_PIPE; // closing the connection ends the command in the runtime
                    }
                    break;
                case Frames.EXIT:
                    return frame.status();
                case Frames.REFUSED:
                    messages.println("orchard: the runtime refused the command: " + frame.text());
                    return NO_ANSWER;
                default:
                    return refuse("unknown frame type " + Frames.describe(type));
            }
        }
    }

    // Says why the runtime's answer is not accepted, there and here.
    private int refuse(String why) {
        try {
            frames.write(Frames.REFUSED, why);
        } catch (IOException gone) {
            // it learns from the closed connection
        }
        messages.println("orchard: the runtime's answer is not " + Frames.VERSION + ": " + why);
        return NO_ANSWER;
    }

    // Ctrl-C: the first asks the runtime to end the command, which then answers with its exit; the second leaves.
    private void interrupt() {
        if (interrupted) {
            Runtime.getRuntime().halt(INTERRUPTED);
        }
        interrupted = true;
        try {
            frames.write(Frames.INTERRUPT, new byte[0], 0, 0);
        } catch (IOException gone) {
            Runtime.getRuntime().halt(INTERRUPTED);
        }
    }
}
