package dev.orchard.kubelet.internal;

import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.kubernetes.cluster.ClusterSettings;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One bridge per factory configuration {@code dev.orchard.kubelet~<instance>}: reads the configuration, builds the
 * cluster connection and the {@link Bridge}, and stops it; nothing else. A configuration it cannot start with fails
 * the activation with the reason, which SCR keeps ({@code scr:info}) and the log shows.
 */
@Component(
        configurationPid = "dev.orchard.kubelet",
        configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = {})
@Designate(ocd = KubeletConfiguration.class, factory = true)
public final class KubeletComponent {
    private static final Logger LOG = LoggerFactory.getLogger(KubeletComponent.class);

    private final Bridge bridge;

    /**
     * Starts the bridge of one configuration.
     *
     * @param properties the configuration's properties
     * @param pods the pod provider registry, which the bridge calls and subscribes to
     * @param orchestrators the orchestrator registry, for the default provider name
     */
    @Activate
    public KubeletComponent(
            Map<String, Object> properties,
            @Reference PodProviderRegistry pods,
            @Reference OrchestratorRegistry orchestrators) {
        ProviderConfiguration config = ProviderConfiguration.of(properties, KubeletConfiguration.class, "")
                .requireKnownKeys();
        try {
            BridgeSettings settings = BridgeSettings.from(config, orchestrators.detectDefault());
            ClusterClient cluster =
                    new ClusterClient(ClusterSettings.from(config, Path.of("").toAbsolutePath()));
            bridge = new Bridge(settings, cluster, pods, Clock.systemUTC());
        } catch (RuntimeException e) {
            LOG.error("Kubelet bridge {} cannot start: {}", properties.get("service.pid"), e.getMessage());
            throw e;
        }
    }

    @Deactivate
    void deactivate() {
        bridge.close();
    }
}
