package dev.orchard.provider.mock.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.PodNotifier;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.provider.RecordingBundleContext;
import dev.orchard.api.registry.ProviderProperties;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Constants;

/** The two components publish mock instances under their names, and an invalid configuration as FAILED. */
class MockComponentsTest {
    private static final String EDGE_PID = "dev.orchard.provider.mock~edge";

    private static Map<String, Object> factory(Map<String, Object> values) {
        Map<String, Object> props = new HashMap<>(values);
        props.put(Constants.SERVICE_PID, EDGE_PID);
        props.put("service.factoryPid", "dev.orchard.provider.mock");
        props.put("component.name", MockFactoryComponent.class.getName());
        props.put("felix.fileinstall.filename", "file:/tmp/deploy/" + EDGE_PID + ".cfg");
        return props;
    }

    @Test
    void aFactoryInstancePublishesItsOrchestratorAndPodsUnderTheNameAfterTheTilde() {
        RecordingBundleContext r = new RecordingBundleContext();
        MockFactoryComponent c = new MockFactoryComponent(
                r.context(),
                factory(Map.of("node.cpu", "2", "node.memory", "4Gi", "max.pods", "3", "service.ranking", "7")));

        assertEquals(2, r.registrations().size());
        RecordingBundleContext.Registration orchestrator = r.only(Orchestrator.class);
        RecordingBundleContext.Registration pods = r.only(PodProvider.class);
        assertEquals(List.of(Orchestrator.class.getName()), orchestrator.contracts());
        assertEquals(List.of(PodProvider.class.getName()), pods.contracts());
        Orchestrator o = assertInstanceOf(Orchestrator.class, orchestrator.service());
        assertEquals("edge", o.name());
        assertEquals("mock", o.label());
        assertEquals("local", o.region());
        assertTrue(o.storageOps().isPresent());
        PodProvider p = assertInstanceOf(PodProvider.class, pods.service());
        assertInstanceOf(PodNotifier.class, p, "the mock pushes pod status");
        assertEquals(
                new Resources(2000, 4L << 30, 3),
                p.configureNode(Node.named("n1")).capacity());
        for (RecordingBundleContext.Registration each : r.registrations()) {
            assertEquals("edge", each.property(ProviderProperties.NAME));
            assertEquals(7, each.property(Constants.SERVICE_RANKING));
            assertNull(each.property(ProviderProperties.FAILURE));
        }

        c.deactivate();
        assertTrue(r.registrations().stream().allMatch(each -> each.unregistered()), "deactivation unregisters both");
    }

    @Test
    void aConfiguredNameWinsOverThePid() {
        RecordingBundleContext r = new RecordingBundleContext();
        MockFactoryComponent c = new MockFactoryComponent(r.context(), factory(Map.of("name", " west ")));
        try {
            assertEquals("west", ((Orchestrator) r.only(Orchestrator.class).service()).name());
            assertEquals("west", r.only(PodProvider.class).property(ProviderProperties.NAME));
        } finally {
            c.deactivate();
        }
    }

    @Test
    void theDefaultInstanceIsMockWithoutAnyConfiguration() {
        RecordingBundleContext r = new RecordingBundleContext();
        MockProviderComponent c = new MockProviderComponent(
                r.context(), Map.of("component.name", MockProviderComponent.class.getName(), "component.id", 3L));
        try {
            assertEquals("mock", ((Orchestrator) r.only(Orchestrator.class).service()).name());
            assertEquals("mock", r.only(PodProvider.class).property(ProviderProperties.NAME));
            assertEquals(0, r.only(PodProvider.class).property(Constants.SERVICE_RANKING));
        } finally {
            c.deactivate();
        }
    }

    // The FAILED stand-in: one registration under both contracts, with the reason as a service property.
    private static String failure(RecordingBundleContext r, String name) {
        assertEquals(1, r.registrations().size(), "one stand-in");
        RecordingBundleContext.Registration standIn = r.registrations().get(0);
        assertEquals(List.of(Orchestrator.class.getName(), PodProvider.class.getName()), standIn.contracts());
        assertEquals(name, standIn.property(ProviderProperties.NAME));
        assertFalse(standIn.service() instanceof MockOrchestrator, "a FAILED instance serves no mock");
        assertThrows(UnavailableException.class, ((Orchestrator) standIn.service())::name);
        return String.valueOf(standIn.property(ProviderProperties.FAILURE));
    }

    @Test
    void aValueThatDoesNotParseIsFailedWithTheKeyInTheReason() {
        RecordingBundleContext r = new RecordingBundleContext();
        MockFactoryComponent c = new MockFactoryComponent(r.context(), factory(Map.of("node.memory", "lots")));
        String reason = failure(r, "edge");
        assertTrue(reason.contains("node.memory") && reason.contains("lots"), reason);
        assertTrue(reason.contains(EDGE_PID), "the reason names the configuration: " + reason);
        c.deactivate();
        assertTrue(r.registrations().stream().allMatch(each -> each.unregistered()));
    }

    @Test
    void aRenamedKeyIsFailedAndTheReasonListsTheKnownKeys() {
        RecordingBundleContext r = new RecordingBundleContext();
        MockFactoryComponent c = new MockFactoryComponent(r.context(), factory(Map.of("pods", "5")));
        try {
            String reason = failure(r, "edge");
            assertTrue(reason.contains("unknown key(s) pods"), reason);
            assertTrue(reason.contains("max.pods") && reason.contains("volume.pool"), reason);
        } finally {
            c.deactivate();
        }
    }

    @Test
    void anInvalidNameIsFailedUnderTheNameItsFileGives() {
        RecordingBundleContext r = new RecordingBundleContext();
        MockFactoryComponent c = new MockFactoryComponent(r.context(), factory(Map.of("name", "UPPER")));
        try {
            String reason = failure(r, "edge");
            assertTrue(reason.contains("\"UPPER\"") && reason.contains("DNS-1123"), reason);
        } finally {
            c.deactivate();
        }
    }

    @Test
    void aFactoryConfigurationWithoutAnyNameIsFailed() {
        RecordingBundleContext r = new RecordingBundleContext();
        Map<String, Object> unnamed = new HashMap<>(factory(Map.of()));
        unnamed.put(Constants.SERVICE_PID, "dev.orchard.provider.mock.4f1c9a");
        MockFactoryComponent c = new MockFactoryComponent(r.context(), unnamed);
        try {
            String reason = failure(r, "");
            assertTrue(reason.contains("name") && reason.contains("must not be empty"), reason);
        } finally {
            c.deactivate();
        }
    }
}
