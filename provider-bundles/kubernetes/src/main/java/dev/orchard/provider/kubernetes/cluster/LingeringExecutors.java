package dev.orchard.provider.kubernetes.cluster;

import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.jdkhttp.JdkHttpClientFactory;
import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The executors of the provider's fabric8 client, which closing the client does not stop: their threads end a second
 * after their last task.
 *
 * <p>fabric8 stops its own executors at once when a client closes ({@code shutdownNow}), the JDK HTTP client's and
 * its task executor, while the informer's watch is still closing: the server's answer to the WebSocket's close is
 * then never handled, the WebSocket stays open, and it keeps the JDK client, every connection of it and its selector
 * thread alive for good. With these the close handshake ends, the JDK client is collected and closes its
 * connections, and then the executors' threads end.
 */
final class LingeringExecutors {
    private static final AtomicInteger POOLS = new AtomicInteger();

    private LingeringExecutors() {}

    /**
     * An executor for fabric8's own tasks: watch events, informer handlers.
     *
     * @return a new executor
     */
    static Executor tasks() {
        return lingering("orchard-kubernetes-tasks-");
    }

    /**
     * fabric8's JDK HTTP client factory, whose clients each run on a lingering executor of their own.
     *
     * @return a new factory
     */
    static HttpClient.Factory httpClients() {
        return new JdkHttpClientFactory() {
            @Override
            protected void additionalConfig(java.net.http.HttpClient.Builder builder) {
                builder.executor(lingering("orchard-kubernetes-http-"));
            }
        };
    }

    private static Executor lingering(String prefix) {
        String name = prefix + POOLS.incrementAndGet() + "-";
        AtomicInteger threads = new AtomicInteger();
        return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 1, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, name + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }
}
