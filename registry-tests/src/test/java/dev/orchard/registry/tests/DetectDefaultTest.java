package dev.orchard.registry.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.ProviderProperties;
import java.util.Dictionary;
import java.util.Hashtable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/** detectDefault() from the registry configuration, and from the framework property without one. */
@ExtendWith({BundleContextExtension.class, ServiceExtension.class})
class DetectDefaultTest {
    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    OrchestratorRegistry registry;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    @Test
    void configurationWinsOverTheFrameworkPropertyAndDeletingItRestoresIt() throws Exception {
        // test.bndrun sets the framework property; there is no configuration yet.
        assertEquals("framework-default", context.getProperty(ProviderProperties.DEFAULT_ORCHESTRATOR_PROPERTY));
        assertEquals("framework-default", registry.detectDefault());

        Configuration config = configAdmin.getConfiguration(ProviderProperties.REGISTRY_PID, "?");
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("default.orchestrator", "configured");
        config.update(props);
        try {
            Await.until("the configured default", () -> "configured".equals(registry.detectDefault()));

            props.put("default.orchestrator", "Not Valid");
            config.update(props);
            Await.until(
                    "an invalid configured default to fall through to the framework property",
                    () -> "framework-default".equals(registry.detectDefault()));
        } finally {
            config.delete();
        }
        Await.until("the framework property again", () -> "framework-default".equals(registry.detectDefault()));
    }
}
