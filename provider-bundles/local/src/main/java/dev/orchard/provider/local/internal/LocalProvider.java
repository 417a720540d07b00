package dev.orchard.provider.local.internal;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.provider.ProviderServices;
import dev.orchard.provider.local.internal.pods.LocalPods;
import dev.orchard.provider.local.internal.volumes.LocalStorage;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;

/**
 * One instance of the local provider, opened from its configuration: its volumes, its orchestrator and its pods,
 * and how it stops. Plain Java: the component publishes what this opens, and tests and benchmarks open it with no
 * framework.
 */
public final class LocalProvider {
    /** The name of the instance when the configuration names none. */
    static final String DEFAULT_NAME = "local";

    // The keys of LocalConfiguration that only the local provider has; ProviderConfiguration checks each is declared.
    private static final String VOLUME_ROOT = "volume.root";
    private static final String VOLUME_POOL = "volume.pool";
    private static final String SANDBOX_ROOT = "sandbox.root";
    private static final String MAX_PODS = "max.pods";

    private final LocalOrchestrator orchestrator;
    private final LocalPods pods;

    private LocalProvider(LocalOrchestrator orchestrator, LocalPods pods) {
        this.orchestrator = orchestrator;
        this.pods = pods;
    }

    /**
     * Opens an instance. Every key is read and checked before anything is made on disk; then the volume root is
     * opened (and reconciled), and the sandbox root (adopting the pods an earlier instance left there).
     *
     * @param config the configuration, whose keys {@link LocalConfiguration} declares
     * @param base the folder that relative folders are resolved against: the runtime's folder
     * @param clock the clock for creation times
     * @return the instance
     * @throws InvalidInputException if a value is invalid, naming the key, the value and what is allowed
     * @throws UnavailableException if a folder cannot be used
     */
    public static LocalProvider open(ProviderConfiguration config, Path base, Clock clock) {
        String name = config.name();
        String label = config.text(ProviderConfiguration.LABEL);
        String region = config.text(ProviderConfiguration.REGION);
        Path volumeRoot = config.folder(VOLUME_ROOT, base, "data/volumes");
        long poolBytes = config.bytes(VOLUME_POOL).orElse(0L);
        Path sandboxRoot = config.folder(SANDBOX_ROOT, base, "data/pods");
        int maxPods = config.count(MAX_PODS);
        LocalStorage storage;
        try {
            storage = new LocalStorage(LocalStorage.root(volumeRoot), poolBytes, clock);
        } catch (IOException e) {
            throw new UnavailableException("the local volume root " + volumeRoot + " cannot be used: " + e, e);
        }
        LocalPods pods;
        try {
            pods = new LocalPods(LocalPods.root(sandboxRoot), storage, clock, name, maxPods);
        } catch (IOException e) {
            throw new UnavailableException("the local pod folder " + sandboxRoot + " cannot be used: " + e, e);
        }
        storage.releaseUnused(pods.volumesInUse());
        return new LocalProvider(new LocalOrchestrator(name, label, region, storage), pods);
    }

    /**
     * The orchestrator, with the volumes as its storage.
     *
     * @return the orchestrator
     */
    public Orchestrator orchestrator() {
        return orchestrator;
    }

    /**
     * The pods.
     *
     * @return the pod provider, which also pushes notifications
     */
    public PodProvider pods() {
        return pods;
    }

    /**
     * What the component publishes: the orchestrator and the pods; once unregistered, the instance detaches and
     * leaves its pods running for the next instance to adopt.
     *
     * @return the services
     */
    public ProviderServices services() {
        return ProviderServices.of(Orchestrator.class, orchestrator)
                .and(PodProvider.class, pods)
                .onStop(pods::detach);
    }

    /** Stops every pod and the instance's threads: for tests and benchmarks, which leave nothing running. */
    public void close() {
        pods.close();
    }
}
