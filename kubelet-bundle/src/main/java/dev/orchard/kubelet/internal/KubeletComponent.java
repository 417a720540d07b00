package dev.orchard.kubelet.internal;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.naming.Secrets;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.kubelet.internal.server.ApiSettings;
import dev.orchard.kubelet.internal.server.KubeletServer;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.kubernetes.cluster.ClusterSettings;
import dev.orchard.provider.kubernetes.cluster.Fabric8Bundles;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.BundleListener;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One bridge per factory configuration {@code dev.orchard.kubelet~<instance>}: reads the configuration, and once
 * fabric8 may be used in the framework (every fabric8 bundle and SPI Fly active, see {@link Fabric8Bundles}) builds
 * the cluster connection and the {@link Bridge}; starts the instance's kubelet API server at once (it needs the
 * registry only); stops both. Nothing else. A configuration it cannot start with fails the activation with the
 * reason, which SCR keeps ({@code scr:info}) and the log shows. A kubelet API that cannot start (no client could
 * authenticate, or its files cannot be read) is logged as an error and left out: the node and its pods still work,
 * without logs, exec and stats.
 */
@Component(
        configurationPid = "dev.orchard.kubelet",
        configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = {})
@Designate(ocd = KubeletConfiguration.class, factory = true)
public final class KubeletComponent implements BundleListener {
    private static final Logger LOG = LoggerFactory.getLogger(KubeletComponent.class);

    private final BundleContext context;
    private final PodProviderRegistry pods;
    private final BridgeSettings settings;
    private final ClusterSettings cluster;
    private final KubeletServer server;
    // The configured port, written in the node's status; 0 when the API did not start or takes any free port.
    private final int kubeletPort;
    private Bridge bridge;
    private boolean stopped;

    /**
     * Reads one configuration, and starts its bridge now or once fabric8 may be used.
     *
     * @param context the bridge bundle's context
     * @param properties the configuration's properties
     * @param pods the pod provider registry, which the bridge calls and subscribes to
     * @param orchestrators the orchestrator registry, for the default provider name
     * @param configurations ConfigurationAdmin, where the kubelet API's HTTPS server is configured
     */
    @Activate
    public KubeletComponent(
            BundleContext context,
            Map<String, Object> properties,
            @Reference PodProviderRegistry pods,
            @Reference OrchestratorRegistry orchestrators,
            @Reference ConfigurationAdmin configurations) {
        this.context = context;
        this.pods = pods;
        ApiSettings api;
        try {
            ProviderConfiguration config = ProviderConfiguration.of(properties, KubeletConfiguration.class, "")
                    .requireKnownKeys();
            this.settings = BridgeSettings.from(config, orchestrators.detectDefault());
            this.cluster = ClusterSettings.from(config, Path.of("").toAbsolutePath());
            api = ApiSettings.from(config, Path.of("").toAbsolutePath());
        } catch (RuntimeException e) {
            LOG.error(
                    "Kubelet bridge {} cannot start: {}",
                    properties.get("service.pid"),
                    Secrets.redact(e.getMessage()));
            throw e;
        }
        this.server = startApi(context, configurations, api);
        this.kubeletPort = server == null ? 0 : api.port();
        context.addBundleListener(this);
        try {
            startIfReady(false);
        } catch (RuntimeException e) {
            // A failed activation gets no deactivate: the API server would outlive its instance.
            context.removeBundleListener(this);
            if (server != null) {
                server.close();
            }
            throw e;
        }
    }

    private KubeletServer startApi(BundleContext context, ConfigurationAdmin configurations, ApiSettings api) {
        try {
            return KubeletServer.start(
                    context,
                    configurations,
                    api,
                    settings.nodeName(),
                    settings.provider(),
                    settings.callDeadline(),
                    pods);
        } catch (OrchardException e) {
            LOG.error("Kubelet bridge for node {}: {}", settings.nodeName(), Secrets.redact(e.getMessage()));
            return null;
        }
    }

    @Override
    public void bundleChanged(BundleEvent event) {
        if (event.getType() == BundleEvent.STARTED) {
            startIfReady(true);
        }
    }

    private synchronized void startIfReady(boolean event) {
        if (bridge != null || stopped) {
            return;
        }
        List<String> waiting = Fabric8Bundles.notActive(context);
        if (!waiting.isEmpty()) {
            LOG.info("Kubelet bridge for node {} waits for {}", settings.nodeName(), waiting);
            return;
        }
        context.removeBundleListener(this);
        try {
            bridge = new Bridge(settings, new ClusterClient(cluster), pods, Clock.systemUTC(), kubeletPort);
        } catch (RuntimeException e) {
            // On a bundle event's thread nobody else would report it; the configuration is what to fix.
            // What fabric8 threw may quote the kubeconfig or the URL: logged redacted, its stack trace too.
            LOG.error(
                    "Kubelet bridge for node {} cannot start: {}",
                    settings.nodeName(),
                    Secrets.redact(e.getMessage()),
                    Secrets.redacted(e));
            if (event) {
                return;
            }
            throw e;
        }
    }

    @Deactivate
    synchronized void deactivate() {
        stopped = true;
        context.removeBundleListener(this);
        if (server != null) {
            server.close();
        }
        if (bridge != null) {
            bridge.close();
        }
    }
}
