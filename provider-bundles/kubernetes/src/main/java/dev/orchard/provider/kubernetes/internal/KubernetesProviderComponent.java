package dev.orchard.provider.kubernetes.internal;

import dev.orchard.api.provider.ProviderConfiguration;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * Publishes one Kubernetes provider instance per factory configuration {@code dev.orchard.provider.kubernetes~<name>},
 * e.g. from {@code deploy/dev.orchard.provider.kubernetes~prod.cfg}: one per cluster. Its name is {@code name}, or
 * else the part after '~'; an invalid configuration publishes it FAILED. Deleting the configuration, or stopping the
 * bundle, closes its client and informer.
 */
@Component(
        configurationPid = "dev.orchard.provider.kubernetes",
        configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = {})
@Designate(ocd = KubernetesConfiguration.class, factory = true)
public final class KubernetesProviderComponent {
    private final DeferredPublication publication;

    /**
     * Publishes the configured instance.
     *
     * @param context this bundle's context
     * @param properties the factory configuration's properties
     */
    @Activate
    public KubernetesProviderComponent(BundleContext context, Map<String, Object> properties) {
        // No fallback name and no pod's own cluster: a factory configuration says which cluster, under which name.
        publication = new DeferredPublication(
                context, ProviderConfiguration.of(properties, KubernetesConfiguration.class, ""), timeout -> null);
    }

    @Deactivate
    void deactivate() {
        publication.close();
    }
}
