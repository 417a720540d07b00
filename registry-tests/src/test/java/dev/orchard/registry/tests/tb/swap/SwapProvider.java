package dev.orchard.registry.tests.tb.swap;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.StatsSummary;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.osgi.framework.BundleContext;

/**
 * A test provider of both kinds. Its label is its bundle's version, so a test can tell which bundle served a
 * call; its region is "active" until it is deactivated, so a test can tell whether a call reached a provider
 * after it was released.
 */
public abstract class SwapProvider implements Orchestrator, PodProvider {
    private volatile String label = "";
    private volatile boolean active;

    protected void start(BundleContext context) {
        label = context.getBundle().getVersion().toString();
        active = true;
    }

    protected void stop() {
        active = false;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public String name() {
        return "swap";
    }

    @Override
    public String region() {
        return active ? "active" : "deactivated";
    }

    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.empty();
    }

    @Override
    public void createPod(Pod pod) {
        throw new UnsupportedException("test provider runs no pods");
    }

    @Override
    public void updatePod(Pod pod) {
        throw new NotFoundException("no pod " + pod.name());
    }

    @Override
    public void deletePod(String namespace, String name) {
        throw new NotFoundException("no pod " + name);
    }

    @Override
    public Pod getPod(String namespace, String name) {
        throw new NotFoundException("no pod " + name);
    }

    @Override
    public PodStatus getPodStatus(String namespace, String name) {
        throw new NotFoundException("no pod " + name);
    }

    @Override
    public List<Pod> getPods() {
        return List.of();
    }

    @Override
    public StatsSummary getStatsSummary() {
        return new StatsSummary("swap", Instant.now(), 0, 0, List.of());
    }

    @Override
    public InputStream getContainerLogs(String namespace, String podName, String containerName, LogOptions options) {
        throw new NotFoundException("no pod " + podName);
    }

    @Override
    public int runInContainer(String namespace, String podName, String containerName, List<String> command, ExecIO io) {
        throw new NotFoundException("no pod " + podName);
    }

    @Override
    public Node configureNode(Node node) {
        return node;
    }
}
