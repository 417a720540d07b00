package dev.orchard.registry.tests;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.StatsSummary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A pod provider for the shell tests: it keeps created pods and answers an exec by printing where it ran and the
 * words it got, so a test sees how the shell split a command line. {@code exit <n>} exits with n.
 */
final class EchoPods implements PodProvider {
    private final Map<String, Pod> pods = new ConcurrentHashMap<>();

    /** The pod created as namespace/name, or null. */
    Pod pod(String namespace, String name) {
        return pods.get(namespace + "/" + name);
    }

    @Override
    public void createPod(Pod pod) {
        pods.put(pod.namespace() + "/" + pod.name(), pod);
    }

    @Override
    public void updatePod(Pod pod) {
        createPod(pod);
    }

    @Override
    public void deletePod(String namespace, String name) {
        pods.remove(namespace + "/" + name);
    }

    @Override
    public Pod getPod(String namespace, String name) {
        Pod pod = pod(namespace, name);
        if (pod == null) {
            throw new NotFoundException("pod " + namespace + "/" + name + " not found");
        }
        return pod;
    }

    @Override
    public PodStatus getPodStatus(String namespace, String name) {
        getPod(namespace, name);
        return PodStatus.NONE.withPhase(PodPhase.RUNNING);
    }

    @Override
    public List<Pod> getPods() {
        return List.copyOf(pods.values());
    }

    @Override
    public StatsSummary getStatsSummary() {
        throw new UnsupportedException("EchoPods has no stats");
    }

    @Override
    public InputStream getContainerLogs(String namespace, String podName, String containerName, LogOptions options) {
        throw new UnsupportedException("EchoPods has no logs");
    }

    @Override
    public int runInContainer(String namespace, String podName, String containerName, List<String> command, ExecIO io) {
        String line = namespace + "/" + podName + "/" + containerName + ": " + String.join(" ", command) + "\n";
        try {
            io.stdout().write(line.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return command.size() == 2 && command.get(0).equals("exit") ? Integer.parseInt(command.get(1)) : 0;
    }

    @Override
    public Node configureNode(Node node) {
        return node;
    }
}
