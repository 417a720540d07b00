package dev.orchard.http.metrics;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.CallDeadline;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderKind;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * Counts, at each scrape, the providers by state and, through the registries, the volumes (with each one's capacity
 * and used bytes) and pods of each provider, each provider's call bounded by a timeout so that a hung provider
 * cannot hang a scrape.
 *
 * <p>Every provider is asked on a thread of this collector's pool, all at once, and the scrape waits for them until
 * one shared deadline. A provider that has not answered by then, or whose answer to an earlier scrape is still
 * pending (it is not asked again, so a hung provider holds at most one thread), has no gauge in this scrape; nor has
 * one whose call fails. {@code orchard_scrape_errors_total} counts each such omission by its reason.
 */
public final class InventoryCollector implements MultiCollector {
    /** The operation label of the calls that count volumes at scrape, told apart from the API's own calls. */
    public static final String VOLUMES_OPERATION = "scrape_volumes";
    /** The operation label of the calls that count pods at scrape. */
    public static final String PODS_OPERATION = "scrape_pods";

    private final OrchestratorRegistry orchestrators;
    private final PodProviderRegistry pods;
    private final Duration timeout;
    // Threads made on demand that end after a few idle seconds: a burst of scrapes leaves nothing behind for long.
    private final ThreadPoolExecutor pool =
            new ThreadPoolExecutor(0, Integer.MAX_VALUE, 5, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                Thread t = new Thread(r, "orchard-metrics-scrape");
                t.setDaemon(true);
                return t;
            });
    // Per kind/provider: the count still pending from an earlier scrape, if any.
    private final ConcurrentHashMap<String, CompletableFuture<?>> pending = new ConcurrentHashMap<>();
    // Per kind, provider, reason: how many scrapes left a provider out.
    private final ConcurrentHashMap<Labels, LongAdder> scrapeErrors = new ConcurrentHashMap<>();

    /**
     * Creates the collector.
     *
     * @param orchestrators the orchestrator registry
     * @param pods the pod provider registry
     * @param timeout how long a scrape waits for the providers' counts
     */
    public InventoryCollector(OrchestratorRegistry orchestrators, PodProviderRegistry pods, Duration timeout) {
        this.orchestrators = orchestrators;
        this.pods = pods;
        this.timeout = timeout;
    }

    /** Stops the pool; counts still pending are abandoned. */
    public void close() {
        pool.shutdownNow();
    }

    @Override
    public MetricSnapshots collect() {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, CompletableFuture<List<Volume>>> volumes = new TreeMap<>();
        for (String name : orchestrators.names()) {
            ask(ProviderKind.ORCHESTRATOR, name, held -> volumeList(name, held)).ifPresent(f -> volumes.put(name, f));
        }
        Map<String, CompletableFuture<List<Pod>>> podLists = new TreeMap<>();
        for (String name : pods.names()) {
            ask(
                            ProviderKind.POD,
                            name,
                            held -> pods.call(name, PODS_OPERATION, deadline(), held.around(PodProvider::getPods)))
                    .ifPresent(f -> podLists.put(name, f));
        }
        GaugeSnapshot.Builder volumeGauge = GaugeSnapshot.builder()
                .name("orchard_volumes")
                .help("Volumes per orchestrator, counted at scrape; absent for a provider that did not answer in time");
        GaugeSnapshot.Builder capacityGauge = GaugeSnapshot.builder()
                .name("orchard_volume_capacity_bytes")
                .help("Each volume's capacity, as its orchestrator reports it, at scrape");
        GaugeSnapshot.Builder usedGauge = GaugeSnapshot.builder()
                .name("orchard_volume_used_bytes")
                .help("The bytes in each volume, where its orchestrator measures them; compare with"
                        + " orchard_volume_capacity_bytes");
        volumes.forEach((name, f) -> await(ProviderKind.ORCHESTRATOR, name, f, deadline)
                .ifPresent(list -> {
                    volumeGauge.dataPoint(point(list.size(), "provider", name));
                    for (Volume v : list) {
                        String[] labels = {"provider", name, "namespace", v.namespace(), "volume", v.name()};
                        capacityGauge.dataPoint(point(v.capacityBytes(), labels));
                        if (v.usedBytes() >= 0) { // -1: the orchestrator does not know
                            usedGauge.dataPoint(point(v.usedBytes(), labels));
                        }
                    }
                }));
        GaugeSnapshot.Builder podGauge = GaugeSnapshot.builder()
                .name("orchard_pods")
                .help("Pods per pod provider and phase, counted at scrape; absent for a provider that did not answer"
                        + " in time");
        podLists.forEach((name, f) -> await(ProviderKind.POD, name, f, deadline).ifPresent(list -> {
            Map<PodPhase, Integer> byPhase = new EnumMap<>(PodPhase.class);
            for (PodPhase p : PodPhase.values()) {
                byPhase.put(p, 0);
            }
            for (Pod pod : list) {
                PodPhase phase =
                        pod.status() == null ? PodPhase.UNKNOWN : pod.status().phase();
                byPhase.merge(phase, 1, Integer::sum);
            }
            byPhase.forEach((phase, n) -> podGauge.dataPoint(point(n, "provider", name, "phase", phase.name())));
        }));
        return MetricSnapshots.builder()
                .metricSnapshot(providers())
                .metricSnapshot(volumeGauge.build())
                .metricSnapshot(capacityGauge.build())
                .metricSnapshot(usedGauge.build())
                .metricSnapshot(podGauge.build())
                .metricSnapshot(scrapeErrors())
                .build();
    }

    // The volumes of an orchestrator (the storage API lists one namespace: the default one), or null if it has no
    // storage.
    private List<Volume> volumeList(String name, Held held) {
        VolumeProfile all = VolumeProfile.builder().build();
        return orchestrators.call(
                name,
                VOLUMES_OPERATION,
                deadline(),
                held.around(
                        o -> o.storageOps().map(s -> s.listStorage(all).items()).orElse(null)));
    }

    // Each count is a call with the scrape's deadline, on the provider's bulkhead: the thread of this collector that
    // asked returns at the deadline even if the provider never does, and a provider whose bulkhead is full (it
    // hangs under the API's calls too) is refused at once, left out as UNAVAILABLE.
    private CallDeadline deadline() {
        return new CallDeadline(timeout, "the metrics scrape's timeout of " + timeout.toMillis() + " ms (fixed)");
    }

    // The candidates of both registries, counted by kind, name and state.
    private GaugeSnapshot providers() {
        Map<Labels, Integer> counts = new LinkedHashMap<>();
        List<ProviderInfo> all = new ArrayList<>(orchestrators.providers());
        all.addAll(pods.providers());
        for (ProviderInfo p : all) {
            Labels labels = Labels.of(
                    "kind", RegistryMetrics.label(p.kind()),
                    "name", p.name(),
                    "state", p.state().name());
            counts.merge(labels, 1, Integer::sum);
        }
        GaugeSnapshot.Builder gauge = GaugeSnapshot.builder()
                .name("orchard_providers")
                .help("Provider candidates by kind, name and state (ACTIVE, SHADOWED, FAILED)");
        counts.forEach((labels, n) -> gauge.dataPoint(
                GaugeDataPointSnapshot.builder().labels(labels).value(n).build()));
        return gauge.build();
    }

    private CounterSnapshot scrapeErrors() {
        CounterSnapshot.Builder counter = CounterSnapshot.builder()
                .name("orchard_scrape_errors")
                .help("Provider counts left out of a scrape, by reason: timeout, busy (an earlier scrape's count is"
                        + " still pending) or the error category of the failed call");
        scrapeErrors.forEach((labels, n) -> counter.dataPoint(
                CounterDataPointSnapshot.builder().labels(labels).value(n.sum()).build()));
        return counter.build();
    }

    // Starts counting a provider's items, unless the provider still holds its count from an earlier scrape: the
    // call's caller returns at the deadline, but a provider deaf to the interrupt keeps the call until it returns.
    private <T> Optional<CompletableFuture<T>> ask(ProviderKind kind, String name, Function<Held, T> count) {
        String key = kind + "/" + name;
        CompletableFuture<?> earlier = pending.get(key);
        if (earlier != null && !earlier.isDone()) {
            error(kind, name, "busy");
            return Optional.empty();
        }
        Held held = new Held();
        pending.put(key, held.done);
        held.done.whenComplete((v, e) -> pending.remove(key, held.done));
        CompletableFuture<T> f = CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return count.apply(held);
                    } finally {
                        held.callerEnded();
                    }
                },
                pool);
        return Optional.of(f);
    }

    /** When the provider's side of one count ends: its function returned, or it never ran. */
    private static final class Held {
        final CompletableFuture<Void> done = new CompletableFuture<>();
        private final AtomicBoolean ran = new AtomicBoolean();

        <S, R> Function<S, R> around(Function<S, R> f) {
            return s -> {
                ran.set(true);
                try {
                    return f.apply(s);
                } finally {
                    done.complete(null);
                }
            };
        }

        void callerEnded() {
            if (!ran.get()) {
                done.complete(null); // refused, not found, or abandoned before it ran
            }
        }
    }

    // The count, if it came by the deadline; otherwise records why not.
    private <T> Optional<T> await(ProviderKind kind, String name, CompletableFuture<T> f, long deadline) {
        try {
            return Optional.ofNullable(f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
        } catch (TimeoutException e) {
            error(kind, name, "timeout");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            error(kind, name, cause instanceof OrchardException o ? o.category().name() : "PROVIDER_FAULT");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            error(kind, name, "interrupted");
        }
        return Optional.empty();
    }

    private void error(ProviderKind kind, String name, String reason) {
        scrapeErrors
                .computeIfAbsent(
                        Labels.of("kind", RegistryMetrics.label(kind), "provider", name, "reason", reason),
                        l -> new LongAdder())
                .increment();
    }

    private static GaugeDataPointSnapshot point(long value, String... labels) {
        return GaugeDataPointSnapshot.builder()
                .labels(Labels.of(labels))
                .value(value)
                .build();
    }
}
