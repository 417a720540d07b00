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
 * Publishes the default mock instance, named {@code mock} unless its optional configuration
 * {@code dev.orchard.provider.mock.default} says otherwise; an invalid configuration publishes it FAILED.
 */
@Component(
        configurationPid = "dev.orchard.provider.mock.default",
        configurationPolicy = ConfigurationPolicy.OPTIONAL,
        service = {})
@Designate(ocd = MockConfiguration.class)
public final class MockProviderComponent {
    private final ProviderPublication publication;

    /**
     * Publishes the default mock.
     *
     * @param context this bundle's context
     * @param properties the component's properties: its configuration, if any
     */
    @Activate
    public MockProviderComponent(BundleContext context, Map<String, Object> properties) {
        publication = ProviderPublication.publish(
                context,
                ProviderConfiguration.of(properties, MockConfiguration.class, "mock"),
                MockInstance.CONTRACTS,
                MockInstance::services);
    }

    @Deactivate
    void deactivate() {
        publication.close();
    }
}
