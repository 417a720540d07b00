package dev.orchard.provider.mock.internal;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * The default mock instance, named "mock" unless its configuration {@code dev.orchard.provider.mock.default}
 * says otherwise.
 */
@Component(
        configurationPid = "dev.orchard.provider.mock.default",
        configurationPolicy = ConfigurationPolicy.OPTIONAL,
        service = {})
@Designate(ocd = MockConfiguration.class)
public final class MockProviderComponent {
    private final MockRegistration instance;

    /**
     * Registers the default mock.
     *
     * @param context this bundle's context
     * @param config its configuration
     */
    @Activate
    public MockProviderComponent(BundleContext context, MockConfiguration config) {
        instance = new MockRegistration(context, config, "mock");
    }

    @Deactivate
    void deactivate() {
        instance.close();
    }
}
