package dev.orchard.provider.kubernetes.internal;

import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.kubernetes.cluster.ClusterSettings;
import dev.orchard.provider.kubernetes.internal.node.KubernetesNode;
import dev.orchard.provider.kubernetes.internal.pods.KubernetesPods;
import dev.orchard.provider.kubernetes.internal.volumes.KubernetesStorage;
import dev.orchard.provider.kubernetes.mapping.NamespaceMapping;
import dev.orchard.provider.kubernetes.mapping.OriginLabels;
import io.fabric8.kubernetes.api.model.Pod;
import java.time.Clock;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * A provider's pods over a mock API server, and what a cluster's kubelet would do to them: the fixture of the pod
 * tests. Namespace prefix {@code orchard-}, provider {@code k8s}.
 */
final class Cluster implements AutoCloseable {
    final ApiServer api;
    final ClusterClient client;
    final KubernetesNode node;
    final KubernetesPods pods;
    final KubernetesStorage storage;

    Cluster() {
        this(new ApiServer(), Duration.ofSeconds(5));
    }

    Cluster(ApiServer api, Duration timeout) {
        this(api, api.settings(timeout));
    }

    /** A provider that reaches the server as the settings say, e.g. through a proxy. */
    Cluster(ApiServer api, ClusterSettings settings) {
        this.api = api;
        this.client = new ClusterClient(settings);
        NamespaceMapping namespaces = new NamespaceMapping("orchard-");
        this.node = new KubernetesNode(client, namespaces, "k8s", Clock.systemUTC());
        OriginLabels origin = new OriginLabels("k8s");
        this.storage = new KubernetesStorage(client, namespaces, origin, "");
        this.pods = new KubernetesPods(client, namespaces, origin, node, storage, Clock.systemUTC());
    }

    /** The cluster's pod of an Orchard pod. */
    Pod clusterPod(String orchardNamespace, String name) {
        return api.client()
                .pods()
                .inNamespace("orchard-" + orchardNamespace)
                .withName(name)
                .get();
    }

    /** Writes the status a kubelet writes once every container runs. */
    void run(String orchardNamespace, String name) {
        api.running(clusterPod(orchardNamespace, name), "2024-05-01T12:00:00Z");
    }

    static void await(String what, BooleanSupplier condition) {
        await(what, Duration.ofSeconds(10), condition);
    }

    static void await(String what, Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what);
            }
        }
    }

    @Override
    public void close() {
        pods.close();
        client.close();
        api.close();
    }
}
