package dev.orchard.runtime.launcher;

import java.io.IOException;
import java.nio.channels.Channel;

/**
 * How long {@code -c} waits for the runtime to take its command: until a moment, it closes the connection, which
 * ends a connect, a write or a read blocked on it (e.g. on a runtime stopped with {@code kill -STOP}). Once the
 * command started it is {@link #settle() settled} and no longer ends anything, however long the command runs.
 */
final class Deadline implements AutoCloseable {
    private final Channel channel;
    private final long at;
    private boolean settled;
    private volatile boolean expired;

    /**
     * Watches a connection on a thread of its own.
     *
     * @param channel the connection, closed at the deadline
     * @param at the deadline, as {@link System#nanoTime()} gives it
     */
    Deadline(Channel channel, long at) {
        this.channel = channel;
        this.at = at;
        Thread t = new Thread(this::watch, "orchard-command-deadline");
        t.setDaemon(true);
        t.start();
    }

    /** The command started (or the connection ends): the deadline no longer applies. */
    synchronized void settle() {
        settled = true;
        notifyAll();
    }

    /**
     * Whether the deadline passed and closed the connection.
     *
     * @return true if it did
     */
    boolean expired() {
        return expired;
    }

    @Override
    public void close() {
        settle();
    }

    private synchronized void watch() {
        try {
            long left;
            while (!settled && (left = at - System.nanoTime()) > 0) {
                wait(Math.max(1L, left / 1_000_000L));
            }
        } catch (InterruptedException e) {
            return;
        }
        if (settled) {
            return;
        }
        expired = true;
        try {
            channel.close();
        } catch (IOException e) {
            // closed already
        }
    }
}
