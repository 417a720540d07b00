package dev.orchard.provider.kubernetes.conformance;

import dev.orchard.provider.kubernetes.internal.ApiServer;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
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
 * capacity, and every new pod written Running with a ready status per container, as a kubelet reports it; a pod
 * whose command is under {@code /nonexistent/} is written Failed with StartError, as a kubelet reports a command
 * the image does not have.
 */
final class Kubelet implements AutoCloseable {
    // The folder of the conformance kit's command that does not exist: a pod of it cannot start.
    private static final String MISSING = "/nonexistent/";

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
        if (pod.getStatus() != null
                && ("Running".equals(pod.getStatus().getPhase())
                        || "Failed".equals(pod.getStatus().getPhase()))) {
            return;
        }
        try {
            if (pod.getSpec().getContainers().stream()
                    .anyMatch(c ->
                            !c.getCommand().isEmpty() && c.getCommand().get(0).startsWith(MISSING))) {
                cannotStart(pod, Instant.now().toString());
                return;
            }
            api.running(pod, Instant.now().toString());
        } catch (KubernetesClientException deletedMeanwhile) {
            // the pod went away before its kubelet reported on it
        }
    }

    // What a kubelet on containerd writes for a command that does not exist in the image: the pod Failed, its
    // container terminated with StartError, 128 and the runtime's words.
    private void cannotStart(Pod pod, String at) {
        PodStatusBuilder status = new PodStatusBuilder()
                .withPhase("Failed")
                .withHostIP("192.168.0.7")
                .withStartTime(at);
        for (var c : pod.getSpec().getContainers()) {
            status.addToContainerStatuses(new ContainerStatusBuilder()
                    .withName(c.getName())
                    .withImage(c.getImage())
                    .withReady(false)
                    .withRestartCount(0)
                    .withNewState()
                    .withNewTerminated()
                    .withExitCode(128)
                    .withReason("StartError")
                    .withMessage("failed to create containerd task: failed to create shim task: OCI runtime create"
                            + " failed: runc create failed: unable to start container process: exec: \""
                            + c.getCommand().get(0) + "\": stat "
                            + c.getCommand().get(0)
                            + ": no such file or directory: unknown")
                    .withStartedAt(at)
                    .withFinishedAt(at)
                    .endTerminated()
                    .endState()
                    .build());
        }
        pod.setStatus(status.build());
        api.client()
                .pods()
                .inNamespace(pod.getMetadata().getNamespace())
                .resource(pod)
                .updateStatus();
    }

    @Override
    public void close() throws InterruptedException {
        informer.close();
        writer.shutdownNow();
        writer.awaitTermination(5, TimeUnit.SECONDS);
    }
}
