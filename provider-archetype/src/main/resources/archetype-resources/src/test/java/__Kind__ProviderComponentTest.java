package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.provider.RecordingBundleContext;
import dev.orchard.api.registry.ProviderProperties;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The component with a fake framework that records what is registered: with no configuration it publishes the
 * orchestrator ${kind}; a configuration it cannot start with publishes it FAILED with the reason, which
 * {@code orchard:providers} shows.
 */
class ${Kind}ProviderComponentTest {
    private final RecordingBundleContext framework = new RecordingBundleContext();

    // The properties DS gives the component: with keys and values, those of deploy/${package}.cfg.
    private static Map<String, Object> config(String... keysAndValues) {
        Map<String, Object> properties = new HashMap<>();
        properties.put("component.name", ${Kind}ProviderComponent.class.getName());
        properties.put("component.id", 1L);
        if (keysAndValues.length > 0) {
            properties.put("service.pid", "${package}");
        }
        for (int i = 0; i < keysAndValues.length; i += 2) {
            properties.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return properties;
    }

    @Test
    void withNoConfigurationItPublishesTheOrchestratorWithStorage() {
        ${Kind}ProviderComponent component = new ${Kind}ProviderComponent(framework.context(), config());
        try {
            RecordingBundleContext.Registration registration = framework.only(Orchestrator.class);
            assertEquals("${kind}", registration.property(ProviderProperties.NAME));
            assertNull(registration.property(ProviderProperties.FAILURE), "it serves");
            Orchestrator orchestrator = (Orchestrator) registration.service();
            assertEquals("${kind}", orchestrator.name());
            assertTrue(orchestrator.storageOps().isPresent(), "it offers storage");
        } finally {
            component.deactivate();
        }
        assertTrue(framework.only(Orchestrator.class).unregistered(), "deactivating unregisters it");
    }

    @Test
    void aConfiguredNameAndLabelAreUsed() {
        ${Kind}ProviderComponent component =
                new ${Kind}ProviderComponent(framework.context(), config("name", "edge", "label", "fast"));
        try {
            Orchestrator orchestrator = (Orchestrator) framework.only(Orchestrator.class).service();
            assertEquals("edge", orchestrator.name());
            assertEquals("fast", orchestrator.label());
        } finally {
            component.deactivate();
        }
    }

    // The reason the component publishes its orchestrator FAILED with, given a configuration.
    private Object failureWith(String... keysAndValues) {
        ${Kind}ProviderComponent component = new ${Kind}ProviderComponent(framework.context(), config(keysAndValues));
        try {
            return framework.only(Orchestrator.class).property(ProviderProperties.FAILURE);
        } finally {
            component.deactivate();
        }
    }

    @Test
    void anUnknownKeyPublishesItFailedWithTheReason() {
        assertEquals(
                "configuration ${package} has unknown key(s) volume.pol; the known keys are label, name, region,"
                        + " service.ranking, volume.pool",
                failureWith("volume.pol", "1Gi"));
    }

    @Test
    void aPoolThatIsNoQuantityPublishesItFailedNamingTheKey() {
        Object reason = failureWith("volume.pool", "lots");
        assertTrue(String.valueOf(reason).startsWith("configuration key volume.pool"), "reason: " + reason);
    }
}
