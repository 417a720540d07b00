package dev.orchard.kubelet.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchard.api.pod.StatsSummary;
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

    private final transient NodeProvider node;

    /**
     * Creates the endpoint.
     *
     * @param node the bridge's provider and node
     */
    public StatsServlet(NodeProvider node) {
        this.node = node;
    }

    @Override
    protected void serve(HttpServletRequest request, HttpServletResponse response, List<String> segments)
            throws IOException {
        require(segments, "summary");
        StatsSummary summary = node.call("getStatsSummary", p -> p.getStatsSummary());
        byte[] body = JSON.writeValueAsBytes(SummaryJson.of(JSON, node.node(), summary));
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType("application/json");
        response.getOutputStream().write(body);
    }
}
