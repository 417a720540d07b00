package dev.orchard.kubelet.tests;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * An exec client of the channel protocol over java.net.http's WebSocket: it collects what arrives on each channel
 * until the server closes, and can send stdin and v5's close signal.
 */
final class ExecClient implements WebSocket.Listener {
    private final Map<Integer, ByteArrayOutputStream> channels = new TreeMap<>();
    private final ByteArrayOutputStream message = new ByteArrayOutputStream();
    private final CompletableFuture<Integer> closed = new CompletableFuture<>();
    private WebSocket socket;

    static ExecClient connect(HttpClient client, URI uri, String authorization, String subprotocol) throws Exception {
        ExecClient listener = new ExecClient();
        listener.socket = client.newWebSocketBuilder()
                .header("Authorization", authorization)
                .subprotocols(subprotocol)
                .connectTimeout(Duration.ofSeconds(10))
                .buildAsync(uri, listener)
                .get(20, TimeUnit.SECONDS);
        return listener;
    }

    /** Drops the connection with no close message, as a client that was killed. */
    void abort() {
        socket.abort();
    }

    String subprotocol() {
        return socket.getSubprotocol();
    }

    void send(int channel, String text) throws Exception {
        byte[] data = text.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(data.length + 1)
                .put((byte) channel)
                .put(data)
                .flip();
        socket.sendBinary(b, true).get(10, TimeUnit.SECONDS);
    }

    void closeStdin() throws Exception {
        socket.sendBinary(ByteBuffer.wrap(new byte[] {(byte) 255, 0}), true).get(10, TimeUnit.SECONDS);
    }

    /** Waits for the server to close, and returns what came on each channel. */
    Map<Integer, String> awaitEnd() throws Exception {
        closed.get(30, TimeUnit.SECONDS); // outside the lock: onBinary takes it while the messages arrive
        synchronized (this) {
            Map<Integer, String> out = new TreeMap<>();
            channels.forEach((k, v) -> out.put(k, v.toString(StandardCharsets.UTF_8)));
            return out;
        }
    }

    @Override
    public synchronized CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
        byte[] bytes = new byte[data.remaining()];
        data.get(bytes);
        message.writeBytes(bytes);
        if (last) {
            byte[] whole = message.toByteArray();
            message.reset();
            if (whole.length > 0) {
                channels.computeIfAbsent(whole[0] & 0xff, c -> new ByteArrayOutputStream())
                        .write(whole, 1, whole.length - 1);
            }
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        closed.complete(statusCode);
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        closed.completeExceptionally(error);
    }
}
