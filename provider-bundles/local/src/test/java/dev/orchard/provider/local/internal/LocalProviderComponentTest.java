package dev.orchard.provider.local.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.provider.RecordingBundleContext;
import dev.orchard.api.registry.ProviderProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;

/**
 * The component with a fake framework that records what is registered: a valid configuration publishes the
 * orchestrator and the pods under the configured name; an invalid one publishes the name as FAILED with the
 * reason, which the registry files and {@code orchard:providers} shows, instead of making {@code local} vanish.
 */
class LocalProviderComponentTest {
    @TempDir
    Path dir;

    private final RecordingBundleContext framework = new RecordingBundleContext();
    private final BundleContext context = framework.context();

    // Folders in the test's temp folder, so that nothing is made in the working folder; the rest as given.
    private Map<String, Object> config(String... keysAndValues) {
        Map<String, Object> props = new HashMap<>();
        props.put("component.name", "dev.orchard.provider.local.internal.LocalProviderComponent");
        props.put("component.id", 7L);
        props.put("volume.root", dir.resolve("volumes").toString());
        props.put("sandbox.root", dir.resolve("pods").toString());
        for (int i = 0; i < keysAndValues.length; i += 2) {
            props.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return props;
    }

    private RecordingBundleContext.Registration registeredAs(Class<?> contract) {
        return framework.registrations().stream()
                .filter(r -> r.contracts().contains(contract.getName()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("nothing registered as " + contract.getName()));
    }

    @Test
    void aValidConfigurationPublishesTheOrchestratorAndThePodsUnderItsName() {
        LocalProviderComponent component = new LocalProviderComponent(
                context,
                config("name", "edge", "service.ranking", "5", "volume.pool", "1Gi", "max.pods", "3", "label", "l"));
        try {
            assertEquals(2, framework.registrations().size(), "one registration per service object");
            for (RecordingBundleContext.Registration r : framework.registrations()) {
                assertEquals("edge", r.property(ProviderProperties.NAME));
                assertEquals(5, r.property(Constants.SERVICE_RANKING));
                assertNull(r.property(ProviderProperties.FAILURE), "it serves");
            }
            Orchestrator orchestrator =
                    (Orchestrator) registeredAs(Orchestrator.class).service();
            assertEquals("edge", orchestrator.name());
            assertEquals("l", orchestrator.label());
            orchestrator
                    .storageOps()
                    .orElseThrow()
                    .addStorage(
                            VolumeProfile.builder().name("v").capacity("1Mi").build());
            assertTrue(Files.isDirectory(dir.resolve("volumes/default/v")), "volume.root is where volumes go");
            PodProvider pods = (PodProvider) registeredAs(PodProvider.class).service();
            Node node = pods.configureNode(new Node("edge", Map.of(), null, null, null, null, null, null));
            assertEquals(3, node.capacity().pods(), "max.pods");
            assertTrue(Files.isDirectory(dir.resolve("pods")), "sandbox.root is where pods go");
        } finally {
            component.deactivate();
        }
        assertTrue(framework.registrations().stream().allMatch(r -> r.unregistered()), "deactivation unregisters both");
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({
        "volume.pool, lots, configuration key volume.pool",
        "max.pods, 0, configuration key max.pods",
        "max.pods, many, configuration key max.pods",
        "pods, /srv/pods, unknown key(s) pods; the known keys are",
        "maxPods, 20, unknown key(s) maxPods; the known keys are",
        "root, /srv/volumes, unknown key(s) root;",
        "service.ranking, high, configuration key service.ranking",
    })
    void anInvalidConfigurationLeavesLocalRegisteredAsFailedWithTheReason(String key, String value, String reason) {
        LocalProviderComponent component = new LocalProviderComponent(context, config(key, value));
        try {
            assertEquals(
                    List.of(Orchestrator.class.getName(), PodProvider.class.getName()),
                    framework.registrations().stream()
                            .flatMap(r -> r.contracts().stream())
                            .sorted()
                            .toList(),
                    "both contracts are still registered");
            for (RecordingBundleContext.Registration r : framework.registrations()) {
                assertEquals("local", r.property(ProviderProperties.NAME), "under the name it would have had");
                String failure = (String) r.property(ProviderProperties.FAILURE);
                assertTrue(failure != null && failure.contains(reason), failure);
                if (!reason.startsWith("unknown")) {
                    assertTrue(failure.contains("\"" + value + "\""), "the value is quoted: " + failure);
                }
            }
            UnavailableException e = assertThrows(
                    UnavailableException.class,
                    () -> ((PodProvider) registeredAs(PodProvider.class).service()).getPods());
            assertTrue(e.getMessage().contains("FAILED"), e.getMessage());
            assertFalse(Files.exists(dir.resolve("volumes")), "nothing is made before every key is checked");
            assertFalse(Files.exists(dir.resolve("pods")), "nothing is made before every key is checked");
        } finally {
            component.deactivate();
        }
    }

    @Test
    void aNameThatIsNoLabelIsFailedUnderTheDefaultName() {
        LocalProviderComponent component = new LocalProviderComponent(context, config("name", "UPPER"));
        component.deactivate();
        assertEquals(
                "local",
                framework.registrations().get(0).property(ProviderProperties.NAME),
                "filed where orchard:provider local finds it with its reason");
        String failure = (String) framework.registrations().get(0).property(ProviderProperties.FAILURE);
        assertTrue(failure.contains("UPPER") && failure.contains("configuration key name"), failure);
    }

    @Test
    void aVolumeRootThatCannotBeUsedIsFailedWithTheFolder() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "not a folder");
        LocalProviderComponent component = new LocalProviderComponent(context, config("volume.root", file.toString()));
        component.deactivate();
        String failure = (String) framework.registrations().get(0).property(ProviderProperties.FAILURE);
        assertTrue(failure.contains("the local volume root " + file + " cannot be used"), failure);
    }
}
