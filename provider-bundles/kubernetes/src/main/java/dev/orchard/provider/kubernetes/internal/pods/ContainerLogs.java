package dev.orchard.provider.kubernetes.internal.pods;

import dev.orchard.api.pod.LogOptions;
import dev.orchard.provider.kubernetes.cluster.ClusterAction;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.internal.OperationSupport;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A container's log through the pods/log API, with every {@link LogOptions} field as its query parameter
 * ({@code tailLines}, {@code limitBytes}, {@code timestamps}, {@code follow}, {@code previous},
 * {@code sinceSeconds}, {@code sinceTime}), streamed as the API server sends it.
 */
final class ContainerLogs {
    private final ClusterClient cluster;

    /**
     * Creates the log reader of a connection.
     *
     * @param cluster the connection
     */
    ContainerLogs(ClusterClient cluster) {
        this.cluster = cluster;
    }

    /**
     * The query of the pods/log API for a container and options.
     *
     * @param container the container
     * @param o the options
     * @return the query, without '?'
     */
    static String query(String container, LogOptions o) {
        StringBuilder q = new StringBuilder("container=").append(encode(container));
        o.tail().ifPresent(n -> q.append("&tailLines=").append(n));
        o.limitBytes().ifPresent(n -> q.append("&limitBytes=").append(n));
        if (o.timestamps()) {
            q.append("&timestamps=true");
        }
        if (o.follow()) {
            q.append("&follow=true");
        }
        if (o.previous()) {
            q.append("&previous=true");
        }
        o.sinceSeconds().ifPresent(n -> q.append("&sinceSeconds=").append(n));
        o.sinceTime().ifPresent(t -> q.append("&sinceTime=").append(encode(DateTimeFormatter.ISO_INSTANT.format(t))));
        return q.toString();
    }

    /**
     * Opens a container's log.
     *
     * @param clusterNamespace the pod's cluster namespace
     * @param pod the pod's name
     * @param container the container's name
     * @param options which part of the log
     * @return the log; the caller closes it
     */
    InputStream open(String clusterNamespace, String pod, String container, LogOptions options) {
        ClusterAction action = new ClusterAction("get", "pods/log", clusterNamespace, pod);
        String url = cluster.fabric8().getMasterUrl().toString().replaceAll("/+$", "") + "/api/v1/namespaces/"
                + clusterNamespace + "/pods/" + pod + "/log?" + query(container, options);
        return cluster.call(action, () -> {
            HttpClient http = cluster.fabric8().getHttpClient();
            HttpRequest.Builder request = http.newHttpRequestBuilder().uri(url);
            if (options.follow()) {
                request.forStreaming(); // no time limit on a followed stream, only on its start
            }
            HttpResponse<InputStream> response = send(http, request.build());
            if (!response.isSuccessful()) {
                try (InputStream body = response.body()) {
                    throw new KubernetesClientException(OperationSupport.createStatus(
                            response, cluster.fabric8().getKubernetesSerialization()));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return response.body();
        });
    }

    private HttpResponse<InputStream> send(HttpClient http, HttpRequest request) {
        long timeout = cluster.settings().requestTimeout().toMillis();
        try {
            return http.sendAsync(request, InputStream.class).get(timeout, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new KubernetesClientException("the log request failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new KubernetesClientException("no answer within " + timeout + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KubernetesClientException("interrupted while waiting for the log", e);
        }
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
