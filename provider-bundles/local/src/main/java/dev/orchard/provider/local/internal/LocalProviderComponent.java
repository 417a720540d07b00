package dev.orchard.provider.local.internal;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.quantity.Quantity;
import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.provider.local.internal.pods.LocalPods;
import dev.orchard.provider.local.internal.volumes.LocalStorage;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Dictionary;
import java.util.Hashtable;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * The local provider, named "local" unless configured otherwise: an orchestrator whose volumes are host
 * directories, and a pod provider whose pods are local processes. It registers both itself, because the provider
 * name comes from the configuration.
 */
@Component(
        configurationPid = "dev.orchard.provider.local",
        configurationPolicy = ConfigurationPolicy.OPTIONAL,
        service = {})
@Designate(ocd = LocalConfiguration.class)
public final class LocalProviderComponent {
    private final ServiceRegistration<Orchestrator> registration;
    private final ServiceRegistration<PodProvider> podRegistration;
    private final LocalPods pods;

    /**
     * Opens the volume root, reconciles it and registers the orchestrator.
     *
     * @param context this bundle's context
     * @param config the configuration
     */
    @Activate
    public LocalProviderComponent(BundleContext context, LocalConfiguration config) {
        String name =
                Names.requireDns1123Label("local provider name", config.name().trim());
        Path root = config.root().isBlank()
                ? Path.of(System.getProperty("user.dir"), "data", "volumes")
                : Path.of(config.root().trim());
        long pool = config.pool().isBlank()
                ? 0
                : Quantity.parseBytes("pool", config.pool().trim());
        LocalStorage storage;
        try {
            storage = new LocalStorage(root.toAbsolutePath(), pool, Clock.systemUTC());
        } catch (IOException e) {
            throw new UnavailableException("the local volume root " + root + " cannot be used: " + e, e);
        }
        Path podsRoot = config.pods().isBlank()
                ? Path.of(System.getProperty("user.dir"), "data", "pods")
                : Path.of(config.pods().trim());
        try {
            pods = new LocalPods(podsRoot.toAbsolutePath(), storage, Clock.systemUTC(), name, config.maxPods());
        } catch (IOException e) {
            throw new UnavailableException("the local pod folder " + podsRoot + " cannot be used: " + e, e);
        }
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, name);
        props.put(Constants.SERVICE_RANKING, config.service_ranking());
        registration = context.registerService(
                Orchestrator.class, new LocalOrchestrator(name, config.label(), config.region(), storage), props);
        podRegistration = context.registerService(PodProvider.class, pods, props);
    }

    @Deactivate
    void deactivate() {
        try {
            podRegistration.unregister();
            registration.unregister();
        } finally {
            // Pods keep running: the next instance (a replaced bundle, a restarted runtime) adopts them.
            pods.detach();
        }
    }
}
