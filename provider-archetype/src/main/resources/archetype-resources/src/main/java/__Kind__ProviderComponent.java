package ${package};

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.provider.ProviderPublication;
import dev.orchard.api.provider.ProviderServices;
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
 * Publishes the ${kind} orchestrator under its configured name; the only class here with OSGi types.
 *
 * <p>It runs with no configuration at all (the name is then ${kind}), and {@code deploy/${package}.cfg} changes
 * it. A configuration it cannot start with (an unknown key, a value that does not parse, an invalid name) is
 * published FAILED with the reason, so {@code orchard:providers} shows it instead of it vanishing.
 */
@Component(configurationPid = "${package}", configurationPolicy = ConfigurationPolicy.OPTIONAL, service = {})
@Designate(ocd = ${Kind}Configuration.class)
public final class ${Kind}ProviderComponent {
    private final ProviderPublication publication;

    /**
     * Publishes the configured orchestrator.
     *
     * @param context this bundle's context
     * @param properties the configuration's raw properties, which ProviderConfiguration reads and checks
     */
    @Activate
    public ${Kind}ProviderComponent(BundleContext context, Map<String, Object> properties) {
        publication = ProviderPublication.publish(
                context,
                ProviderConfiguration.of(properties, ${Kind}Configuration.class, "${kind}"),
                List.of(Orchestrator.class),
                config -> {
                    config.requireKnownKeys();
                    ${Kind}Storage storage = new ${Kind}Storage(
                            config.bytes("volume.pool").orElse(Long.MAX_VALUE), Clock.systemUTC());
                    return ProviderServices.of(
                            Orchestrator.class,
                            new ${Kind}Orchestrator(
                                    config.name(),
                                    config.text(ProviderConfiguration.LABEL),
                                    config.text(ProviderConfiguration.REGION),
                                    storage));
                });
    }

    @Deactivate
    void deactivate() {
        publication.close();
    }
}
