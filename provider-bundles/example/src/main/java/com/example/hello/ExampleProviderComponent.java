package com.example.hello;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.provider.ProviderPublication;
import dev.orchard.api.provider.ProviderServices;
import java.util.List;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * Publishes one orchestrator per factory configuration, the counterpart of an InitFunc(InitConfig): a file
 * {@code deploy/dev.orchard.provider.example~edge.cfg} creates the orchestrator "edge", and deleting the file
 * removes it. A configuration it cannot start with (an invalid name, an unknown key) is published FAILED with the
 * reason, so {@code orchard:providers} shows it instead of it vanishing.
 */
@Component(
        configurationPid = "dev.orchard.provider.example",
        configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = {})
@Designate(ocd = ExampleConfiguration.class, factory = true)
public final class ExampleProviderComponent {
    private final ProviderPublication publication;

    /**
     * Publishes the configured orchestrator.
     *
     * @param context this bundle's context
     * @param properties the configuration's raw properties, which ProviderConfiguration reads and checks
     */
    @Activate
    public ExampleProviderComponent(BundleContext context, Map<String, Object> properties) {
        publication = ProviderPublication.publish(
                context,
                ProviderConfiguration.of(properties, ExampleConfiguration.class, ""),
                List.of(Orchestrator.class),
                config -> ProviderServices.of(
                        Orchestrator.class,
                        new ExampleOrchestrator(
                                config.name(),
                                config.text(ProviderConfiguration.LABEL),
                                config.text(ProviderConfiguration.REGION))));
    }

    @Deactivate
    void deactivate() {
        publication.close();
    }
}
