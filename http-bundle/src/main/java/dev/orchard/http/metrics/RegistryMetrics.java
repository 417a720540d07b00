package dev.orchard.http.metrics;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.RegistryObserver;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;

/**
 * Turns the registries' reports into Prometheus metrics: calls with their latency and errors, drains and swaps.
 *
 * <p>A call to a name that never had a candidate (a caller's typo, or any string a client puts in a URL) is counted
 * under the provider label {@value #UNKNOWN}, so that clients cannot create a series per name they try. A name is
 * known once a swap to it was reported (reports come in order, so before its calls) or while the registry has a
 * candidate of it (for providers that came before this observer); it stays known, so the calls of a provider that
 * has just left keep its name.
 */
public final class RegistryMetrics implements RegistryObserver {
    /** The provider label of calls to names the registry does not know. */
    public static final String UNKNOWN = "_unknown";

    private final BiPredicate<ProviderKind, String> known;
    // "kind/name" of every provider name a swap was reported for.
    private final Set<String> seen = ConcurrentHashMap.newKeySet();
    private final Histogram calls;
    private final Counter errors;
    private final Histogram drains;
    private final Counter abandoned;
    private final Counter swaps;

    /**
     * Creates the metrics and registers them.
     *
     * @param registry where to register them
     * @param known tells whether a registry has any candidate, of any state, under a name
     */
    public RegistryMetrics(PrometheusRegistry registry, BiPredicate<ProviderKind, String> known) {
        this.known = known;
        calls = Histogram.builder()
                .name("orchard_registry_call_duration_seconds")
                .help("Calls through the registries, by provider and operation: how long each took, errors included")
                .unit(Unit.SECONDS)
                .labelNames("kind", "provider", "operation")
                .classicOnly()
                .register(registry);
        errors = Counter.builder()
                .name("orchard_registry_call_errors_total")
                .help("Calls through the registries that threw, by provider, operation and error category")
                .labelNames("kind", "provider", "operation", "category")
                .register(registry);
        drains = Histogram.builder()
                .name("orchard_registry_drain_duration_seconds")
                .help("How long a leaving provider waited for its calls in flight before it was released")
                .unit(Unit.SECONDS)
                .labelNames("kind", "provider")
                .classicOnly()
                .register(registry);
        abandoned = Counter.builder()
                .name("orchard_registry_drain_abandoned_calls_total")
                .help("Calls still in flight when a leaving provider's drain timeout ran out")
                .labelNames("kind", "provider")
                .register(registry);
        swaps = Counter.builder()
                .name("orchard_registry_swaps_total")
                .help("Changes of the candidate serving a provider name: added, replaced or removed")
                .labelNames("kind", "provider", "change")
                .register(registry);
    }

    @Override
    public void callEnded(
            ProviderKind kind,
            String provider,
            String operation,
            long nanos,
            Optional<OrchardException.Category> error) {
        String kindLabel = label(kind);
        String name = seen.contains(kind + "/" + provider) || known.test(kind, provider) ? provider : UNKNOWN;
        calls.labelValues(kindLabel, name, operation).observe(Unit.nanosToSeconds(nanos));
        error.ifPresent(
                c -> errors.labelValues(kindLabel, name, operation, c.name()).inc());
    }

    @Override
    public void drained(ProviderKind kind, String provider, long nanos, int leftInFlight) {
        drains.labelValues(label(kind), provider).observe(Unit.nanosToSeconds(nanos));
        if (leftInFlight > 0) {
            abandoned.labelValues(label(kind), provider).inc(leftInFlight);
        }
    }

    @Override
    public void swapped(
            ProviderKind kind, String provider, Optional<ProviderInfo> previous, Optional<ProviderInfo> current) {
        seen.add(kind + "/" + provider);
        String change = previous.isEmpty() ? "added" : current.isEmpty() ? "removed" : "replaced";
        swaps.labelValues(label(kind), provider, change).inc();
    }

    /**
     * The kind label of every Orchard metric.
     *
     * @param kind the kind
     * @return its name in lower case
     */
    static String label(ProviderKind kind) {
        return kind == ProviderKind.POD ? "pod" : "orchestrator";
    }
}
