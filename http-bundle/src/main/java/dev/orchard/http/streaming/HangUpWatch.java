package dev.orchard.http.streaming;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.CancellationException;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.io.AbstractEndPoint;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Notices a client hanging up while its request is answered and nothing is written: Jetty reads an HTTP/1.1
 * connection only for a request's body, so a client that closes (FIN) or resets its connection during a quiet
 * stream is seen by nobody, its idle timeout is ignored while the request is handled, and only a later write would
 * fail. This registers interest in reading the connection, as Jetty itself does between requests, so the selector
 * reports the close at once, TLS or not.
 *
 * <p>Only for a request whose body is read (none, here), on HTTP/1.x, and for a response that closes its connection
 * ({@code Connection: close}): bytes the client sends meanwhile are read and dropped, which is safe only because no
 * further request will be read from that connection. The interest is withdrawn by {@link #stop()} before the
 * response completes, since Jetty aborts a response that completes while a read is pending.
 *
 * <p>Jetty specific (Felix HTTP Jetty 12, ee10). Elsewhere {@link #start} watches nothing and a hang-up is noticed
 * at the next write.
 */
final class HangUpWatch implements Callback {
    private static final Logger LOG = LoggerFactory.getLogger(HangUpWatch.class);
    private static final HangUpWatch NONE = new HangUpWatch(null, null);

    private final AbstractEndPoint endPoint;
    private final Runnable onHangUp;
    private final ByteBuffer drop = ByteBuffer.allocate(512);
    private boolean stopped;
    private boolean interested;

    private HangUpWatch(AbstractEndPoint endPoint, Runnable onHangUp) {
        this.endPoint = endPoint;
        this.onHangUp = onHangUp;
    }

    /**
     * Starts watching a request's connection.
     *
     * @param request the request being answered; its body must have been read or be empty
     * @param onHangUp run once, on Jetty's selector thread, when the client has gone: it must not block
     * @return the watch; {@link #stop()} it before the response completes
     */
    static HangUpWatch start(HttpServletRequest request, Runnable onHangUp) {
        if (request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null) {
            return NONE; // its body is Jetty's to read
        }
        try {
            ServletContextRequest jetty = ServletContextRequest.getServletContextRequest(request);
            if (jetty == null) {
                return NONE;
            }
            HttpVersion version = jetty.getConnectionMetaData().getHttpVersion();
            if (version != HttpVersion.HTTP_1_1 && version != HttpVersion.HTTP_1_0) {
                return NONE; // HTTP/2 multiplexes streams over one connection, and reads it itself
            }
            Connection connection = jetty.getConnectionMetaData().getConnection();
            EndPoint ep = connection == null ? null : connection.getEndPoint();
            if (!(ep instanceof AbstractEndPoint endPoint)) {
                return NONE;
            }
            HangUpWatch watch = new HangUpWatch(endPoint, onHangUp);
            watch.listen();
            return watch;
        } catch (LinkageError | RuntimeException e) {
            LOG.debug("A client's hang-up will be noticed at the next write only: {}", e.toString());
            return NONE;
        }
    }

    private void listen() {
        synchronized (this) {
            if (stopped) {
                return;
            }
            // Set first: the selector may call back at once, even on this thread (TLS with bytes at hand).
            interested = true;
            if (!endPoint.tryFillInterested(this)) {
                interested = false; // someone else reads this connection: nothing to watch
            }
        }
    }

    /** Withdraws the interest: from now on nothing is read from the connection and {@code onHangUp} is not run. */
    void stop() {
        if (endPoint == null) {
            return;
        }
        boolean withdraw;
        synchronized (this) {
            stopped = true;
            withdraw = interested;
            interested = false;
        }
        if (withdraw) {
            // Fails the interest this watch registered (Jetty's own registers none while a request is handled).
            endPoint.getFillInterest().onFail(new CancellationException("the stream ended"));
        }
    }

    /** The connection is readable: the client closed it, or sent something (dropped), or reset it. */
    @Override
    public void succeeded() {
        synchronized (this) {
            interested = false;
            if (stopped) {
                return;
            }
        }
        boolean gone;
        try {
            int n;
            do {
                drop.clear().limit(0); // empty in Jetty's terms: fill appends after the limit
                n = endPoint.fill(drop);
            } while (n > 0);
            gone = n < 0;
        } catch (IOException e) {
            gone = true;
        }
        if (gone) {
            hangUp();
        } else {
            listen();
        }
    }

    @Override
    public void failed(Throwable x) {
        boolean ours;
        synchronized (this) {
            interested = false;
            ours = stopped;
        }
        if (!ours) {
            hangUp(); // the connection failed or closed
        }
    }

    private void hangUp() {
        synchronized (this) {
            if (stopped) {
                return;
            }
            stopped = true;
        }
        onHangUp.run();
    }

    /** Runs on the selector thread: it reads without blocking, and onHangUp must not block either. */
    @Override
    public InvocationType getInvocationType() {
        return InvocationType.NON_BLOCKING;
    }
}
