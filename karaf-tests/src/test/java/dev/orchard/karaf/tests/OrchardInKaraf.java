package dev.orchard.karaf.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.ProviderInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.osgi.framework.BundleContext;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Everything the Karaf test does with Orchard's API, inside Karaf.
 *
 * <p>The test class itself names no {@code dev.orchard.api} type: its probe bundle imports packages dynamically,
 * and the API bundle exists only once the test has installed the orchard feature. This class is loaded after that,
 * when the test first creates it.
 */
public final class OrchardInKaraf {
    private final ServiceTracker<OrchestratorRegistry, OrchestratorRegistry> orchestrators;
    private final ServiceTracker<PodProviderRegistry, PodProviderRegistry> pods;

    /**
     * Starts tracking both registries, for the rest of this Karaf's life.
     *
     * @param context the test probe's bundle context
     */
    public OrchardInKaraf(BundleContext context) {
        orchestrators = new ServiceTracker<>(context, OrchestratorRegistry.class, null);
        pods = new ServiceTracker<>(context, PodProviderRegistry.class, null);
        orchestrators.open();
        pods.open();
    }

    /**
     * Waits until both registries are services and list every given name.
     *
     * @param names the provider names
     * @param timeoutMs how long to wait
     */
    public void awaitProviders(Set<String> names, long timeoutMs) {
        Await.until(
                "both registries list " + names,
                timeoutMs,
                () -> orchestratorNames().containsAll(names)
                        && podProviderNames().containsAll(names));
    }

    /**
     * The names the orchestrator registry lists; empty while it is not a service.
     *
     * @return the names, sorted
     */
    public Set<String> orchestratorNames() {
        OrchestratorRegistry registry = orchestrators.getService();
        return registry == null ? Set.of() : new TreeSet<>(registry.names());
    }

    /**
     * The names the pod provider registry lists; empty while it is not a service.
     *
     * @return the names, sorted
     */
    public Set<String> podProviderNames() {
        PodProviderRegistry registry = pods.getService();
        return registry == null ? Set.of() : new TreeSet<>(registry.names());
    }

    /**
     * The bundle of the active orchestrator of a name, as the registry reports it.
     *
     * @param name the provider name
     * @return {@code symbolic-name/version}, or empty if the registry has no such provider
     */
    public Optional<String> orchestratorBundle(String name) {
        OrchestratorRegistry registry = orchestrators.getService();
        if (registry == null) {
            return Optional.empty();
        }
        return registry.providers().stream()
                .filter(p -> p.name().equals(name))
                .map(ProviderInfo::bundle)
                .findFirst();
    }

    /**
     * Creates a volume through the registry's {@code local} orchestrator, checks that it is a directory under the
     * configured root, deletes it and checks that the directory is gone.
     *
     * @param root the volume root the local provider was configured with
     * @param namespace the volume's namespace
     * @param name the volume's name
     */
    public void createAndDeleteLocalVolume(Path root, String namespace, String name) {
        OrchestratorRegistry registry = orchestrators.getService();
        StorageOps storage = registry.get("local")
                .storageOps()
                .orElseThrow(() -> new AssertionError("the local orchestrator has no storage operations"));
        VolumeProfile profile = profileOf(namespace, name);
        Path directory = root.resolve(namespace).resolve(name);
        assertFalse(directory + " exists before the volume is created", Files.exists(directory));

        Volume volume = storage.addStorage(profile);
        assertEquals(name, volume.name());
        assertEquals(namespace, volume.namespace());
        assertTrue("the volume's directory " + directory, Files.isDirectory(directory));
        assertTrue("the volume reads back", storage.readStorage(profile).isPresent());
        assertTrue(
                "the volume is listed",
                storage.listStorage(VolumeProfile.builder().namespace(namespace).build()).items().stream()
                        .anyMatch(v -> v.name().equals(name)));

        assertTrue("deleteStorage removed the volume", storage.deleteStorage(profile));
        assertFalse(directory + " is gone after the delete", Files.exists(directory));
        assertFalse(
                "the volume no longer reads back", storage.readStorage(profile).isPresent());
    }

    /**
     * Adds a 1Mi volume through the registry's orchestrator of a name.
     *
     * @param provider the orchestrator's name
     * @param namespace the volume's namespace
     * @param name the volume's name
     */
    public void addVolume(String provider, String namespace, String name) {
        Volume volume = storageOf(provider).addStorage(profileOf(provider, namespace, name));
        assertEquals(name, volume.name());
        assertEquals(1L << 20, volume.capacityBytes());
    }

    /**
     * Deletes a volume through the registry's orchestrator of a name.
     *
     * @param provider the orchestrator's name
     * @param namespace the volume's namespace
     * @param name the volume's name
     * @return whether it existed
     */
    public boolean deleteVolume(String provider, String namespace, String name) {
        return storageOf(provider).deleteStorage(profileOf(provider, namespace, name));
    }

    private StorageOps storageOf(String provider) {
        return orchestrators
                .getService()
                .get(provider)
                .storageOps()
                .orElseThrow(() -> new AssertionError("the " + provider + " orchestrator has no storage operations"));
    }

    private static VolumeProfile profileOf(String namespace, String name) {
        return profileOf("local", namespace, name);
    }

    private static VolumeProfile profileOf(String provider, String namespace, String name) {
        return VolumeProfile.builder()
                .namespace(namespace)
                .name(name)
                .capacity("1Mi")
                .orchestrator(provider)
                .build();
    }
}
