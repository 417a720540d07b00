package dev.orchard.kubelet.internal;

import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodNotifier;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.StatsSummary;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A pod provider registration over another provider's pods, counting the creates and deletes that reach it: two of
 * them over one provider are the same pods served by a bundle and by its replacement.
 */
final class CountingPods implements PodProvider, PodNotifier {
    final AtomicInteger creates = new AtomicInteger();
    final AtomicInteger deletes = new AtomicInteger();
    private final PodProvider pods;

    CountingPods(PodProvider pods) {
        this.pods = pods;
    }

    @Override
    public void notifyPods(Consumer<Pod> callback) {
        ((PodNotifier) pods).notifyPods(callback);
    }

    @Override
    public void createPod(Pod pod) {
        creates.incrementAndGet();
        pods.createPod(pod);
    }

    @Override
    public void updatePod(Pod pod) {
        pods.updatePod(pod);
    }

    @Override
    public void deletePod(String namespace, String name) {
        deletes.incrementAndGet();
        pods.deletePod(namespace, name);
    }

    @Override
    public Pod getPod(String namespace, String name) {
        return pods.getPod(namespace, name);
    }

    @Override
    public PodStatus getPodStatus(String namespace, String name) {
        return pods.getPodStatus(namespace, name);
    }

    @Override
    public List<Pod> getPods() {
        return pods.getPods();
    }

    @Override
    public StatsSummary getStatsSummary() {
        return pods.getStatsSummary();
    }

    @Override
    public InputStream getContainerLogs(String namespace, String pod, String container, LogOptions options) {
        return pods.getContainerLogs(namespace, pod, container, options);
    }

    @Override
    public int runInContainer(String namespace, String pod, String container, List<String> cmd, ExecIO io) {
        return pods.runInContainer(namespace, pod, container, cmd, io);
    }

    @Override
    public Node configureNode(Node node) {
        return pods.configureNode(node);
    }
}
