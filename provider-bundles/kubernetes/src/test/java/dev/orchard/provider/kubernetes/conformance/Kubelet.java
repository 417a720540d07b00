package dev.orchard.provider.kubernetes.conformance;

import dev.orchard.provider.kubernetes.internal.ApiServer;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * What a target cluster's node and kubelet do, played on a mock API server that has neither: one Ready node with
 * capacity, and every new pod written Running with a ready status per container, as a kubelet reports it.
 */
final class Kubelet implements AutoCloseable {
    private final ApiServer api;
    private final ExecutorService writer = Executors.newSingleThreadExecutor();
    private final SharedIndexInformer<Pod> informer;

    /**
     * Registers the node and starts running the pods that appear.
     *
     * @param api the mock server
     */
    Kubelet(ApiServer api) {
        this.api = api;
        KubernetesClient client = api.client();
        client.nodes().resource(node()).create();
        informer = client.pods().inAnyNamespace().inform(new ResourceEventHandler<>() {
            @Override
            public void onAdd(Pod pod) {
                writer.execute(() -> run(pod));
            }

            @Override
            public void onUpdate(Pod before, Pod after) {
                writer.execute(() -> run(after));
            }

            @Override
            public void onDelete(Pod pod, boolean finalStateUnknown) {
                // a deleted pod needs no kubelet
            }
        });
    }

    private static Node node() {
        Map<String, Quantity> capacity =
                Map.of("cpu", new Quantity("4"), "memory", new Quantity("8Gi"), "pods", new Quantity("110"));
        return new NodeBuilder()
                .withNewMetadata()
                .withName("node-1")
                .withLabels(Map.of("topology.kubernetes.io/region", "eu-west-1"))
                .endMetadata()
                .withNewStatus()
                .withCapacity(capacity)
                .withAllocatable(capacity)
                .addNewCondition()
                .withType("Ready")
                .withStatus("True")
                .endCondition()
                .endStatus()
                .build();
    }

    private void run(Pod pod) {
        if (pod.getStatus() != null && "Running".equals(pod.getStatus().getPhase())) {
            return;
        }
        try {
            api.running(pod, Instant.now().toString());
        } catch (KubernetesClientException deletedMeanwhile) {
            // the pod went away before its kubelet reported on it
        }
    }

    @Override
    public void close() throws InterruptedException {
        informer.close();
        writer.shutdownNow();
        writer.awaitTermination(5, TimeUnit.SECONDS);
    }
}
