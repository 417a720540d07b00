package dev.orchard.kubelet.internal.node;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.naming.Secrets;
import dev.orchard.api.pod.Node;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.kubelet.internal.BridgeSettings;
import dev.orchard.provider.kubernetes.cluster.ClusterAction;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the bridge's Node alive in the cluster, as a kubelet does: registers it from the provider's
 * {@code configureNode}, renews its Lease in {@code kube-node-lease}, writes its status (Ready while a provider
 * serves the configured name, NotReady while none does), and on stop deletes it or leaves it NotReady.
 *
 * <p>A request that fails (the API server away) is logged and tried again at the next tick, never fatal: the node
 * lease lapses and the cluster marks the node unknown, as it would a kubelet's.
 */
public final class NodeController {
    /** The namespace of node leases. */
    public static final String LEASE_NAMESPACE = "kube-node-lease";

    private static final Logger LOG = LoggerFactory.getLogger(NodeController.class);
    // How long a lease holds without renewal: 40 s, as the kubelet's, or 4 intervals when tests renew faster.
    private static final long LEASE_DURATION_INTERVALS = 4;

    private final BridgeSettings settings;
    private final ClusterClient cluster;
    private final PodProviderRegistry registry;
    private final ScheduledExecutorService timer;
    private final Clock clock;
    private final int kubeletPort;
    private volatile boolean ready;
    private volatile String nodeUid;
    private ScheduledFuture<?> leaseTask;
    private ScheduledFuture<?> statusTask;

    /**
     * Creates the controller; nothing is written until {@link #start}.
     *
     * @param settings the bridge's settings
     * @param cluster the connection to the cluster
     * @param registry where the provider is called, through its name
     * @param timer runs the renewals; shared with the bridge's other periodic work
     * @param clock the time of heartbeats and renewals
     * @param kubeletPort the kubelet API's port, written in the node's status; 0 for none
     */
    public NodeController(
            BridgeSettings settings,
            ClusterClient cluster,
            PodProviderRegistry registry,
            ScheduledExecutorService timer,
            Clock clock,
            int kubeletPort) {
        this.kubeletPort = kubeletPort;
        this.settings = settings;
        this.cluster = cluster;
        this.registry = registry;
        this.timer = timer;
        this.clock = clock;
    }

    /**
     * Registers the node and starts renewing its lease and writing its status.
     *
     * @param providerPresent whether a provider serves the name now
     */
    public synchronized void start(boolean providerPresent) {
        ready = providerPresent;
        register();
        long lease = settings.leaseInterval().toMillis();
        long status = settings.statusInterval().toMillis();
        leaseTask = timer.scheduleWithFixedDelay(this::renewLease, 0, lease, TimeUnit.MILLISECONDS);
        statusTask = timer.scheduleWithFixedDelay(this::writeStatus, status, status, TimeUnit.MILLISECONDS);
    }

    /**
     * Sets the node Ready or NotReady, and writes the status at once if it changed.
     *
     * @param providerPresent whether a provider serves the name now
     */
    public void ready(boolean providerPresent) {
        if (ready != providerPresent) {
            ready = providerPresent;
            LOG.info("Node {} is now {}", settings.nodeName(), providerPresent ? "Ready" : "NotReady");
            timer.execute(this::writeStatus);
        }
    }

    /**
     * Whether the node is Ready, as last written.
     *
     * @return true if a provider serves the name
     */
    public boolean isReady() {
        return ready;
    }

    /** Stops renewing; deletes the node, or writes it NotReady, as configured. */
    public synchronized void stop() {
        if (leaseTask != null) {
            leaseTask.cancel(false);
            statusTask.cancel(false);
        }
        try {
            if (settings.removeOnStop()) {
                cluster.call(
                        ClusterAction.cluster("delete", "nodes"),
                        () -> cluster.fabric8()
                                .nodes()
                                .withName(settings.nodeName())
                                .delete());
                LOG.info(
                        "Node {} removed from {}",
                        settings.nodeName(),
                        cluster.settings().describe());
            } else {
                ready = false;
                writeStatus();
            }
        } catch (OrchardException e) {
            LOG.warn(
                    "Node {} could not be {} on stop: {}",
                    settings.nodeName(),
                    settings.removeOnStop() ? "removed" : "set NotReady",
                    Secrets.redact(e.getMessage()));
        }
    }

