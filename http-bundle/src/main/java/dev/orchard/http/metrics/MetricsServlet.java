package dev.orchard.http.metrics;

import dev.orchard.http.binding.HttpAuthority;
import dev.orchard.http.binding.Refusal;
import dev.orchard.http.binding.Surface;
import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.ExpositionFormats;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;

/**
 * Serves {@value #PATH}: has each request checked by Orchard's HTTP authority as the API does (the bearer token, and
 * the rules every request meets), scrapes the Prometheus registry and writes it in the format the scraper accepts
 * (the Prometheus text format unless it asks for another the client can write).
 */
public final class MetricsServlet extends HttpServlet {
    /** The path the metrics are served at. */
    public static final String PATH = "/metrics";

    private static final long serialVersionUID = 1L;

    private final transient PrometheusRegistry registry;
    private final transient HttpAuthority authority;
    private final transient ExpositionFormats formats = ExpositionFormats.init();

    /**
     * Creates the servlet.
     *
     * @param registry what it scrapes
     * @param authority what checks each request first
     */
    public MetricsServlet(PrometheusRegistry registry, HttpAuthority authority) {
        this.registry = registry;
        this.authority = authority;
    }

    // Every method is checked before anything answers it: OPTIONS reveals nothing without the token.
    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Optional<Refusal> refusal = authority.check(request, Surface.METRICS);
        if (refusal.isPresent()) {
            refusal.get().send(response);
            return;
        }
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            response.setHeader("Allow", "GET, HEAD");
            new Refusal(405, "INVALID_INPUT", method + " is not served at " + PATH + "; it serves GET", null)
                    .send(response);
            return;
        }
        ExpositionFormatWriter writer = formats.findWriter(request.getHeader("Accept"));
        response.setStatus(200);
        response.setContentType(writer.getContentType());
        if (method.equals("HEAD")) {
            return;
        }
        try (OutputStream out = response.getOutputStream()) {
            writer.write(out, registry.scrape());
        }
    }
}
