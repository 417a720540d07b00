package dev.orchard.kubelet.api;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.registry.PodProviderRegistry;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;

/** {@code /healthz}: {@code ok} while a provider serves the bridge's name, else 503 saying which is missing. */
public final class HealthServlet extends KubeletServlet {
    private static final long serialVersionUID = 1L;

    private final transient PodProviderRegistry pods;
    private final String provider;

    /**
     * Creates the endpoint.
     *
     * @param pods the registry
     * @param provider the bridge's pod provider name
     */
    public HealthServlet(PodProviderRegistry pods, String provider) {
        this.pods = pods;
        this.provider = provider;
    }

    @Override
    protected void serve(HttpServletRequest request, HttpServletResponse response, List<String> segments)
            throws IOException {
        if (!pods.exists(provider)) {
            throw new UnavailableException("no pod provider serves the name " + provider + " in the registry");
        }
        text(response, HttpServletResponse.SC_OK, "ok");
    }
}
