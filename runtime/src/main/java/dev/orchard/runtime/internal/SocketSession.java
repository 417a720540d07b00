package dev.orchard.runtime.internal;

import dev.orchard.runtime.control.Frames;
import dev.orchard.runtime.control.Frames.Frame;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ProtocolException;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.felix.service.command.CommandProcessor;
import org.osgi.framework.BundleContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection to the control socket: reads the client's hello and command ({@link Frames}), runs the command in a
 * session of its own with its output and errors sent back as frames while it runs, and ends with its exit status.
 * The client's input frames ({@value Frames#VERSION}) are the command's input ({@link SocketInput}); a client of
 * {@value Frames#VERSION_1} sends none, and its command reads an empty input. An interrupt frame, or the client going
 * away, ends the command; anything the protocol does not define is refused with the reason. The command's start is announced with an empty output frame, which tells the client that the
 * runtime took it (until then the client may give up, see {@code orchard.command.wait.ms}).
 *
 * <p>A connection first waits for its hello and command; the server may end that wait ({@link #expire}), for a
 * client too slow or one too many. Only then is it admitted as a command, or refused.
 */
final class SocketSession implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(SocketSession.class);

    private enum Stage {
        HANDSHAKE,
        ADMITTED,
        EXPIRED
    }

    private final SocketChannel channel;
    private final Frames frames;
    private final Supplier<CommandProcessor> processor;
    private final BundleContext context;
    private final Function<SocketSession, String> admission;
    private final Consumer<SocketSession> ended;
    private final AtomicReference<Stage> stage = new AtomicReference<>(Stage.HANDSHAKE);
    private volatile CommandRun run;
    // What the client's hello asked for: the input frames are defined only in Frames.VERSION.
    private volatile boolean withInput;
    private final SocketInput input = new SocketInput(this::credit);
    // An interrupt, or the client going away, before the run exists: applied when it starts (see started()).
    private volatile boolean interruptPending;
    private volatile boolean gone;

    /**
     * A connection that waits for its hello.
     *
     * @param channel the accepted connection, of this user's process
     * @param processor Gogo's command processor, or null while there is none
     * @param context the runtime bundle's context
     * @param admission asked once the hello and the command came: null to run it, or why not
     * @param ended told when the connection ends, however it ends
     */
    SocketSession(
            SocketChannel channel,
            Supplier<CommandProcessor> processor,
            BundleContext context,
            Function<SocketSession, String> admission,
            Consumer<SocketSession> ended) {
        this.channel = channel;
        this.frames = new Frames(channel);
        this.processor = processor;
        this.context = context;
        this.admission = admission;
        this.ended = ended;
    }

    @Override
    public void run() {
        try (channel) {
            serve();
        } catch (IOException e) {
            // the client went away, or its wait for the hello was ended; its command was interrupted
        } catch (RuntimeException e) {
            // Nothing a client sends may end here; if it does, the client hears why and the runtime runs on.
            LOG.debug("A control socket connection failed", e);
        } finally {
            ended.accept(this);
        }
    }

    private void serve() throws IOException {
        String command;
        try {
            command = handshake();
        } catch (RuntimeException e) {
            LOG.debug("A control socket connection failed in its handshake", e);
            refused("the runtime could not read this connection's hello and command: " + e);
            return;
        }
        if (command == null || !admitted()) {
            return;
        }
        Thread watcher = new Thread(this::watch, "orchard-socket-watch");
        watcher.setDaemon(true);
        watcher.start();
        PrintStream out = new PrintStream(new FrameStream(Frames.STDOUT), true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new FrameStream(Frames.STDERR), true, StandardCharsets.UTF_8);
        CommandProcessor shell = processor.get();
        if (!withInput) {
            input.end(); // a client of orchard/1 sends none
        }
        int status;
        try {
            status = shell == null
                    ? fail(err, "orchard: the Gogo shell is not running")
                    : OneCommand.run(shell, context, command, input, out, err, this::started);
        } finally {
            input.close(); // a reader the command left (a pod's input pump) ends; later input is dropped
        }
        out.flush();
        err.flush();
        if (!gone) {
            frames.writeExit(status);
        }
    }

    /**
     * Ends the wait for the hello and the command, if it still waits: refuses with the reason and closes.
     *
     * @param why the reason
     * @return true if it still waited and is now closed; false if it was admitted already (it runs on)
     */
    boolean expire(String why) {
        if (!stage.compareAndSet(Stage.HANDSHAKE, Stage.EXPIRED)) {
            return false;
        }
        refused(why); // nothing was written to it yet but its hello, so this short frame never blocks
        try {
            channel.close();
        } catch (IOException e) {
            // closed already
        }
        return true;
    }

    // Once the hello and the command came: runs only if the wait was not ended meanwhile and the server admits it.
    private boolean admitted() {
        if (!stage.compareAndSet(Stage.HANDSHAKE, Stage.ADMITTED)) {
            return false;
        }
        String refusal = admission.apply(this);
        if (refusal != null) {
            refused(refusal);
            return false;
        }
        return true;
    }

    /** Ends the command and the connection: the runtime is stopping. */
    void close() {
        gone = true;
        interrupt();
        try {
            channel.close();
        } catch (IOException e) {
            // closed already
        }
    }

    // The hello and the command; null (after saying why) if they are not what the protocol defines.
    private String handshake() throws IOException {
        try {
            return readHandshake();
        } catch (ProtocolException e) {
            return refused(e.getMessage());
        }
    }

    private String readHandshake() throws IOException {
        Frame hello = frames.read();
        if (hello == null) {
            return null;
        }
        if (hello.type() != Frames.HELLO) {
            return refused("expected a hello frame ('H') with " + Frames.VERSION + " first, got a frame of type "
                    + Frames.describe(hello.type()));
        }
        String version = hello.text();
        if (!Frames.VERSION.equals(version) && !Frames.VERSION_1.equals(version)) {
            return refused("this runtime speaks " + Frames.VERSION + " and " + Frames.VERSION_1 + ", not "
                    + Frames.excerpt(version));
        }
        withInput = Frames.VERSION.equals(version);
        frames.write(Frames.HELLO, version); // the client's own: one of orchard/1 accepts no other
        Frame command = frames.read();
        if (command == null) {
            return null;
        }
        if (command.type() != Frames.COMMAND) {
            return refused("expected a command frame ('C') after the hello, got a frame of type "
                    + Frames.describe(command.type()));
        }
        if (command.text().isBlank()) {
            return refused("the command is empty");
        }
        return command.text();
    }

    // Reads the client's frames while the command runs: its input goes to the command (never waiting for it, so an
    // interrupt behind the input is read at once); an interrupt ends it; the end of the connection too.
    private void watch() {
        try {
            Frame frame;
            while ((frame = frames.read()) != null) {
                String refusal = accept(frame);
                if (refusal != null) {
                    refused(refusal);
                    break;
                }
            }
        } catch (ProtocolException e) {
            refused(e.getMessage());
        } catch (IOException e) {
            // gone: end the command
        }
        gone = true;
        interrupt();
    }

    // One frame of the client's while the command runs: null if it is accepted (and applied), else why not.
    private String accept(Frame frame) {
        byte type = frame.type();
        if (type == Frames.INTERRUPT && frame.length() == 0) {
            interrupt();
            return null;
        }
        if (withInput && type == Frames.STDIN) {
            return input.offer(frame.bytes());
        }
        if (withInput && type == Frames.STDIN_END && frame.length() == 0) {
            return input.end();
        }
        if (!withInput && (type == Frames.STDIN || type == Frames.STDIN_END)) {
            return "input frames (" + Frames.describe(type) + ") are " + Frames.VERSION + "'s; this connection's hello"
                    + " was " + Frames.VERSION_1;
        }
        return "while a command runs only an empty interrupt ('I')"
                + (withInput ? ", input ('N') and an empty end of input ('D') are" : " is") + " defined, got a frame of"
                + " type " + Frames.describe(type) + (frame.length() == 0 ? "" : " with " + frame.length() + " bytes");
    }

    // The command read this many bytes of its input: the client may send as many more. Nothing once it is gone.
    private void credit(int bytes) {
        if (gone) {
            return;
        }
        try {
            frames.writeInt(Frames.STDIN_CREDIT, bytes);
        } catch (IOException e) {
            gone = true; // the watcher sees the end of the connection and ends the command
        }
    }

    // Volatile writes and reads in opposite orders here and in started(): one of the two sees the other, so an
    // interrupt that comes while the run is being set up is never lost.
    private void interrupt() {
        interruptPending = true;
        CommandRun r = run;
        if (r != null) {
            r.interrupt();
        }
    }

    // The run exists: tells the client, with an empty output frame, that the command started (a client whose wait
    // ended has closed the connection, so the write fails and the command ends as it starts).
    private void started(CommandRun r) {
        run = r;
        try {
            frames.write(Frames.STDOUT, new byte[0], 0, 0);
        } catch (IOException e) {
            gone = true;
            interruptPending = true;
        }
        if (interruptPending) {
            r.interrupt();
        }
    }

    private String refused(String why) {
        try {
            frames.refuse(why);
        } catch (IOException gone) {
            // it went away first
        }
        gone = true;
        return null;
    }

    private static int fail(PrintStream err, String line) {
        err.println(line);
        return 1;
    }

    // The command's output, sent as frames of one type as it is written.
    private final class FrameStream extends OutputStream {
        private final byte type;

        FrameStream(byte type) {
            this.type = type;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (len > 0 && !gone) {
                frames.write(type, b, off, len);
            }
        }
    }
}
