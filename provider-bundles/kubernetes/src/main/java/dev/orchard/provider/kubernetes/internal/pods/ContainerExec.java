package dev.orchard.provider.kubernetes.internal.pods;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.provider.kubernetes.cluster.ClusterAction;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import io.fabric8.kubernetes.client.dsl.ContainerResource;
import io.fabric8.kubernetes.client.dsl.ExecWatch;
import io.fabric8.kubernetes.client.dsl.TtyExecErrorChannelable;
import io.fabric8.kubernetes.client.dsl.TtyExecErrorable;
import io.fabric8.kubernetes.client.dsl.TtyExecOutputErrorable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * A command run in a container over the exec API (a WebSocket to the API server): stdin, stdout, stderr, a tty and
 * its resizes, and the command's exit code from the error channel.
 */
final class ContainerExec {
    private final ClusterClient cluster;

    /**
     * Creates the exec of a connection.
     *
     * @param cluster the connection
     */
    ContainerExec(ClusterClient cluster) {
        this.cluster = cluster;
    }

    /**
     * Runs a command and waits for it to exit.
     *
     * @param clusterNamespace the pod's cluster namespace
     * @param pod the pod's name
     * @param container the container's name
     * @param command the command and its arguments; not empty
     * @param io the streams
     * @return the command's exit code
     */
    int run(String clusterNamespace, String pod, String container, List<String> command, ExecIO io) {
        ClusterAction action = new ClusterAction("create", "pods/exec", clusterNamespace, pod);
        ExecWatch watch = cluster.call(action, () -> {
            ContainerResource target = cluster.fabric8()
                    .pods()
                    .inNamespace(clusterNamespace)
                    .withName(pod)
                    .inContainer(container);
            TtyExecOutputErrorable in = io.stdin().isPresent() ? target.redirectingInput() : target;
            TtyExecErrorable out = in.writingOutput(io.stdout());
            TtyExecErrorChannelable err =
                    io.tty() ? out : out.writingError(io.stderr().orElse(io.stdout()));
            return (io.tty() ? err.withTTY() : err).exec(command.toArray(new String[0]));
        });
        try (watch) {
            io.onResize(size -> watch.resize(size.width(), size.height()));
            io.stdin().ifPresent(stdin -> pump(stdin, watch.getInput(), pod));
            return cluster.call(action, () -> {
                try {
                    return watch.exitCode().get();
                } catch (ExecutionException e) {
                    throw new UnavailableException(
                            "the exec connection to pod " + pod + " broke before the command exited: " + e.getCause(),
                            e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new UnavailableException("interrupted while waiting for the command in pod " + pod, e);
                }
            });
        }
    }

    // Copies the caller's input to the command on a thread of its own, and closes it at the end, which the command
    // sees as end of input.
    private static void pump(InputStream from, OutputStream to, String pod) {
        Thread t = new Thread(
                () -> {
                    try (to) {
                        from.transferTo(to);
                    } catch (IOException e) {
                        // the command exited, or the connection closed: nothing more to send
                    }
                },
                "orchard-kubernetes-exec-stdin-" + pod);
        t.setDaemon(true);
        t.start();
    }
}
