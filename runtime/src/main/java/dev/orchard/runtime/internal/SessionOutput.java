package dev.orchard.runtime.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * An output stream handed to a Gogo session in place of the console, socket or file it writes to. Gogo writes a
 * command's output through an interruptible channel over the session's stream: a command interrupted (Ctrl-C) while it
 * writes closes that channel, and the channel closes the stream under it. On the process's own stdout that redirected
 * stdout to /dev/null for the rest of the run. Here a close only flushes and is recorded, so the owner can tell that
 * the session can no longer write and replace it.
 */
final class SessionOutput extends OutputStream {
    private final PrintStream target;
    private final PrintStream stream;
    private volatile boolean closed;

    /**
     * Guards a target.
     *
     * @param target where the session's output goes
     */
    SessionOutput(PrintStream target) {
        this.target = target;
        this.stream = new PrintStream(this, true, StandardCharsets.UTF_8);
    }

    /**
     * The UTF-8 print stream over this guard, to pass to {@code createSession}.
     *
     * @return the stream
     */
    PrintStream stream() {
        return stream;
    }

    /**
     * Whether the session closed this stream: Gogo does when an interrupt cuts a write short, and a command may
     * close its output itself.
     *
     * @return true once closed
     */
    boolean closed() {
        return closed;
    }

    @Override
    public void write(int b) throws IOException {
        open();
        target.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        open();
        target.write(b, off, len);
    }

    @Override
    public void flush() {
        target.flush();
    }

    @Override
    public void close() {
        closed = true;
        target.flush();
    }

    private void open() throws IOException {
        if (closed) {
            throw new IOException("the session closed its output");
        }
    }
}
