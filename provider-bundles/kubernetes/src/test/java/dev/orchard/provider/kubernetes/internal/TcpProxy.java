package dev.orchard.provider.kubernetes.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.HashSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A TCP proxy on 127.0.0.1 that plays a network outage between a client and a server that keeps running: while
 * {@linkplain #cut() cut} it resets every connection it carries and every new one, and once {@linkplain #restore()
 * restored} it carries new connections again, on the same port. One thread, with a selector; it counts the
 * connections it carries, so that a test can tell whether a client leaks them.
 */
final class TcpProxy implements AutoCloseable {
    private final InetSocketAddress upstream;
    private final Selector selector;
    private final ServerSocketChannel listener;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Set<Link> links = new HashSet<>(); // only the proxy's thread touches it
    private final Thread thread;
    private volatile boolean up = true;
    private volatile int open;

    /**
     * Starts carrying connections to a server on this machine.
     *
     * @param upstreamPort the server's port on 127.0.0.1
     */
    TcpProxy(int upstreamPort) {
        try {
            InetAddress loopback = InetAddress.getByName("127.0.0.1");
            upstream = new InetSocketAddress(loopback, upstreamPort);
            selector = Selector.open();
            listener = ServerSocketChannel.open();
            listener.bind(new InetSocketAddress(loopback, 0));
            listener.configureBlocking(false);
            listener.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        thread = new Thread(this::loop, "tcp-proxy-" + port());
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * The URL a client uses to reach the server through the proxy.
     *
     * @return {@code http://127.0.0.1:<port>/}
     */
    String url() {
        return "http://127.0.0.1:" + port() + "/";
    }

    private int port() {
        return listener.socket().getLocalPort();
    }

    /**
     * The connections the proxy carries now, each counted once (client side and server side together).
     *
     * @return how many are open
     */
    int openConnections() {
        return open;
    }

    /** Starts the outage: resets every connection carried, and returns once they are all reset. */
    void cut() {
        up = false;
        onProxyThread(() -> List.copyOf(links).forEach(l -> l.close(true)));
    }

    /** Ends the outage: new connections are carried again. */
    void restore() {
        up = true;
    }

    @Override
    public void close() {
        up = false;
        onProxyThread(() -> List.copyOf(links).forEach(l -> l.close(true)));
        thread.interrupt();
        try {
            selector.close();
            listener.close();
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // Runs a task on the proxy's thread, which alone touches the channels, and waits for it.
    private void onProxyThread(Runnable task) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        tasks.add(() -> {
            task.run();
            done.complete(null);
        });
        selector.wakeup();
        try {
            done.get(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the proxy's thread did not run the task", e);
        }
    }

    private void loop() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                selector.select();
                for (Runnable task; (task = tasks.poll()) != null; ) {
                    task.run();
                }
                for (SelectionKey key : selector.selectedKeys()) {
                    if (!key.isValid()) {
                        continue;
                    }
                    if (key.isAcceptable()) {
                        accept();
                    } else {
                        ((Side) key.attachment()).ready(key);
                    }
                }
                selector.selectedKeys().clear();
            }
        } catch (IOException | ClosedSelectorException e) {
            // closed: the proxy ends
        }
    }

    private void accept() throws IOException {
        SocketChannel client = listener.accept();
        if (client == null) {
            return;
        }
        if (!up) {
            reset(client);
            return;
        }
        SocketChannel server;
        try {
            server = SocketChannel.open(upstream); // the server is on this machine: connecting is immediate
        } catch (IOException e) {
            reset(client);
            return;
        }
        Link link = new Link(client, server);
        links.add(link);
        open = links.size();
    }

    private static void reset(SocketChannel channel) {
        try (channel) {
            channel.setOption(StandardSocketOptions.SO_LINGER, 0); // a close then sends RST, as a dead peer's host
        } catch (IOException e) {
            // already gone
        }
    }

    /** One connection carried: the client's socket and the proxy's socket to the server. */
    private final class Link {
        private final Side client;
        private final Side server;

        Link(SocketChannel clientChannel, SocketChannel serverChannel) throws IOException {
            client = new Side(this, clientChannel);
            server = new Side(this, serverChannel);
            client.peer = server;
            server.peer = client;
            client.register();
            server.register();
        }

        void close(boolean reset) {
            if (!links.remove(this)) {
                return;
            }
            open = links.size();
            for (Side s : new Side[] {client, server}) {
                s.key.cancel();
                if (reset) {
                    reset(s.channel);
                } else {
                    try {
                        s.channel.close();
                    } catch (IOException e) {
                        // already gone
                    }
                }
            }
        }
    }

    /** One socket of a link, and the bytes read from it that its peer has yet to write. */
    private final class Side {
        private final Link link;
        private final SocketChannel channel;
        private final ByteBuffer inbound = ByteBuffer.allocate(64 * 1024); // read here, to be written to the peer
        private Side peer;
        private SelectionKey key;
        private boolean ended; // read its end of stream

        Side(Link link, SocketChannel channel) {
            this.link = link;
            this.channel = channel;
        }

        void register() throws IOException {
            channel.configureBlocking(false);
            key = channel.register(selector, SelectionKey.OP_READ, this);
        }

        void ready(SelectionKey ready) {
            try {
                if (ready.isReadable()) {
                    read();
                }
                if (ready.isValid() && ready.isWritable()) {
                    peer.flushTo(this);
                }
            } catch (IOException e) {
                link.close(true); // one side broke: the other learns it as a reset, as through a real network
            }
        }

        private void read() throws IOException {
            int n = channel.read(inbound);
            if (n < 0) {
                ended = true;
            }
            flushTo(peer);
        }

        // Writes what was read from this side to the peer; reads no more from this side while the peer is full. An
        // end of stream from either side ends the connection once what it sent is passed on: HTTP clients and
        // servers close both ways at once, and a side left half open would count as a connection still carried.
        void flushTo(Side to) throws IOException {
            inbound.flip();
            to.channel.write(inbound);
            inbound.compact();
            boolean pending = inbound.position() > 0;
            if (ended && !pending) {
                link.close(false);
                return;
            }
            to.interest(SelectionKey.OP_WRITE, pending);
            interest(SelectionKey.OP_READ, !pending && !ended);
        }

        private void interest(int op, boolean on) {
            if (key.isValid()) {
                key.interestOps(on ? key.interestOps() | op : key.interestOps() & ~op);
            }
        }
    }

    /**
     * The proxy, for a message.
     *
     * @return its ports, whether it is cut, and how many connections it carries
     */
    @Override
    public String toString() {
        return "proxy :" + port() + " -> :" + upstream.getPort() + (up ? " (up, " : " (cut, ") + open + " connections)";
    }
}
