package dev.orchard.http.tests;

import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.StatsSummary;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A pod provider whose followed logs are quiet: a read waits, writing nothing, until its stream is closed. Container
 * {@code stubborn} waits through interrupts too, as a provider blocked in an uninterruptible read would. It counts
 * the follow streams open and those whose read is still waiting, so a test sees both given back.
 */
final class QuietPods implements PodProvider {
    final AtomicInteger open = new AtomicInteger();
    final AtomicInteger reading = new AtomicInteger();
    final AtomicInteger opened = new AtomicInteger();

    @Override
    public InputStream getContainerLogs(String namespace, String podName, String containerName, LogOptions options) {
        boolean stubborn = containerName.equals("stubborn");
        open.incrementAndGet();
        opened.incrementAndGet();
        CountDownLatch closed = new CountDownLatch(1);
        return new InputStream() {
            @Override
            public int read() throws InterruptedIOException {
                return read(new byte[1], 0, 1);
            }

            @Override
            public int read(byte[] b, int off, int len) throws InterruptedIOException {
                reading.incrementAndGet();
                try {
                    if (stubborn) {
                        boolean interrupted = false;
                        while (closed.getCount() > 0) {
                            try {
                                closed.await();
                            } catch (InterruptedException e) {
                                interrupted = true;
                            }
                        }
                        if (interrupted) {
                            Thread.currentThread().interrupt();
                        }
                        return -1;
                    }
                    closed.await();
                    return -1;
                } catch (InterruptedException e) {
                    throw new InterruptedIOException("the log read was interrupted");
                } finally {
                    reading.decrementAndGet();
                }
            }

            @Override
            public void close() {
                if (closed.getCount() > 0) {
                    closed.countDown();
                    open.decrementAndGet();
                }
            }
        };
    }

    @Override
    public void createPod(Pod pod) {
        throw TestProviders.unsupported("pods");
    }

    @Override
    public void updatePod(Pod pod) {
        throw TestProviders.unsupported("pods");
    }

    @Override
    public void deletePod(String namespace, String name) {
        throw TestProviders.unsupported("pods");
    }

    @Override
    public Pod getPod(String namespace, String name) {
        throw TestProviders.unsupported("pods");
    }

    @Override
    public PodStatus getPodStatus(String namespace, String name) {
        throw TestProviders.unsupported("pods");
    }

    @Override
    public List<Pod> getPods() {
        return List.of();
    }

    @Override
    public StatsSummary getStatsSummary() {
        throw TestProviders.unsupported("stats");
    }

    @Override
    public int runInContainer(String namespace, String podName, String containerName, List<String> command, ExecIO io) {
        throw TestProviders.unsupported("exec");
    }

    @Override
    public Node configureNode(Node node) {
        return node;
    }
}
