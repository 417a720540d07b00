package dev.orchard.kubelet.internal.pods;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.naming.Secrets;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.provider.kubernetes.cluster.ClusterAction;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.kubernetes.mapping.PodStatusReading;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes pod statuses into the API server through the status subresource, only when they changed, and never one
 * that goes back: a status whose phase is behind the one the server holds (Running back to Pending, say, from a
 * provider that just took over and has not caught up yet) is held back.
 *
 * <p>A write is one request: a JSON patch that replaces the status whole, with no GET before it. The informer's
 * cache already holds what a GET would fetch, and a status write never was conditional on the pod's
 * resourceVersion (fabric8's {@code editStatus} drops it from its patch too): the phase rule above, judged on the
 * cache, is what keeps a status from going back. The first status of a pod since the bridge started is compared
 * with the cache's first, so that a restarted bridge does not rewrite what the server already reads.
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
        var serialization = cluster.fabric8().getKubernetesSerialization();
        String k8s = serialization.asJson(PodTranslation.toKubernetes(status));
        // Only before this bridge's own first write: after it, the cache may lag behind what was written.
        if (!written.containsKey(key) && pod.getStatus() != null && k8s.equals(serialization.asJson(pod.getStatus()))) {
            written.put(key, status);
            LOG.debug("Status of pod {} already in the server: {}", key, status.phase());
            return;
        }
        try {
            cluster.call(
                    new ClusterAction("update status of", "pods", key.namespace(), key.name()),
                    () -> cluster.fabric8()
                            .pods()
                            .inNamespace(key.namespace())
                            .resource(named(key)) // given an item, fabric8 takes the URL from it, not from a GET
                            .subresource("status")
                            .patch(PatchContext.of(PatchType.JSON), replaceStatus(k8s)));
            written.put(key, status);
            LOG.debug("Status of pod {} written: {}", key, status.phase());
        } catch (NotFoundException gone) {
            written.remove(key);
        } catch (OrchardException e) {
            LOG.info(
                    "Status of pod {} not written, tried again at the next change or poll: {}",
                    key,
                    Secrets.redact(e.getMessage()));
        }
    }

    // A pod with nothing but its name, which is all a patch's URL needs.
    private static io.fabric8.kubernetes.api.model.Pod named(NamespacedName key) {
        return new PodBuilder()
                .withNewMetadata()
                .withNamespace(key.namespace())
                .withName(key.name())
                .endMetadata()
                .build();
    }

    // RFC 6902: "add" of a member that exists replaces it, so the status is replaced whole, any field the new one
    // lacks (a reason, a message) removed; the API server applies it to the status subresource only.
    private static String replaceStatus(String statusJson) {
        return "[{\"op\":\"add\",\"path\":\"/status\",\"value\":" + statusJson + "}]";
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
