package dev.orchard.http.tests;

import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.StatsSummary;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A pod provider whose followed logs never end: a line every 20 ms until the stream is closed, which it records,
 * so that a test sees a follow end when its client goes. Without follow a log is three lines. It also records the
 * options of the last log call.
 */
final class StreamingPods implements PodProvider {
    final CountDownLatch closed = new CountDownLatch(1);
    final AtomicReference<LogOptions> lastOptions = new AtomicReference<>();

    @Override
    public InputStream getContainerLogs(String namespace, String podName, String containerName, LogOptions options) {
        lastOptions.set(options);
        int lines = options.follow() ? Integer.MAX_VALUE : 3;
        return new InputStream() {
            private byte[] line = new byte[0];
            private int at;
            private int count;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (closed.getCount() == 0 || (at == line.length && count == lines)) {
                    return -1;
                }
                if (at == line.length) {
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IOException("interrupted", e);
                    }
                    line = ("line " + count++ + "\n").getBytes(StandardCharsets.UTF_8);
                    at = 0;
                }
                int n = Math.min(len, line.length - at);
                System.arraycopy(line, at, b, off, n);
                at += n;
                return n;
            }

            @Override
            public void close() {
                closed.countDown();
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
