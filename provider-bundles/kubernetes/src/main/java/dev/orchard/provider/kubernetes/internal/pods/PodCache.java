package dev.orchard.provider.kubernetes.internal.pods;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.kubernetes.mapping.OriginLabels;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The provider's pods as an informer sees them: every pod in the cluster marked with this provider's origin,
 * listed once and then kept up to date by a watch, which reconnects by itself while the API server is away. Reads
 * take no request; a writer waits here until the informer has seen its write, so that the caller reads what it
 * wrote.
 *
 * <p>Before the first list has come back, a read waits for it as long as one request may take, and is then
 * Unavailable rather than empty: an empty cache would claim the cluster has no pods. Thread-safe.
 */
final class PodCache implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PodCache.class);

    /** What the cache tells about each change it sees, on the informer's thread, in order. */
    interface Changes {
        /**
         * A pod was added, changed or deleted.
         *
         * @param before the pod before, or null when added
         * @param after the pod after, or null when deleted
         */
        void changed(Pod before, Pod after);
    }

    private final ClusterClient cluster;
    private final SharedIndexInformer<Pod> informer;
    private final Object seen = new Object();
    private final CompletableFuture<Void> firstList;

    /**
     * Starts watching; returns at once, without waiting for the first list.
     *
     * @param cluster the connection
     * @param origin the labels that select this provider's pods
     * @param changes told of each change
     */
    PodCache(ClusterClient cluster, OriginLabels origin, Changes changes) {
        this.cluster = cluster;
        this.informer = cluster.fabric8()
                .pods()
                .inAnyNamespace()
                .withLabels(origin.selector())
                .runnableInformer(0);
        // Keep trying, also when the very first list fails: the API server may come up after the provider.
        informer.exceptionHandler((started, failure) -> {
            LOG.debug("Pod watch of {} failed, retrying: {}", cluster.settings().describe(), failure.toString());
            return true;
        });
        informer.addEventHandler(new ResourceEventHandler<Pod>() {
            @Override
            public void onAdd(Pod pod) {
                deliver(changes, null, pod);
            }

            @Override
            public void onUpdate(Pod before, Pod after) {
                deliver(changes, before, after);
            }

            @Override
            public void onDelete(Pod pod, boolean finalStateUnknown) {
                deliver(changes, pod, null);
            }
        });
        firstList = informer.start().toCompletableFuture();
    }

    private void deliver(Changes changes, Pod before, Pod after) {
        try {
            changes.changed(before, after);
        } catch (RuntimeException e) {
            LOG.warn("Handling a change of pod {} failed", after != null ? key(after) : key(before), e);
        } finally {
            synchronized (seen) {
                seen.notifyAll();
            }
        }
    }

    /**
     * A pod as the informer last saw it.
     *
     * @param clusterNamespace its cluster namespace
     * @param name its name
     * @return the pod, or empty if the cluster has none of that name marked by this provider
     * @throws UnavailableException if the first list has not come back yet
     */
    Optional<Pod> get(String clusterNamespace, String name) {
        requireSynced();
        return Optional.ofNullable(informer.getIndexer().getByKey(clusterNamespace + "/" + name));
    }

    /**
     * Every pod as the informer last saw them.
     *
     * @return the pods, in no order
     * @throws UnavailableException if the first list has not come back yet
     */
    List<Pod> all() {
        requireSynced();
        return informer.getIndexer().list();
    }

    /**
     * Waits until the informer has seen a pod as a write left it, so that a read after the write sees it.
     *
     * @param clusterNamespace its cluster namespace
     * @param name its name
     * @param written what the write left: a pod is seen when it matches
     * @param timeout how long to wait at most; after that the write still stands
     */
    void awaitSeen(String clusterNamespace, String name, Predicate<Pod> written, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (seen) {
            while (!written.test(informer.getIndexer().getByKey(clusterNamespace + "/" + name))) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    LOG.debug("The pod watch did not show {}/{} as written within {}", clusterNamespace, name, timeout);
                    return;
                }
                try {
                    seen.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /**
     * A pod matches a write when it has the resource version the write returned.
     *
     * @param resourceVersion the version the API server returned for the write
     * @return the test
     */
    static Predicate<Pod> version(String resourceVersion) {
        return p -> p != null && Objects.equals(p.getMetadata().getResourceVersion(), resourceVersion);
    }

    /**
     * Tells whether the watch is connected now.
     *
     * @return true while it watches
     */
    boolean watching() {
        return informer.isWatching();
    }

    // Before the first list, a read waits for it as long as one request may take.
    private void requireSynced() {
        if (!informer.hasSynced()) {
            try {
                firstList.get(cluster.settings().requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // the informer keeps retrying; hasSynced below decides
            }
        }
        if (!informer.hasSynced()) {
            throw new UnavailableException("the pods of " + cluster.settings().describe()
                    + " have not been listed yet: the API server has not answered since the provider started; retry"
                    + " when it is reachable");
        }
    }

    static String key(Pod pod) {
        return pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
    }

    /** Stops the watch. */
    @Override
    public void close() {
        informer.close();
    }
}
