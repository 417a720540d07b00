package dev.orchard.kubelet.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.kubelet.internal.pods.PodReport;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;

/**
 * {@code /pods}: a PodList of the node's pods as the provider reports them (not as the API server knows them: this
 * is what runs), through {@link PodReport}.
 */
public final class PodsServlet extends KubeletServlet {
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
    public PodsServlet(PodProviderRegistry pods, String provider, String node) {
        this.pods = pods;
        this.provider = provider;
        this.node = node;
    }

    @Override
    protected void serve(HttpServletRequest request, HttpServletResponse response, List<String> segments)
            throws IOException {
        List<io.fabric8.kubernetes.api.model.Pod> items = PodReport.of(pods.call(provider, p -> p.getPods()), node);
        ObjectNode list = JSON.createObjectNode();
        list.put("kind", "PodList");
        list.put("apiVersion", "v1");
        list.putObject("metadata");
        list.set("items", JSON.valueToTree(items));
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType("application/json");
        response.getOutputStream().write(JSON.writeValueAsBytes(list));
    }
}
