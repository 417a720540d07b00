package dev.orchard.runtime.hang;

import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.StatsSummary;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * A pod provider that hangs: every call waits until the provider is released (its bundle stops), and ignores
 * interrupts meanwhile, as a provider stuck in a system call or a lost lock does. Packed into a bundle by
 * {@code HungProviderIT}; not part of any runtime.
 */
public final class HangProvider implements PodProvider {
    private final CountDownLatch released = new CountDownLatch(1);

    /** Lets every call that waits, and every later one, return. */
    void release() {
        released.countDown();
    }

    private <T> T hang(T result) {
        boolean interrupted = false;
        while (true) {
            try {
                released.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // deaf to it, as a hung provider is
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return result;
    }

    @Override
    public void createPod(Pod pod) {
        hang(null);
    }

    @Override
    public void updatePod(Pod pod) {
        hang(null);
    }

    @Override
    public void deletePod(String namespace, String name) {
        hang(null);
    }

    @Override
    public Pod getPod(String namespace, String name) {
        return hang(null);
    }

    @Override
    public PodStatus getPodStatus(String namespace, String name) {
        return hang(null);
    }

    @Override
    public List<Pod> getPods() {
        return hang(List.of());
    }

    @Override
    public StatsSummary getStatsSummary() {
        return hang(null);
    }

    @Override
    public InputStream getContainerLogs(String namespace, String podName, String containerName, LogOptions options) {
        return hang(InputStream.nullInputStream());
    }

    @Override
    public int runInContainer(String namespace, String podName, String containerName, List<String> command, ExecIO io) {
        return hang(0);
    }

    @Override
    public Node configureNode(Node node) {
        return hang(node);
    }
}
