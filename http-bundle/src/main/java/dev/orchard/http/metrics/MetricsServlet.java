package dev.orchard.http.metrics;

import dev.orchard.http.binding.TokenState;
import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.ExpositionFormats;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Serves {@value #PATH}: checks the bearer token as the API does, scrapes the Prometheus registry and writes it in
 * the format the scraper accepts (the Prometheus text format unless it asks for another the client can write).
 */
public final class MetricsServlet extends HttpServlet {
    /** The path the metrics are served at. */
    public static final String PATH = "/metrics";

    private static final long serialVersionUID = 1L;

    private final transient PrometheusRegistry registry;
    private final transient ExpositionFormats formats = ExpositionFormats.init();
    // Replaced in place on a configuration change, as the API servlets' access is.
    private transient volatile TokenState token = TokenState.NONE;
    private transient volatile String failure = "the metrics are not configured yet";

    /**
     * Creates the servlet; it answers 503 until {@link #serve}.
     *
     * @param registry what it scrapes
     */
    public MetricsServlet(PrometheusRegistry registry) {
        this.registry = registry;
    }

    /**
     * Serves, with the token every request must send, if one is configured.
     *
     * @param newToken the API's token state
     */
    public void serve(TokenState newToken) {
        token = newToken;
        failure = null;
    }

    /**
     * Answers every request 503 with a reason, as the API does for a configuration that cannot be used.
     *
     * @param reason what is wrong with the configuration
     */
    public void fail(String reason) {
        failure = reason;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String failed = failure;
        if (failed != null) {
            text(response, 503, failed);
            return;
        }
        if (!token.admits(request.getHeader("Authorization"))) {
            response.setHeader("WWW-Authenticate", "Bearer realm=\"orchard\"");
            text(response, 401, "the metrics need the header Authorization: Bearer <token>");
            return;
        }
        ExpositionFormatWriter writer = formats.findWriter(request.getHeader("Accept"));
        response.setStatus(200);
        response.setContentType(writer.getContentType());
        try (OutputStream out = response.getOutputStream()) {
            writer.write(out, registry.scrape());
        }
    }

    private static void text(HttpServletResponse response, int status, String message) throws IOException {
        response.setStatus(status);
        response.setContentType("text/plain;charset=utf-8");
        try (OutputStream out = response.getOutputStream()) {
            out.write(message.getBytes(StandardCharsets.UTF_8));
        }
    }
}