    // What the provider makes of the node; the base node while no provider serves.
    private Node configured() {
        Node base = NodeManifest.base(settings);
        if (!ready) {
            return base;
        }
        try {
            return registry.call(
                    settings.provider(), "configureNode", settings.callDeadline(), p -> p.configureNode(base));
        } catch (OrchardException e) {
            LOG.debug(
                    "configureNode of {} failed; the node keeps what it has: {}",
                    settings.provider(),
                    Secrets.redact(e.getMessage()));
            return base;
        }
    }

    private void register() {
        try {
            io.fabric8.kubernetes.api.model.Node node =
                    NodeManifest.toKubernetes(settings, configured(), ready, kubeletPort);
            io.fabric8.kubernetes.api.model.Node created = cluster.call(
                    ClusterAction.cluster("register", "nodes"),
                    () -> cluster.fabric8().nodes().resource(node).createOr(NonDeletingOperation::update));
            nodeUid = created.getMetadata().getUid();
            writeStatus();
            LOG.info(
                    "Node {} registered in {} for pod provider {}",
                    settings.nodeName(),
                    cluster.settings().describe(),
                    settings.provider());
        } catch (OrchardException e) {
            LOG.warn(
                    "Node {} could not be registered yet; trying again with its status: {}",
                    settings.nodeName(),
                    Secrets.redact(e.getMessage()));
        }
    }

    // The status through the status subresource, as the kubelet writes it.
    void writeStatus() {
        try {
            if (nodeUid == null) {
                register();
                return;
            }
            var status = NodeManifest.status(configured(), ready, clock.instant(), kubeletPort);
            cluster.call(
                    ClusterAction.cluster("update status of", "nodes"),
                    () -> cluster.fabric8()
                            .nodes()
                            .withName(settings.nodeName())
                            .editStatus(n -> {
                                n.setStatus(status);
                                return n;
                            }));
        } catch (RuntimeException e) { // OrchardException from the server, or a bug: the next tick tries again
            LOG.warn("Status of node {} not written: {}", settings.nodeName(), Secrets.redact(e.getMessage()));
            if (e instanceof dev.orchard.api.error.NotFoundException) {
                nodeUid = null; // someone deleted the node: register it again at the next tick
            }
        }
    }

    // Renews, or creates, the node's Lease: holder the node, owned by the node so it goes with it.
    void renewLease() {
        try {
            ZonedDateTime now = ZonedDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
            int duration = (int) Math.max(1, settings.leaseInterval().toSeconds() * LEASE_DURATION_INTERVALS);
            LeaseBuilder b = new LeaseBuilder()
                    .withNewMetadata()
                    .withName(settings.nodeName())
                    .withNamespace(LEASE_NAMESPACE)
                    .endMetadata()
                    .withNewSpec()
                    .withHolderIdentity(settings.nodeName())
                    .withLeaseDurationSeconds(duration)
                    .withRenewTime(now)
                    .endSpec();
            String uid = nodeUid;
            if (uid != null) {
                b.editMetadata()
                        .withOwnerReferences(new OwnerReferenceBuilder()
                                .withApiVersion("v1")
                                .withKind("Node")
                                .withName(settings.nodeName())
                                .withUid(uid)
                                .build())
                        .endMetadata();
            }
            Lease lease = b.build();
            cluster.call(
                    ClusterAction.cluster("renew", "leases"),
                    () -> cluster.fabric8()
                            .leases()
                            .inNamespace(LEASE_NAMESPACE)
                            .resource(lease)
                            .createOr(NonDeletingOperation::update));
        } catch (RuntimeException e) { // OrchardException from the server, or a bug: the next tick tries again
            LOG.warn("Lease of node {} not renewed: {}", settings.nodeName(), Secrets.redact(e.getMessage()));
        }
    }
}
