package dev.orchard.runtime.launcher;

import dev.orchard.runtime.control.Frames;
import java.io.IOException;
import java.io.InputStream;

/**
 * The input of {@code -c}'s command over the control socket: copies this process's stdin to the runtime as input
 * frames ({@link Frames#STDIN}) on a thread of its own, and its end (Ctrl-D, the end of a pipe or file) as {@link
 * Frames#STDIN_END}. It sends at most {@value Frames#INPUT_WINDOW} bytes ahead of what the runtime credited ({@link
 * #credit}), so a command that does not read its input costs the runtime no more than that, and this thread then
 * waits. The thread is a daemon: a command that ends while this process's stdin stays open (a terminal, a pipe never
 * closed) does not keep {@code -c} waiting.
 */
final class InputSender {
    private static final int CHUNK = 8192;

    private final InputStream stdin;
    private final Frames frames;
    // Guarded by this: the bytes the runtime may still be sent.
    private long window = Frames.INPUT_WINDOW;

    /**
     * A sender that does not run yet.
     *
     * @param stdin this process's input
     * @param frames the connection, after the command was sent
     */
    InputSender(InputStream stdin, Frames frames) {
        this.stdin = stdin;
        this.frames = frames;
    }

    /** Starts copying. */
    void start() {
        Thread t = new Thread(this::copy, "orchard-input");
        t.setDaemon(true);
        t.start();
    }

    /**
     * The runtime's command read some input: that much more may be sent.
     *
     * @param bytes the credit of a {@link Frames#STDIN_CREDIT} frame
     * @return null, or why the credit is not accepted: none, or more than was sent
     */
    synchronized String credit(int bytes) {
        if (bytes <= 0 || window + bytes > Frames.INPUT_WINDOW) {
            return "a credit of " + bytes + " bytes of input; " + (Frames.INPUT_WINDOW - window)
                    + " were sent and not credited";
        }
        window += bytes;
        notifyAll();
        return null;
    }

    private void copy() {
        byte[] buffer = new byte[CHUNK];
        try {
            while (true) {
                int room = awaitWindow();
                int n;
                try {
                    n = stdin.read(buffer, 0, Math.min(room, buffer.length));
                } catch (IOException unreadable) {
                    n = -1; // e.g. a closed descriptor: the command sees the end of its input
                }
                if (n < 0) {
                    frames.write(Frames.STDIN_END, new byte[0], 0, 0);
                    return;
                }
                if (n > 0) {
                    take(n);
                    frames.write(Frames.STDIN, buffer, 0, n);
                }
            }
        } catch (IOException gone) {
            // the runtime went away or refused: the reader of the connection says so
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized int awaitWindow() throws InterruptedException {
        while (window == 0) {
            wait();
        }
        return (int) Math.min(window, Integer.MAX_VALUE);
    }

    private synchronized void take(int n) {
        window -= n;
    }
}
