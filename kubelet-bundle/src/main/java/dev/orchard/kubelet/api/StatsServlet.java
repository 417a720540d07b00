package dev.orchard.kubelet.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchard.api.pod.StatsSummary;
import dev.orchard.api.registry.PodProviderRegistry;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;

/**
 * {@code /stats/summary}: the provider's resource use in the kubelet's Summary shape ({@link SummaryJson}), under the
 * bridge's node name (the provider names its own node).
 */
public final class StatsServlet extends KubeletServlet {
    private static final long serialVersionUID = 1L;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final transient PodProviderRegistry pods;
    private final String provider;
    private final String node;

    /**
     * Creates the endpoint.
     *
     * @param pods the registry
     * @param provider the bridge's pod provider name
     * @param node the bridge's node name
     */
    public StatsServlet(PodProviderRegistry pods, String provider, String node) {
        this.pods = pods;
        this.provider = provider;
        this.node = node;
    }

    @Override
    protected void serve(HttpServletRequest request, HttpServletResponse response, List<String> segments)
            throws IOException {
        require(segments, "summary");
        StatsSummary summary = pods.call(provider, p -> p.getStatsSummary());
        byte[] body = JSON.writeValueAsBytes(SummaryJson.of(JSON, node, summary));
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType("application/json");
        response.getOutputStream().write(body);
    }
}
