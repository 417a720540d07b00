package dev.orchard.kubelet.tests;

import dev.orchard.api.error.UnsupportedException;
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
 * A pod provider whose logs (followed or not) and exec commands last until their client goes: a log's read waits,
 * writing nothing, until its stream is closed or its thread interrupted (a huge or slow log); a command waits until
 * its thread is interrupted. It counts what is open now and what was ever opened, so a test sees each given back.
 */
final class HoldingPods implements PodProvider {
    final AtomicInteger logsOpen = new AtomicInteger();
    final AtomicInteger logsOpened = new AtomicInteger();
    final AtomicInteger execsRunning = new AtomicInteger();
    final AtomicInteger execsStarted = new AtomicInteger();

    @Override
    public InputStream getContainerLogs(String namespace, String podName, String containerName, LogOptions options) {
        logsOpen.incrementAndGet();
        logsOpened.incrementAndGet();
        CountDownLatch closed = new CountDownLatch(1);
        return new InputStream() {
            @Override
            public int read() throws InterruptedIOException {
                return read(new byte[1], 0, 1);
            }

            @Override
            public int read(byte[] b, int off, int len) throws InterruptedIOException {
                try {
                    closed.await();
                    return -1;
                } catch (InterruptedException e) {
                    throw new InterruptedIOException("the log read was interrupted");
                }
            }

            @Override
            public void close() {
                if (closed.getCount() > 0) {
                    closed.countDown();
                    logsOpen.decrementAndGet();
                }
            }
        };
    }

    @Override
    public int runInContainer(String namespace, String podName, String containerName, List<String> command, ExecIO io) {
        execsRunning.incrementAndGet();
        execsStarted.incrementAndGet();
        try {
            new CountDownLatch(1).await();
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 137;
        } finally {
            execsRunning.decrementAndGet();
        }
    }

    @Override
    public void createPod(Pod pod) {
        throw new UnsupportedException("this test provider runs no pods");
    }

    @Override
    public void updatePod(Pod pod) {
        throw new UnsupportedException("this test provider runs no pods");
    }

    @Override
    public void deletePod(String namespace, String name) {
        throw new UnsupportedException("this test provider runs no pods");
    }

    @Override
    public Pod getPod(String namespace, String name) {
        throw new UnsupportedException("this test provider runs no pods");
    }

    @Override
    public PodStatus getPodStatus(String namespace, String name) {
        throw new UnsupportedException("this test provider runs no pods");
    }

    @Override
    public List<Pod> getPods() {
        return List.of();
    }

    @Override
    public StatsSummary getStatsSummary() {
        throw new UnsupportedException("this test provider keeps no stats");
    }

    @Override
    public Node configureNode(Node node) {
        return node;
    }
}
