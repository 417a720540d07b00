package dev.orchard.provider.local.internal;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.provider.ProviderPublication;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * The local provider's component: reads the configuration, opens the {@link LocalProvider} instance and
 * publishes its orchestrator and pods under the configured name, or, if the configuration is invalid or a folder
 * cannot be used, publishes the name as FAILED with the reason. Nothing else.
 *
 * <p>One instance, on the singleton PID {@code dev.orchard.provider.local}, with or without a configuration:
 * the provider owns host folders. Its folders are relative to the runtime's folder (the working folder).
 */
@Component(
        configurationPid = "dev.orchard.provider.local",
        configurationPolicy = ConfigurationPolicy.OPTIONAL,
        service = {})
@Designate(ocd = LocalConfiguration.class)
public final class LocalProviderComponent {
    private final ProviderPublication publication;
    private final LocalProvider provider;

    /**
     * Opens the instance and publishes it.
     *
     * @param context this bundle's context
     * @param properties the configuration's raw properties, read by {@link ProviderConfiguration}
     */
    @Activate
    public LocalProviderComponent(BundleContext context, Map<String, Object> properties) {
        LocalProvider[] opened = new LocalProvider[1];
        publication = ProviderPublication.publish(
                context,
                ProviderConfiguration.of(properties, LocalConfiguration.class, LocalProvider.DEFAULT_NAME),
                List.of(Orchestrator.class, PodProvider.class),
                config -> {
                    opened[0] = LocalProvider.open(config, Path.of(System.getProperty("user.dir")), Clock.systemUTC());
                    return opened[0].services();
                });
        provider = opened[0];
        if (provider != null) {
            // An instance that waits for its roots is published FAILED; it serves once it owns them, or as soon as
            // their owner hands them over (its calls then wait for the roots).
            provider.whenHandedOver(publication::serve, publication::fail);
            provider.whenOwned(publication::serve);
        }
    }

    // Hands the roots over to an instance that waits for them, if any, so that the registry calls it before these
    // services leave; then unregisters them. The pods keep running for the next instance (a replaced bundle, a
    // restarted runtime) to adopt.
    @Deactivate
    void deactivate() {
        if (provider != null) {
            provider.handOver();
        }
        publication.close();
    }
}
