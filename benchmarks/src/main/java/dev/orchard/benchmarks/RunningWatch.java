package dev.orchard.benchmarks;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The observer both sides of a kubelet comparison are timed by: one watch on a namespace, from a client of its own,
 * that notes when each pod's status first reads Running. Both sides pay the same watch delivery.
 */
final class RunningWatch implements Watcher<Pod>, AutoCloseable {
    private final Map<String, CompletableFuture<Long>> running = new ConcurrentHashMap<>();
    private final Watch watch;

    /**
     * Starts watching.
     *
     * @param client the observer's own client
     * @param namespace the namespace the pods are in
     */
    RunningWatch(KubernetesClient client, String namespace) {
        this.watch = client.pods().inNamespace(namespace).watch(this);
    }

    /**
     * When a pod first read Running.
     *
     * @param name the pod's name
     * @return completed with {@link System#nanoTime()} at the event that showed it Running
     */
    CompletableFuture<Long> running(String name) {
        return running.computeIfAbsent(name, n -> new CompletableFuture<>());
    }

    /**
     * Waits until a pod reads Running.
     *
     * @param name the pod's name
     * @return {@link System#nanoTime()} at the event that showed it Running
     * @throws Exception if it did not within a minute
     */
    long awaitRunning(String name) throws Exception {
        return running(name).get(1, TimeUnit.MINUTES);
    }

    @Override
    public void eventReceived(Action action, Pod pod) {
        if (pod.getStatus() != null && "Running".equals(pod.getStatus().getPhase())) {
            running(pod.getMetadata().getName()).complete(System.nanoTime());
        }
    }

    @Override
    public void onClose(WatcherException cause) {
        // Closed at the end of the run; a benchmark waiting on it then times out and says which pod.
    }

    @Override
    public void close() {
        watch.close();
    }
}
