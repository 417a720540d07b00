package dev.orchard.runtime.launcher;

import dev.orchard.runtime.control.Frames;
import dev.orchard.runtime.control.Frames.Frame;
import dev.orchard.runtime.control.Peer;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * {@code -c} in a folder where a runtime runs: sends the command to it over the control socket ({@link Frames}),
 * copies what the command prints to this process's stdout and stderr as it comes, and returns the command's exit
 * status. This process's stdin is the command's input ({@link InputSender}), and its end ends the command's input.
 * Ctrl-C asks the runtime to end the command; a second Ctrl-C leaves at once. It starts no framework and loads no
 * OSGi class.
 *
 * <p>It speaks {@value Frames#VERSION}; a runtime that speaks only {@value Frames#VERSION_1} (an older jar's, still
 * running) refuses that hello before any command is sent, and the command then runs there over {@value
 * Frames#VERSION_1}, with an empty input and a line on stderr that says so.
 *
 * <p>It trusts the socket only as the runtime made it: {@code .orchard/} checked as the runtime checks it ({@link
 * RuntimeFolder#prepare()}), the socket itself a socket of this user and no link, unchanged after connecting, and
 * served by a process of this user. It gives up, with {@link #NO_ANSWER}, if the runtime has not taken the command
 * by the deadline (connecting, the hello, and the runtime's word that the command started); once it started, the
 * command runs as long as it runs.
 */
final class CommandClient {
    /** The exit status when the runtime refused the command, did not take it in time, or went away. */
    static final int NO_ANSWER = 3;
    /** The exit status when {@code .orchard/} or its socket is not this user's own: nothing was sent. */
    static final int UNSAFE = 4;
    /** The exit status when a second Ctrl-C leaves without waiting for the command's end. */
    static final int INTERRUPTED = 130;
    /** The exit status when this process's own output is gone (a closed pipe), as SIGPIPE would give. */
    static final int BROKEN_PIPE = 141;

    // exchange()'s answer when the runtime refused the hello of orchard/2 as one that speaks only orchard/1.
    private static final int SPEAKS_VERSION_1 = -1;

    private final SocketChannel channel;
    private final Frames frames;
    private final Deadline deadline;
    private final long waitMillis;
    private final PrintStream messages;
    private volatile boolean interrupted;
    private InputSender input;
    private String speaking = Frames.VERSION;

    private CommandClient(SocketChannel channel, Deadline deadline, long waitMillis, PrintStream messages) {
        this.channel = channel;
        this.frames = new Frames(channel);
        this.deadline = deadline;
        this.waitMillis = waitMillis;
        this.messages = messages;
    }

    /**
     * Runs a command in the runtime that listens on a folder's socket, if one does.
     *
     * @param folder the runtime folder, already {@link RuntimeFolder#prepare() prepared}
     * @param command the command line
     * @param stdin the command's input ({@link Frames#VERSION}): this process's stdin
     * @param until the deadline for the command to start, as {@link System#nanoTime()} gives it
     * @param waitMillis what the deadline came from, for the message
     * @param messages where to say why the command did not run, or ended without an answer
     * @return its exit status (see {@link #exchange}), or null if no runtime listens there (no socket, or a stale one)
     * @throws UnsafeFolderException if the socket is not this user's own, or another user's process serves it
     * @throws IOException if the socket is there but cannot be used, e.g. no permission
     */
    static Integer run(
            RuntimeFolder folder, String command, InputStream stdin, long until, long waitMillis, PrintStream messages)
            throws IOException {
        Integer status = run(folder, command, stdin, until, waitMillis, messages, Frames.VERSION);
        if (status == null || status != SPEAKS_VERSION_1) {
            return status;
        }
        messages.println("orchard: the runtime in " + folder.folder() + " speaks only " + Frames.VERSION_1
                + ", which passes no input: the command runs with an empty input (restart that runtime with this"
                + " orchard.jar to pass it)");
        status = run(folder, command, stdin, until, waitMillis, messages, Frames.VERSION_1);
        return status == null || status != SPEAKS_VERSION_1 ? status : NO_ANSWER;
    }

    private static Integer run(
            RuntimeFolder folder,
            String command,
            InputStream stdin,
            long until,
            long waitMillis,
            PrintStream messages,
            String version)
            throws IOException {
        Object identity = folder.checkSocket();
        if (identity == null) {
            return null;
        }
        Path socket = folder.socket();
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
                Deadline deadline = new Deadline(channel, until)) {
            try {
                channel.connect(UnixDomainSocketAddress.of(socket));
            } catch (ConnectException refused) {
                return null; // a socket file left by a runtime that is gone
            } catch (ClosedChannelException timedOut) {
                return new CommandClient(channel, deadline, waitMillis, messages).noAnswer(folder);
            } catch (SocketException e) {
                if (folder.checkSocket() == null) {
                    return null; // removed meanwhile: the runtime stopped
                }
                throw new IOException("cannot connect to " + folder.shown(socket) + ": " + e.getMessage(), e);
            }
            // Swapped between the check and the connect (only the folder's user could): the connection may lead
            // anywhere of this user's.
            if (!identity.equals(folder.checkSocket())) {
                throw new UnsafeFolderException(
                        folder.shown(socket) + " was replaced while connecting; the command was not sent");
            }
            if (!Peer.isSelf(channel)) {
                throw new UnsafeFolderException(folder.shown(socket) + " is served by a process of "
                        + Peer.user(channel).getName() + ", not of "
                        + Peer.self().getName() + "; the command was not sent");
            }
            return new CommandClient(channel, deadline, waitMillis, messages).exchange(folder, command, stdin, version);
        }
    }

    /**
     * Runs the command in the runtime and copies its output here until it ends.
     *
     * @param version the version to speak: {@link Frames#VERSION} with this process's input, {@link
     *     Frames#VERSION_1} without
     * @return its exit status: 0, 1, a code of {@code orchard:exec}, 130 if interrupted; {@link #NO_ANSWER} if the
     *     runtime refused it, did not take it by the deadline or went away, {@link #BROKEN_PIPE} if this process's
     *     output closed; {@link #SPEAKS_VERSION_1} if it refused {@link Frames#VERSION} as a runtime of {@link
     *     Frames#VERSION_1} does (nothing was sent but the hello)
     */
    private int exchange(RuntimeFolder folder, String command, InputStream stdin, String version) {
        OutputStream out = new FileOutputStream(FileDescriptor.out);
        OutputStream err = new FileOutputStream(FileDescriptor.err);
        try {
            // The command goes only after the runtime's hello: one that does not read (stopped) never gets it.
            speaking = version;
            frames.write(Frames.HELLO, version);
            Frame hello = frames.read();
            if (hello == null) {
                messages.println("orchard: the runtime closed the connection before the command was sent");
                return NO_ANSWER;
            }
            if (hello.type() == Frames.REFUSED
                    && !version.equals(Frames.VERSION_1)
                    && hello.text().startsWith("this runtime speaks " + Frames.VERSION_1 + ",")) {
                return SPEAKS_VERSION_1;
            }
            if (hello.type() == Frames.REFUSED) {
                messages.println("orchard: the runtime refused the command: " + hello.text());
                return NO_ANSWER;
            }
            if (hello.type() != Frames.HELLO || !version.equals(hello.text())) {
                return refuse("expected " + version + " first, got a frame of type "
                        + Frames.describe(hello.type())
                        + (hello.type() == Frames.HELLO ? " for " + Frames.excerpt(hello.text()) : ""));
            }
            frames.write(Frames.COMMAND, command);
            if (version.equals(Frames.VERSION)) {
                input = new InputSender(stdin, frames);
                input.start();
            }
            Signals.handle("INT", new Runnable() {
                @Override
                public void run() {
                    interrupt();
                }
            });
            return copyUntilExit(out, err);
        } catch (IOException e) {
            if (deadline.expired()) {
                return noAnswer(folder);
            }
            messages.println("orchard: the runtime went away before the command ended: " + e.getMessage());
            return NO_ANSWER;
        }
    }

    private int noAnswer(RuntimeFolder folder) {
        messages.println("orchard: the runtime in " + folder.folder() + " did not take the command within " + waitMillis
                + " ms (orchard.command.wait.ms); is it stopped or overloaded? The command was not run");
        return NO_ANSWER;
    }

    private int copyUntilExit(OutputStream out, OutputStream err) throws IOException {
        while (true) {
            Frame frame = frames.read();
            // The runtime's first frame after the command (an empty output frame as it starts) means it took it.
            deadline.settle();
            if (frame == null) {
                messages.println("orchard: the runtime closed the connection before the command ended");
                return NO_ANSWER;
            }
            byte type = frame.type();
            switch (type) {
                case Frames.STDOUT:
                case Frames.STDERR:
                    try {
                        frame.writeTo(type == Frames.STDOUT ? out : err);
                    } catch (IOException closed) {
                        return BROKEN_PIPE; // closing the connection ends the command in the runtime
                    }
                    break;
                case Frames.STDIN_CREDIT:
                    String wrong = input == null
                            ? "unknown frame type " + Frames.describe(type)
                            : input.credit(frame.number());
                    if (wrong != null) {
                        return refuse(wrong);
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
            frames.refuse(why);
        } catch (IOException gone) {
            // it learns from the closed connection
        }
        messages.println("orchard: the runtime's answer is not " + speaking + ": " + why);
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
