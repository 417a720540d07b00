package dev.orchard.http.streaming;

import dev.orchard.api.error.InvalidInputException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Copies a provider's stream to an HTTP client as it comes, and ends as soon as the client goes, output or not.
 *
 * <p>What is read goes out in large writes, flushed whenever the next read may wait (a follow of a quiet log), so a
 * client sees every byte as soon as no more is at hand without a network packet per line. While the copy waits in
 * the provider's {@code read()}, a {@link HangUpWatch} listens to the connection: when the client closes or resets
 * it, the waiting read is interrupted, and if it has not returned a second later the stream is closed from another
 * thread. The caller then closes the stream (try-with-resources) and the servlet's thread is free again. A client
 * that stays but never reads is ended by Jetty's idle timeout, which fails the blocked write.
 */
public final class ClientCopy {
    private static final Logger LOG = LoggerFactory.getLogger(ClientCopy.class);
    private static final int BUFFER_BYTES = 32 * 1024;
    private static final long CLOSE_AFTER_MS = 1000;
    // Closes the streams of providers whose read ignored the interrupt; its thread ends when idle.
    private static final ScheduledThreadPoolExecutor LATE_CLOSE = lateClose();

    private final Thread copier = Thread.currentThread();
    private final InputStream in;
    private boolean gone;
    private boolean reading;
    private boolean done;
    private boolean interrupted;

    private ClientCopy(InputStream in) {
        this.in = in;
    }

    /**
     * Answers a request with a stream: status 200 and the type are the caller's to set before; this sends the headers
     * at once (a follow of a quiet container is still an answer), then copies until the input ends or the client
     * goes. The response closes its connection when it ends, so nothing else is read from it.
     *
     * @param request the request, whose connection is watched for the client hanging up
     * @param response the response, not yet committed
     * @param in what to send; read until its end or the client's, not closed here (the caller closes it)
     * @return true if the input ended, false if the client went and nothing more can be sent
     * @throws IOException if the input cannot be read while the client is still there
     */
    public static boolean copy(HttpServletRequest request, HttpServletResponse response, InputStream in)
            throws IOException {
        refuseBody(request);
        response.setHeader("Connection", "close");
        OutputStream client;
        try {
            client = response.getOutputStream();
            client.flush();
        } catch (IOException gone) {
            return false;
        }
        ClientCopy copy = new ClientCopy(in);
        HangUpWatch watch = HangUpWatch.start(request, copy::hangUp);
        try {
            return copy.run(client);
        } finally {
            watch.stop();
            copy.end();
        }
    }

    /**
     * Refuses a request that comes with a body, before anything is streamed: the connection of such a request is
     * Jetty's to read, so its client's hang-up could not be watched and a dropped follow would never end. Callers
     * check first, before they take a {@link StreamLimit} slot or open the provider's stream; {@link #copy} checks
     * again.
     *
     * @param request the request
     * @throws InvalidInputException if it declares a body ({@code Content-Length} above 0, or
     *     {@code Transfer-Encoding})
     */
    public static void refuseBody(HttpServletRequest request) {
        long length = request.getContentLengthLong();
        if (length > 0 || request.getHeader("Transfer-Encoding") != null) {
            throw new InvalidInputException("a stream is answered only to a request without a body; this "
                    + request.getMethod() + " came with " + (length > 0 ? length + " bytes" : "a chunked body")
                    + ": send it without one (no Content-Length or Transfer-Encoding)");
        }
    }

    private boolean run(OutputStream client) throws IOException {
        byte[] buffer = new byte[BUFFER_BYTES];
        while (true) {
            synchronized (this) {
                if (gone) {
                    return false;
                }
                reading = true;
            }
            int n;
            try {
                n = in.read(buffer);
            } catch (IOException e) {
                if (isGone()) {
                    return false; // the read was interrupted, or its stream closed, because the client went
                }
                throw e;
            } finally {
                synchronized (this) {
                    reading = false;
                }
            }
            if (n < 0) {
                return !isGone();
            }
            try {
                client.write(buffer, 0, n);
                if (in.available() == 0) {
                    client.flush();
                }
            } catch (IOException e) {
                return false;
            }
        }
    }

    private synchronized boolean isGone() {
        return gone;
    }

    // On Jetty's selector thread: nothing here may block.
    private void hangUp() {
        synchronized (this) {
            if (done) {
                return;
            }
            gone = true;
            if (reading) {
                interrupted = true;
                copier.interrupt();
            }
        }
        LATE_CLOSE.schedule(this::closeIfStillCopying, CLOSE_AFTER_MS, TimeUnit.MILLISECONDS);
    }

    private void closeIfStillCopying() {
        synchronized (this) {
            if (done) {
                return;
            }
        }
        // The provider's read ignored the interrupt: closing its stream is the other way to end it. On a thread of
        // its own, since a provider's close may itself wait.
        Thread t = new Thread(
                () -> {
                    try {
                        in.close();
                    } catch (IOException | RuntimeException e) {
                        LOG.debug("Closing a stream whose client went failed: {}", e.toString());
                    }
                },
                "orchard-stream-close");
        t.setDaemon(true);
        t.start();
    }

    // Back on the copier's thread, before it returns to Jetty: an interrupt meant for the read must not outlive it.
    private void end() {
        boolean clear;
        synchronized (this) {
            done = true;
            clear = interrupted;
        }
        if (clear) {
            Thread.interrupted();
        }
    }

    private static ScheduledThreadPoolExecutor lateClose() {
        ScheduledThreadPoolExecutor e = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "orchard-stream-late-close");
            t.setDaemon(true);
            return t;
        });
        e.setKeepAliveTime(2, TimeUnit.SECONDS);
        e.allowCoreThreadTimeOut(true);
        e.setRemoveOnCancelPolicy(true);
        return e;
    }
}
