package dev.orchard.kubelet.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.naming.Secrets;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.TermSize;
import dev.orchard.http.streaming.StreamLimit;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.ByteBuffer;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;
import org.eclipse.jetty.websocket.api.StatusCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One exec over the WebSocket channel protocol ({@code v4.channel.k8s.io} or {@code v5.channel.k8s.io}): each binary
 * message starts with its channel, 0 stdin, 1 stdout, 2 stderr, 3 the final Status, 4 terminal resizes, and in v5
 * 255, the close signal (its next byte names the channel the client is done with; 0 ends stdin). The command runs
 * through the registry on a thread of its own once the socket opens; its end sends the Status and closes the socket.
 * When the client goes first (it closes, or its connection breaks, which Jetty notices at once since it always reads
 * a WebSocket), the command's thread is interrupted, which ends the call (the local provider then kills the command)
 * and gives the thread back. The session's slot of the server's {@link StreamLimit} is given back when the command's
 * thread ends, or at once when the client goes before it started, or {@link #OPEN_TIMEOUT_MS} after the upgrade
 * when the socket never opened (the 101 could not be written, so Jetty tells the session nothing at all).
 * Public only because Jetty reaches its listener methods through method handles.
 */
public final class ExecSession implements Session.Listener.AutoDemanding {
    static final byte STDIN = 0;
    static final byte STDOUT = 1;
    static final byte STDERR = 2;
    static final byte ERROR = 3;
    static final byte RESIZE = 4;
    static final byte CLOSE = (byte) 255;

    private static final Logger LOG = LoggerFactory.getLogger(ExecSession.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** How long after the upgrade the socket may take to open before the session gives its slot back. */
    static final long OPEN_TIMEOUT_MS = 10_000;

    // One daemon thread for every session's open check, and only while some check is pending: no thread per session.
    private static final ScheduledThreadPoolExecutor OPEN_CHECKS = openChecks();

    private final NodeProvider node;
    private final ExecRequest request;
    private final boolean v5;
    private final PipedOutputStream stdin;
    private final ExecIO io;
    private final StreamLimit.Slot slot;
    private volatile Session session;
    private Thread runner;
    private boolean finished;
    private boolean opened;
    private boolean abandoned;

    ExecSession(NodeProvider node, ExecRequest request, boolean v5, StreamLimit.Slot slot) throws IOException {
        this(node, request, v5, slot, OPEN_TIMEOUT_MS);
    }

    /** As above, with the time the socket may take to open; tests shorten it. */
    ExecSession(NodeProvider node, ExecRequest request, boolean v5, StreamLimit.Slot slot, long openTimeoutMs)
            throws IOException {
        this.node = node;
        this.slot = slot;
        this.request = request;
        this.v5 = v5;
        PipedInputStream in = null;
        if (request.stdin()) {
            in = new PipedInputStream(64 * 1024);
            stdin = new PipedOutputStream(in);
        } else {
            stdin = null;
        }
        OutputStream out = request.stdout() ? new Channel(STDOUT) : OutputStream.nullOutputStream();
        OutputStream err =
                request.tty() ? null : request.stderr() ? new Channel(STDERR) : OutputStream.nullOutputStream();
        this.io = new ExecIO(in, out, err, request.tty());
        // Jetty's upgrade answers true once it starts writing the 101; if that write fails the socket never opens and
        // no callback comes, so without this check the slot would be lost for good.
        OPEN_CHECKS.schedule(this::neverOpened, openTimeoutMs, TimeUnit.MILLISECONDS);
    }

    private static ScheduledThreadPoolExecutor openChecks() {
        ScheduledThreadPoolExecutor checks = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "orchard-kubelet-exec-open-check");
            t.setDaemon(true);
            return t;
        });
        checks.setKeepAliveTime(30, TimeUnit.SECONDS);
        checks.allowCoreThreadTimeOut(true);
        return checks;
    }

    private void neverOpened() {
        synchronized (this) {
            if (opened || abandoned) {
                return;
            }
            abandoned = true;
        }
        LOG.debug(
                "Exec socket of {}/{}/{} never opened after its upgrade; its slot is given back",
                request.namespace(),
                request.pod(),
                request.container());
        closeStdin();
        slot.close();
    }

    @Override
    public void onWebSocketOpen(Session opened) {
        this.session = opened;
        Thread t = new Thread(this::run, "orchard-kubelet-exec-" + request.pod());
        t.setDaemon(true);
        synchronized (this) {
            if (abandoned) {
                // Too late: the slot is already given back, so the command must not run without one.
                opened.close(StatusCode.TRY_AGAIN_LATER, "the socket took too long to open", Callback.NOOP);
                return;
            }
            this.opened = true;
            runner = t;
        }
        t.start();
    }

    private void run() {
        try {
            execute();
        } finally {
            synchronized (this) {
                finished = true;
            }
            slot.close(); // the command and its thread are done: the server's place is free again
            Thread.interrupted(); // an interrupt for a client that went must not outlive the command
        }
    }

    private void execute() {
        byte[] status;
        try {
            int code = node.callWithoutDeadline(
                    "runInContainer",
                    p -> p.runInContainer(
                            request.namespace(), request.pod(), request.container(), request.command(), io));
            status = ExecStatus.exited(request.command(), code);
        } catch (OrchardException e) {
            status = ExecStatus.failed(Secrets.redact(e.getMessage()));
        } catch (RuntimeException e) {
            LOG.warn(
                    "Exec in {}/{}/{} failed",
                    request.namespace(),
                    request.pod(),
                    request.container(),
                    Secrets.redacted(e));
            status = ExecStatus.failed("exec failed: " + Secrets.describe(e));
        }
        try {
            send(ERROR, status, 0, status.length);
        } catch (IOException e) {
            LOG.debug(
                    "Exec client of {}/{} went before its status: {}",
                    request.namespace(),
                    request.pod(),
                    Secrets.redact(e.getMessage()));
        }
        Session s = session;
        if (s != null && s.isOpen()) {
            s.close(StatusCode.NORMAL, null, Callback.NOOP);
        }
    }

    @Override
    public void onWebSocketBinary(ByteBuffer payload, Callback callback) {
        try {
            if (payload.hasRemaining()) {
                byte channel = payload.get();
                if (channel == STDIN && stdin != null) {
                    byte[] data = new byte[payload.remaining()];
                    payload.get(data);
                    stdin.write(data);
                    stdin.flush();
                } else if (channel == RESIZE) {
                    byte[] data = new byte[payload.remaining()];
                    payload.get(data);
                    JsonNode size = JSON.readTree(data);
                    io.resize(new TermSize(
                            size.path("Width").asInt(), size.path("Height").asInt()));
                } else if (channel == CLOSE && v5 && payload.hasRemaining() && payload.get() == STDIN) {
                    closeStdin();
                }
            }
            callback.succeed();
        } catch (IOException | RuntimeException e) {
            LOG.debug(
                    "Exec message on {}/{} refused: {}",
                    request.namespace(),
                    request.pod(),
                    Secrets.redact(e.getMessage()));
            callback.succeed(); // a bad message ends nothing but itself; a command reading stdin sees it end below
            closeStdin();
        }
    }

    @Override
    public void onWebSocketClose(int statusCode, String reason) {
        closeStdin();
        clientGone();
    }

    @Override
    public void onWebSocketError(Throwable cause) {
        LOG.debug("Exec client of {}/{} failed: {}", request.namespace(), request.pod(), Secrets.describe(cause));
        closeStdin();
        clientGone();
    }

    // The client went, by a close or a broken connection: nobody will read the output, so the command ends now.
    private synchronized void clientGone() {
        abandoned |= !opened; // an error before the open: a late open check must not matter, the slot goes below
        if (runner != null && !finished) {
            runner.interrupt();
        } else if (runner == null) {
            slot.close(); // gone before the command started: nothing else will give the place back
        }
    }

    private void closeStdin() {
        if (stdin != null) {
            try {
                stdin.close();
            } catch (IOException e) {
                // already closed
            }
        }
    }

    /** Sends one message on a channel, and waits until it is sent: the command is slowed to the client's pace. */
    private void send(byte channel, byte[] data, int offset, int length) throws IOException {
        Session s = session;
        if (s == null || !s.isOpen()) {
            throw new IOException("the exec client went");
        }
        ByteBuffer message = ByteBuffer.allocate(length + 1);
        message.put(channel).put(data, offset, length).flip();
        Callback.Completable sent = new Callback.Completable();
        s.sendBinary(message, sent);
        try {
            sent.get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while sending to the exec client", e);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IOException(
                    "the exec client did not take channel " + channel + " output: " + Secrets.redact(e.getMessage()),
                    e);
        }
    }

    /** The command's output on one channel: each write is one message. */
    private final class Channel extends OutputStream {
        private final byte channel;

        Channel(byte channel) {
            this.channel = channel;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (len > 0) {
                send(channel, b, off, len);
            }
        }
    }
}
