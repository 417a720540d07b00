package dev.orchard.kubelet.api;

import dev.orchard.api.error.UnavailableException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;

/** {@code /healthz}: {@code ok} while a provider serves the bridge's name, else 503 saying which is missing. */
public final class HealthServlet extends KubeletServlet {
    private static final long serialVersionUID = 1L;

    private final transient NodeProvider node;

    /**
     * Creates the endpoint.
     *
     * @param node the bridge's provider and node
     */
    public HealthServlet(NodeProvider node) {
        this.node = node;
    }

    @Override
    protected void serve(HttpServletRequest request, HttpServletResponse response, List<String> segments)
            throws IOException {
        if (!node.served()) {
            throw new UnavailableException("no pod provider serves the name " + node.provider() + " in the registry");
        }
        text(response, HttpServletResponse.SC_OK, "ok");
    }
}
