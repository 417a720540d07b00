package com.example.hello;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.registry.ProviderProperties;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Optional;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * One named orchestrator per factory configuration, the counterpart of an InitFunc(InitConfig): a file
 * {@code deploy/dev.orchard.provider.example~edge.cfg} holding {@code name=edge} creates the orchestrator
 * "edge", and deleting the file removes it.
 *
 * <p>The component registers the orchestrator itself, because its service property
 * {@code orchard.provider.name} comes from the configuration's {@code name}. An invalid name is still
 * registered, so that the registry shows it as FAILED with its reason instead of it vanishing.
 */
@Component(
        configurationPid = ConfiguredOrchestrator.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = {})
@Designate(ocd = ConfiguredOrchestrator.Config.class, factory = true)
public class ConfiguredOrchestrator {
    /** The factory PID of the configurations. */
    public static final String PID = "dev.orchard.provider.example";

    /** The configuration of one instance. */
    @ObjectClassDefinition(
            id = PID,
            name = "Orchard example orchestrator",
            description = "One named example orchestrator per configuration.")
    public @interface Config {
        /**
         * The provider name.
         *
         * @return a DNS-1123 label
         */
        @AttributeDefinition(description = "The provider name, a DNS-1123 label, e.g. edge.")
        String name();

        /**
         * The label.
         *
         * @return the label
         */
        @AttributeDefinition(description = "The orchestrator's label.", required = false)
        String label() default "configured";

        /**
         * The region.
         *
         * @return the region
         */
        @AttributeDefinition(description = "Where the orchestrator runs.", required = false)
        String region() default "local";

        /**
         * The service ranking; a higher one replaces another provider of the same name.
         *
         * @return the ranking
         */
        @AttributeDefinition(description = "The service ranking of this instance.", required = false)
        int service_ranking() default 0;
    }

    private final ServiceRegistration<Orchestrator> registration;

    /**
     * Registers the configured orchestrator.
     *
     * @param context this bundle's context
     * @param config the instance's configuration
     */
    @Activate
    public ConfiguredOrchestrator(BundleContext context, Config config) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, config.name());
        props.put(Constants.SERVICE_RANKING, config.service_ranking());
        registration = context.registerService(
                Orchestrator.class, new Named(config.name(), config.label(), config.region()), props);
    }

    @Deactivate
    void deactivate() {
        registration.unregister();
    }

    /** The orchestrator itself: immutable. */
    private record Named(String name, String label, String region) implements Orchestrator {
        @Override
        public Optional<StorageOps> storageOps() {
            return Optional.empty();
        }
    }
}
