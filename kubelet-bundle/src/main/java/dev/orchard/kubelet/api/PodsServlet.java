package dev.orchard.kubelet.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

    private final transient NodeProvider node;

    /**
     * Creates the endpoint.
     *
     * @param node the bridge's provider and node
     */
    public PodsServlet(NodeProvider node) {
        this.node = node;
    }

    @Override
    protected void serve(HttpServletRequest request, HttpServletResponse response, List<String> segments)
            throws IOException {
        List<io.fabric8.kubernetes.api.model.Pod> items =
                PodReport.of(node.call("getPods", p -> p.getPods()), node.node());
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
