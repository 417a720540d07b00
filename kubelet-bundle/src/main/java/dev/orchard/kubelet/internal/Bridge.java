package dev.orchard.kubelet.internal;

import dev.orchard.api.pod.Pod;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.PodSubscriber;
import dev.orchard.api.registry.PodSubscription;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.kubelet.internal.node.NodeController;
import dev.orchard.kubelet.internal.pods.PodController;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One node of a cluster served by one pod provider name: ties the node and pod controllers to a subscription to
 * that name. The subscription tells it when the provider goes (the node turns NotReady) and when one serves again,
 * the same or another (Ready, and the pods are reconciled); it brings the statuses the provider pushes, and for a
 * provider that does not push, the bridge polls.
 *
 * <p>Plain Java: the component builds it from the configuration; tests build it directly.
 */
public final class Bridge implements PodSubscriber, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Bridge.class);
    // A full reconcile every this many status intervals, beside those at start and on a provider's return: it
    // catches what an API server outage hid from the informer.
    private static final int RECONCILE_EVERY = 6;

    private final BridgeSettings settings;
    private final ClusterClient cluster;
    private final PodProviderRegistry registry;
    private final ScheduledExecutorService timer;
    private final ExecutorService worker;
    private final NodeController node;
    private final PodController pods;
    private volatile PodSubscription subscription;
    private int ticks;

    /**
     * Starts a bridge: registers the node, watches its pods and subscribes to the provider's name.
     *
     * @param settings what the bridge is
     * @param cluster the connection to the cluster; the bridge closes it when it stops
     * @param registry the pod provider registry
     * @param clock the time of heartbeats
     */
    public Bridge(BridgeSettings settings, ClusterClient cluster, PodProviderRegistry registry, Clock clock) {
        this(settings, cluster, registry, clock, 0);
    }

    /**
     * Starts a bridge whose node names its kubelet API's port, where the API server calls for logs and exec.
     *
     * @param settings what the bridge is
     * @param cluster the connection to the cluster; the bridge closes it when it stops
     * @param registry the pod provider registry
     * @param clock the time of heartbeats
     * @param kubeletPort the kubelet API's port; 0 for none (the API server then calls its default, 10250)
     */
    public Bridge(
            BridgeSettings settings,
            ClusterClient cluster,
            PodProviderRegistry registry,
            Clock clock,
            int kubeletPort) {
        this.settings = settings;
        this.cluster = cluster;
        this.registry = registry;
        this.timer =
                Executors.newSingleThreadScheduledExecutor(r -> thread(r, "orchard-kubelet-" + settings.nodeName()));
        this.worker = Executors.newSingleThreadExecutor(r -> thread(r, "orchard-kubelet-pods-" + settings.nodeName()));
        this.node = new NodeController(settings, cluster, registry, timer, clock, kubeletPort);
        this.pods = new PodController(settings, cluster, registry, worker);
        node.start(registry.exists(settings.provider()));
        pods.start();
        subscription = registry.subscribe(settings.provider(), this);
        long every = settings.statusInterval().toMillis();
        timer.scheduleWithFixedDelay(this::tick, every, every, TimeUnit.MILLISECONDS);
        LOG.info("Kubelet bridge for node {} started over pod provider {}", settings.nodeName(), settings.provider());
    }

    private static Thread thread(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    private void tick() {
        PodSubscription s = subscription;
        if (s == null || s.provider().isEmpty()) {
            return;
        }
        if (!s.pushes()) {
            pods.pollLater();
        }
        if (++ticks % RECONCILE_EVERY == 0) {
            pods.reconcileLater();
        }
    }

    @Override
    public void podChanged(Pod pod) {
        pods.pushed(pod);
    }

    @Override
    public void providerChanged(Optional<ProviderInfo> previous, Optional<ProviderInfo> current) {
        LOG.info(
                "Node {}: pod provider {} now served by {} (was {})",
                settings.nodeName(),
                settings.provider(),
                current.map(ProviderInfo::bundle).orElse("nothing"),
                previous.map(ProviderInfo::bundle).orElse("nothing"));
        node.ready(current.isPresent());
        if (current.isPresent()) {
            pods.reconcileLater();
            pods.pollLater(); // the new candidate's view, before it pushes anything
        }
    }

    /**
     * Whether the node is Ready: a provider serves its name.
     *
     * @return true if Ready
     */
    public boolean ready() {
        return node.isReady();
    }

    /** Stops: no more events; the node is removed or left NotReady, as configured; the connection closes. */
    @Override
    public void close() {
        PodSubscription s = subscription;
        if (s != null) {
            s.close();
        }
        pods.close();
        worker.shutdown();
        timer.shutdownNow();
        try {
            // A status write in flight must land before the last one, NotReady, or it would overwrite it.
            long wait = settings.statusInterval().toMillis()
                    + cluster.settings().requestTimeout().toMillis();
            worker.awaitTermination(wait, TimeUnit.MILLISECONDS);
            timer.awaitTermination(wait, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        node.stop();
        cluster.close();
        LOG.info("Kubelet bridge for node {} stopped", settings.nodeName());
    }
}
