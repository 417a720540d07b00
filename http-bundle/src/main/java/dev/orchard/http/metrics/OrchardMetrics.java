package dev.orchard.http.metrics;

import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.http.binding.HttpAuthority;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Duration;

/**
 * Everything {@code /metrics} serves, in one Prometheus registry of its own (never the client's global default, so
 * that a restart of the bundle starts afresh): the registries' calls, drains and swaps, the inventory counted at
 * scrape, and the JVM's standard metrics.
 */
public final class OrchardMetrics implements AutoCloseable {
    /** How long a scrape waits for the providers' counts of volumes and pods. */
    public static final Duration SCRAPE_TIMEOUT = Duration.ofSeconds(2);

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final RegistryMetrics observer;
    private final InventoryCollector inventory;
    private final MetricsServlet servlet;

    /**
     * Builds the metrics.
     *
     * @param orchestrators the orchestrator registry
     * @param pods the pod provider registry
     * @param authority what checks each scrape first
     */
    public OrchardMetrics(OrchestratorRegistry orchestrators, PodProviderRegistry pods, HttpAuthority authority) {
        this.observer = new RegistryMetrics(
                registry,
                (kind, name) -> !(kind == ProviderKind.POD ? pods : orchestrators)
                        .candidates(name)
                        .isEmpty());
        this.inventory = new InventoryCollector(orchestrators, pods, SCRAPE_TIMEOUT);
        registry.register(inventory);
        JvmMetrics.builder().register(registry);
        this.servlet = new MetricsServlet(registry, authority);
    }

    /**
     * The observer to register as a {@code RegistryObserver} service.
     *
     * @return the observer
     */
    public RegistryMetrics observer() {
        return observer;
    }

    /**
     * The servlet to register at {@value MetricsServlet#PATH}.
     *
     * @return the servlet
     */
    public MetricsServlet servlet() {
        return servlet;
    }

    @Override
    public void close() {
        inventory.close();
    }
}
