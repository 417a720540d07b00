package dev.orchard.provider.mock.internal;

import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.provider.ProviderPublication;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * Publishes one more mock instance per factory configuration {@code dev.orchard.provider.mock~<name>}, e.g. from
 * {@code deploy/dev.orchard.provider.mock~edge.cfg}: the counterpart of InitFunc(InitConfig). Its name is
 * {@code name}, or else the part after '~'; an invalid configuration publishes it FAILED. Deleting the
 * configuration removes the instance.
 */
@Component(
        configurationPid = "dev.orchard.provider.mock",
        configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = {})
@Designate(ocd = MockConfiguration.class, factory = true)
public final class MockFactoryComponent {
    private final ProviderPublication publication;

    /**
     * Publishes the configured mock.
     *
     * @param context this bundle's context
     * @param properties the factory configuration's properties
     */
    @Activate
    public MockFactoryComponent(BundleContext context, Map<String, Object> properties) {
        // No fallback name: a factory configuration named neither by 'name' nor by its PID is FAILED, so that it
        // cannot silently compete with the default "mock".
        publication = ProviderPublication.publish(
                context,
                ProviderConfiguration.of(properties, MockConfiguration.class, ""),
                MockInstance.CONTRACTS,
                MockInstance::services);
    }

    @Deactivate
    void deactivate() {
        publication.close();
    }
}
