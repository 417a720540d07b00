package dev.orchard.benchmarks;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The floor of the kubelet bridge's pod start: a bare fabric8 client that receives the same informer event (pods
 * bound to its node, by field selector), starts the first container's command with {@link ProcessBuilder} and
 * writes a Running status like the bridge's (phase, start time, host and pod IP, the four conditions, the
 * container running) through the status subresource, in one request as the bridge does (a JSON patch, no GET).
 * No provider, no registry, no translation.
 */
final class BareKubelet implements AutoCloseable {
    private final KubernetesClient client;
    private final SharedIndexInformer<Pod> informer;
    private final List<Process> processes = new CopyOnWriteArrayList<>();

    /**
     * Starts watching the node's pods.
     *
     * @param client its own client, which it closes
     * @param namespace the pods' namespace
     * @param node the node name the pods are bound to
     */
    BareKubelet(KubernetesClient client, String namespace, String node) {
        this.client = client;
        this.informer = client.pods()
                .inNamespace(namespace)
                .withField("spec.nodeName", node)
                .inform(new ResourceEventHandler<>() {
                    @Override
                    public void onAdd(Pod pod) {
                        start(pod);
                    }

                    @Override
                    public void onUpdate(Pod old, Pod now) {
                        // only the first sight of a pod starts it
                    }

                    @Override
                    public void onDelete(Pod pod, boolean finalStateUnknown) {
                        // the processes end with the run
                    }
                });
    }

    private void start(Pod pod) {
        Container container = pod.getSpec().getContainers().get(0);
        try {
            processes.add(new ProcessBuilder(container.getCommand())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + container.getCommand(), e);
        }
        PodStatus status = running(container.getName(), Instant.now().toString());
        // One request, as the bridge writes a status: a JSON patch replacing the status, no GET before it (fabric8
        // reads the URL from the item it is given; a pod with only its name costs the least to copy).
        Pod named = new PodBuilder()
                .withNewMetadata()
                .withNamespace(pod.getMetadata().getNamespace())
                .withName(pod.getMetadata().getName())
                .endMetadata()
                .build();
        String patch = "[{\"op\":\"add\",\"path\":\"/status\",\"value\":"
                + client.getKubernetesSerialization().asJson(status) + "}]";
        client.pods()
                .inNamespace(pod.getMetadata().getNamespace())
                .resource(named)
                .subresource("status")
                .patch(PatchContext.of(PatchType.JSON), patch);
    }

    private static PodStatus running(String container, String now) {
        PodStatusBuilder b = new PodStatusBuilder()
                .withPhase("Running")
                .withHostIP("127.0.0.1")
                .withPodIP("127.0.0.1")
                .withStartTime(now);
        for (String type : List.of("PodScheduled", "Initialized", "ContainersReady", "Ready")) {
            b.addNewCondition()
                    .withType(type)
                    .withStatus("True")
                    .withLastTransitionTime(now)
                    .endCondition();
        }
        return b.addNewContainerStatus()
                .withName(container)
                .withReady(true)
                .withRestartCount(0)
                .withNewState()
                .withNewRunning()
                .withStartedAt(now)
                .endRunning()
                .endState()
                .endContainerStatus()
                .build();
    }

    /** Stops watching, ends the processes it started and closes its client. */
    @Override
    public void close() {
        informer.close();
        processes.forEach(Process::destroy);
        client.close();
    }
}
