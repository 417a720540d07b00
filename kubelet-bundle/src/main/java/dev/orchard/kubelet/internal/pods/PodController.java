package dev.orchard.kubelet.internal.pods;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.naming.Secrets;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.kubelet.internal.BridgeSettings;
import dev.orchard.provider.kubernetes.cluster.ClusterAction;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pods bound to the bridge's node, carried to the pod provider: an informer on {@code spec.nodeName=<node>}
 * feeds one worker thread, which creates, updates and deletes pods through the registry (so the provider can be
 * swapped underneath), removes a deleted pod from the API server once the provider has deleted it, and
 * reconciles both sides with the cluster as the source of truth.
 *
 * <p>All provider and server work runs on that one worker, in the order events came, so that a pod's create,
 * update and delete never overtake each other. A provider that is missing makes the work wait for the next
 * reconcile, which runs when a provider serves the name again.
 *
 * <p>The provider is not asked whether it has a pod before each create: the first reconcile lists its pods once,
 * and events before it are left to it (it judges every pod the informer holds); after it, the bridge knows what it
 * gave the provider, and a create the provider refuses as a duplicate means the provider has the pod.
 */
public final class PodController implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PodController.class);

    private final BridgeSettings settings;
    private final ClusterClient cluster;
    private final PodProviderRegistry registry;
    private final ExecutorService worker;
    private final PodStatusWriter statuses;
    // What the bridge last gave the provider for each pod, so that only real changes become updatePod.
    private final Map<NamespacedName, Pod> sent = new ConcurrentHashMap<>();
    private volatile SharedIndexInformer<io.fabric8.kubernetes.api.model.Pod> informer;
    // Set on the worker once a reconcile has judged every pod; until then the informer's events are its to handle.
    private boolean reconciled;

    /**
     * Creates the controller; nothing is watched until {@link #start}.
     *
     * @param settings the bridge's settings
     * @param cluster the connection to the cluster
     * @param registry where the provider is called, through its name
     * @param worker the one thread that does the pods' work
     */
    public PodController(
            BridgeSettings settings, ClusterClient cluster, PodProviderRegistry registry, ExecutorService worker) {
        this.settings = settings;
        this.cluster = cluster;
        this.registry = registry;
        this.worker = worker;
        this.statuses = new PodStatusWriter(cluster, this::cached);
    }

    /** Starts the informer on the pods bound to the node; its first list is then reconciled. */
    public void start() {
        informer = cluster.fabric8()
                .pods()
                .inAnyNamespace()
                .withField("spec.nodeName", settings.nodeName())
                .inform(new ResourceEventHandler<>() {
                    @Override
                    public void onAdd(io.fabric8.kubernetes.api.model.Pod pod) {
                        submit(() -> changed(PodTranslation.key(pod)));
                    }

                    @Override
                    public void onUpdate(
                            io.fabric8.kubernetes.api.model.Pod before, io.fabric8.kubernetes.api.model.Pod after) {
                        submit(() -> changed(PodTranslation.key(after)));
                    }

                    @Override
                    public void onDelete(io.fabric8.kubernetes.api.model.Pod pod, boolean finalStateUnknown) {
                        submit(() -> changed(PodTranslation.key(pod)));
                    }
                });
        submit(this::reconcile);
    }

    /**
     * Reconciles both sides, on the worker: the cluster's pods the provider lacks are created, and the provider's
     * pods of this node that the cluster no longer has are deleted.
     */
    public void reconcileLater() {
        submit(this::reconcile);
    }

    /**
     * Writes a status the provider pushed, on the worker.
     *
     * @param pod the pod with its new status
     */
    public void pushed(Pod pod) {
        if (settings.nodeName().equals(pod.metadata().labels().get(PodTranslation.NODE_LABEL))) {
            submit(() -> statuses.write(new NamespacedName(pod.namespace(), pod.name()), pod.status()));
        }
    }

    /** Polls the provider for the status of every pod of the node, on the worker: for providers that do not push. */
    public void pollLater() {
        submit(() -> {
            for (NamespacedName key : cachedKeys()) {
                try {
                    var status = registry.call(
                            settings.provider(),
                            "getPodStatus",
                            settings.callDeadline(),
                            p -> p.getPodStatus(key.namespace(), key.name()));
                    statuses.write(key, status);
                } catch (OrchardException e) {
                    LOG.debug(
                            "No status of pod {} from {}: {}",
                            key,
                            settings.provider(),
                            Secrets.redact(e.getMessage()));
                }
            }
        });
    }

    private void submit(Runnable work) {
        try {
            worker.execute(() -> {
                try {
                    work.run();
                } catch (RuntimeException e) {
                    LOG.warn(
                            "Pod work of node {} failed; the next event or reconcile tries again",
                            settings.nodeName(),
                            Secrets.redacted(e));
                }
            });
        } catch (RejectedExecutionException stopping) {
            LOG.debug("Node {} is stopping; pod work dropped", settings.nodeName());
        }
    }

    private io.fabric8.kubernetes.api.model.Pod cached(NamespacedName key) {
        var i = informer;
        return i == null ? null : i.getIndexer().getByKey(key.namespace() + "/" + key.name());
    }

    private List<NamespacedName> cachedKeys() {
        var i = informer;
        return i == null
                ? List.of()
                : i.getIndexer().list().stream().map(PodTranslation::key).toList();
    }

    // An informer event: before the first reconcile, which lists the provider's pods once for all, it is left to it.
    private void changed(NamespacedName key) {
        if (reconciled) {
            sync(key, null);
        }
    }

    // Brings the provider in line with the cluster for one pod; provided: the provider's pods, or null if unknown.
    private void sync(NamespacedName key, Set<NamespacedName> provided) {
        io.fabric8.kubernetes.api.model.Pod pod = cached(key);
        if (pod == null) {
            deleteFromProvider(key);
        } else if (pod.getMetadata().getDeletionTimestamp() != null) {
            deleteFromProvider(key);
            removeFromServer(key);
        } else {
            ensure(key, pod, provided);
        }
    }

    private void ensure(NamespacedName key, io.fabric8.kubernetes.api.model.Pod pod, Set<NamespacedName> provided) {
        Pod wanted;
        try {
            wanted = PodTranslation.toOrchard(pod, settings.nodeName());
        } catch (InvalidInputException e) {
            statuses.failed(key, "ProviderFailed", Secrets.redact(e.getMessage()));
            return;
        }
        Pod before = sent.get(key);
        try {
            if (before == null) {
                if (provided == null || !provided.contains(key)) {
                    create(key, wanted);
                }
            } else if (!sameDesire(before, wanted)) {
                registry.call(settings.provider(), "updatePod", settings.callDeadline(), p -> {
                    p.updatePod(wanted);
                    return null;
                });
                LOG.info("Pod {} updated on {}", key, settings.provider());
            }
            sent.put(key, wanted);
        } catch (InvalidInputException e) {
            statuses.failed(key, "ProviderFailed", Secrets.redact(e.getMessage()));
        } catch (OrchardException e) {
            LOG.info("Pod {} waits for provider {}: {}", key, settings.provider(), Secrets.redact(e.getMessage()));
        }
    }

    // The spec and the user's labels and annotations: what updatePod carries. Status and identity do not count.
    private static boolean sameDesire(Pod a, Pod b) {
        return a.spec().equals(b.spec())
                && a.metadata().labels().equals(b.metadata().labels())
                && a.metadata().annotations().equals(b.metadata().annotations());
    }

    // A duplicate is the provider having the pod already (made before a restart or a swap): not an error.
    private void create(NamespacedName key, Pod wanted) {
        try {
            registry.call(settings.provider(), "createPod", settings.callDeadline(), p -> {
                p.createPod(wanted);
                return null;
            });
            LOG.info("Pod {} created on {} for node {}", key, settings.provider(), settings.nodeName());
        } catch (AlreadyExistsException has) {
            LOG.debug("Pod {} is on {} already", key, settings.provider());
        }
    }

    private void deleteFromProvider(NamespacedName key) {
        try {
            registry.call(settings.provider(), "deletePod", settings.callDeadline(), p -> {
                p.deletePod(key.namespace(), key.name());
                return null;
            });
            LOG.info("Pod {} deleted from {}", key, settings.provider());
        } catch (NotFoundException gone) {
            if (!registry.exists(settings.provider())) {
                LOG.info("Pod {} waits for provider {} to be deleted", key, settings.provider());
                return;
            }
        }
        sent.remove(key);
        statuses.forget(key);
    }

    // Once the provider has deleted the pod, the object goes from the API server, as a kubelet removes it.
    private void removeFromServer(NamespacedName key) {
        if (sent.containsKey(key)) {
            return; // the provider did not confirm the delete
        }
        try {
            cluster.call(
                    new ClusterAction("delete", "pods", key.namespace(), key.name()),
                    () -> cluster.fabric8()
                            .pods()
                            .inNamespace(key.namespace())
                            .withName(key.name())
                            .withGracePeriod(0)
                            .delete());
        } catch (NotFoundException gone) {
            // someone else removed it
        }
    }

    private void reconcile() {
        var i = informer;
        if (i == null || !i.hasSynced() || !registry.exists(settings.provider())) {
            return; // not yet: the informer's first list, or the provider's return, reconciles again
        }
        List<Pod> provided;
        try {
            provided = registry.call(settings.provider(), "getPods", settings.callDeadline(), p -> p.getPods());
        } catch (OrchardException e) {
            provided = null; // its pods are unknown: each create then tells, and nothing is deleted this time
            LOG.info(
                    "Reconcile of node {} cannot list the pods of provider {}: {}",
                    settings.nodeName(),
                    settings.provider(),
                    Secrets.redact(e.getMessage()));
        }
        Set<NamespacedName> has = provided == null ? null : new HashSet<>();
        if (provided != null) {
            provided.forEach(p -> has.add(new NamespacedName(p.namespace(), p.name())));
        }
        Set<NamespacedName> inCluster = new HashSet<>();
        for (var pod : i.getIndexer().list()) {
            NamespacedName key = PodTranslation.key(pod);
            inCluster.add(key);
            sent.remove(key); // judged afresh against what the provider has
            sync(key, has);
        }
        reconciled = true;
        if (provided == null) {
            return;
        }
        for (Pod p : provided) {
            NamespacedName key = new NamespacedName(p.namespace(), p.name());
            if (settings.nodeName().equals(p.metadata().labels().get(PodTranslation.NODE_LABEL))
                    && !inCluster.contains(key)) {
                LOG.info("Pod {} is on {} but no longer in the cluster: deleting it", key, settings.provider());
                deleteFromProvider(key);
            }
        }
    }

    /** Stops the informer; the worker is the bridge's to stop. */
    @Override
    public void close() {
        var i = informer;
        if (i != null) {
            i.close();
        }
    }
}
