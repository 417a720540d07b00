package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.net.SocketFactory;

/**
 * Many followed logs opened by raw clients and dropped abruptly (half close, half reset, as killed processes do), and
 * the runtime's working threads and open descriptors measured before, while held, and until they are back within
 * 10% of the baseline, which must be within 10 s; the caller's check that the runtime answers runs throughout.
 */
final class DroppedFollows {
    static final int FOLLOWS = 200;

    /** Something the runtime must answer while it is measured; throws if it does not. */
    interface Answering {
        void check() throws Exception;
    }

    private final SocketFactory sockets;
    private final int port;
    private final byte[] request;

    /**
     * Clients of one followed log.
     *
     * @param sockets plain or TLS sockets
     * @param port the server's port on 127.0.0.1
     * @param path the follow's path and query
     * @param authorization the Authorization header's value
     */
    DroppedFollows(SocketFactory sockets, int port, String path, String authorization) {
        this.sockets = sockets;
        this.port = port;
        this.request = ("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: " + authorization
                        + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * Warms the runtime up with two rounds of follows dropped once answered, then waits until the call threads they
     * used have been idle long enough to end (the registry's bulkheads keep an idle thread 5 s).
     */
    void warmUp() throws IOException, InterruptedException {
        for (int round = 0; round < 2; round++) {
            dropAll(open(), true);
            Thread.sleep(1000);
        }
        Thread.sleep(7000);
    }

    /**
     * Opens {@link #FOLLOWS} follows, checks each is answered at once (served or refused 503) and that at least
     * {@code minServed} are served, checks the runtime answers while they are open, drops them all, and waits until
     * threads and descriptors are back.
     *
     * @param pid the runtime's process id
     * @param minServed how many follows must at least be served
     * @param answering what must answer throughout
     * @return a line with the numbers, for the test's output
     */
    String measure(long pid, int minServed, Answering answering) throws Exception {
        answering.check();
        Map<String, Integer> before = WorkingThreads.named(pid);
        int threads = WorkingThreads.total(before);
        int fds = descriptors(pid);

        List<Socket> clients = open();
        int served = 0;
        int refused = 0;
        for (Socket s : clients) {
            String status = statusLine(s);
            if (status.startsWith("HTTP/1.1 200")) {
                served++;
            } else if (status.startsWith("HTTP/1.1 503")) {
                refused++;
            }
        }
        assertEquals(FOLLOWS, served + refused, "every follow is answered at once, served or refused");
        assertTrue(served >= minServed, "follows served: " + served);
        answering.check(); // while they are open
        int heldThreads = WorkingThreads.of(pid);
        int heldFds = descriptors(pid);

        dropAll(clients, false);
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            answering.check();
            Map<String, Integer> now = WorkingThreads.named(pid);
            int nowThreads = WorkingThreads.total(now);
            int nowFds = descriptors(pid);
            if (nowThreads <= threads * 1.1 && nowFds <= fds * 1.1) {
                return String.format(
                        "dropped follows: served %d, refused %d; threads %d -> %d -> %d; descriptors %d -> %d -> %d",
                        served, refused, threads, heldThreads, nowThreads, fds, heldFds, nowFds);
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("10 s after " + FOLLOWS + " follows were dropped: threads " + nowThreads
                        + " (baseline " + threads + ", held " + heldThreads + "), descriptors " + nowFds
                        + " (baseline " + fds + ", held " + heldFds + "); threads beyond the baseline: "
                        + WorkingThreads.beyond(before, now));
            }
            Thread.sleep(200);
        }
    }

    private List<Socket> open() throws IOException {
        List<Socket> out = new ArrayList<>();
        for (int i = 0; i < FOLLOWS; i++) {
            Socket s = sockets.createSocket("127.0.0.1", port);
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request);
            s.getOutputStream().flush();
            out.add(s);
        }
        return out;
    }

    // Half close (FIN), half reset, with no word: as clients that were killed.
    private static void dropAll(List<Socket> clients, boolean readFirst) throws IOException {
        for (int i = 0; i < clients.size(); i++) {
            Socket s = clients.get(i);
            if (readFirst) {
                try {
                    statusLine(s);
                } catch (SocketTimeoutException e) {
                    // dropped all the same
                }
            }
            if (i % 2 == 1) {
                s.setSoLinger(true, 0);
            }
            s.close();
        }
    }

    private static String statusLine(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        StringBuilder line = new StringBuilder();
        for (int c; (c = in.read()) >= 0 && c != '\n'; ) {
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    private static int descriptors(long pid) throws IOException {
        try (Stream<Path> entries = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return (int) entries.count();
        }
    }
}
