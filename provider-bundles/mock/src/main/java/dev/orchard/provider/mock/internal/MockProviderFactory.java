package dev.orchard.provider.mock.internal;

import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * One more mock instance per factory configuration {@code dev.orchard.provider.mock~<name>}, e.g. from
 * {@code deploy/dev.orchard.provider.mock~edge.cfg} holding {@code name=edge}: the counterpart of
 * InitFunc(InitConfig). Deleting the configuration removes the instance.
 */
@Component(
        configurationPid = "dev.orchard.provider.mock",
        configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = {})
@Designate(ocd = MockConfiguration.class, factory = true)
public final class MockProviderFactory {
    private final MockRegistration instance;

    /**
     * Registers the configured mock.
     *
     * @param context this bundle's context
     * @param config its configuration
     * @param properties the configuration's properties, for the instance name in its PID
     */
    @Activate
    public MockProviderFactory(BundleContext context, MockConfiguration config, Map<String, Object> properties) {
        instance = new MockRegistration(context, config, MockRegistration.instanceName(properties));
    }

    @Deactivate
    void deactivate() {
        instance.close();
    }
}
