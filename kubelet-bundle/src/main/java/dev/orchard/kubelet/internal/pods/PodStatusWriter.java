package dev.orchard.kubelet.internal.pods;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.provider.kubernetes.cluster.ClusterAction;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.kubernetes.mapping.PodStatusReading;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes pod statuses into the API server through the status subresource, only when they changed, and never one
 * that goes back: a status whose phase is behind the one the server holds (Running back to Pending, say, from a
 * provider that just took over and has not caught up yet) is held back.
 */
final class PodStatusWriter {
    private static final Logger LOG = LoggerFactory.getLogger(PodStatusWriter.class);

    private final ClusterClient cluster;
    private final Function<NamespacedName, io.fabric8.kubernetes.api.model.Pod> cache;
    private final Map<NamespacedName, PodStatus> written = new ConcurrentHashMap<>();

    PodStatusWriter(ClusterClient cluster, Function<NamespacedName, io.fabric8.kubernetes.api.model.Pod> cache) {
        this.cluster = cluster;
        this.cache = cache;
    }

    /**
     * Writes a pod's status if it changed and does not go back.
     *
     * @param key the pod
     * @param status what the provider reports
     */
    void write(NamespacedName key, PodStatus status) {
        if (status.equals(written.get(key))) {
            return;
        }
        var pod = cache.apply(key);
        if (pod == null || pod.getMetadata().getDeletionTimestamp() != null) {
            return; // gone, or going: its status no longer matters
        }
        PodPhase now = PodStatusReading.phase(
                pod.getStatus() == null ? null : pod.getStatus().getPhase());
        if (rank(status.phase()) < rank(now)) {
            LOG.debug("Held back status {} of pod {}: the server has {}", status.phase(), key, now);
            return;
        }
        var k8s = PodTranslation.toKubernetes(status);
        try {
            cluster.call(
                    new ClusterAction("update status of", "pods", key.namespace(), key.name()),
                    () -> cluster.fabric8()
                            .pods()
                            .inNamespace(key.namespace())
                            .withName(key.name())
                            .editStatus(p -> {
                                p.setStatus(k8s);
                                return p;
                            }));
            written.put(key, status);
            LOG.debug("Status of pod {} written: {}", key, status.phase());
        } catch (NotFoundException gone) {
            written.remove(key);
        } catch (OrchardException e) {
            LOG.info("Status of pod {} not written, tried again at the next change or poll: {}", key, e.getMessage());
        }
    }

    /**
     * Writes a pod Failed because the provider cannot run it, as a kubelet reports a pod it rejects.
     *
     * @param key the pod
     * @param reason a CamelCase reason
     * @param message why, for a person
     */
    void failed(NamespacedName key, String reason, String message) {
        LOG.warn("Pod {} cannot run: {}", key, message);
        write(key, new PodStatus(PodPhase.FAILED, reason, message, "", "", null, java.util.List.of()));
    }

    /**
     * Forgets a pod that is gone.
     *
     * @param key the pod
     */
    void forget(NamespacedName key) {
        written.remove(key);
    }

    // The order phases go in; Unknown goes nowhere, so it never holds a status back nor is held back.
    private static int rank(PodPhase phase) {
        return switch (phase) {
            case PENDING -> 1;
            case RUNNING -> 2;
            case SUCCEEDED, FAILED -> 3;
            case UNKNOWN -> 0;
        };
    }
}
