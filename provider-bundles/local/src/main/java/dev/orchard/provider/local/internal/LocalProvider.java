package dev.orchard.provider.local.internal;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.provider.ProviderServices;
import dev.orchard.provider.local.internal.files.RootFolder;
import dev.orchard.provider.local.internal.files.RootLock;
import dev.orchard.provider.local.internal.pods.LocalPods;
import dev.orchard.provider.local.internal.volumes.LocalStorage;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One instance of the local provider, opened from its configuration: it owns its two roots (an OS lock on each),
 * opens its volumes, orchestrator and pods in them, and stops. Plain Java: the component publishes what this
 * opens, and tests and benchmarks open it with no framework.
 *
 * <p>Exactly one instance supervises a root. An instance whose roots another instance or process owns serves no
 * call: it is published FAILED with the reason, and checks every {@value RootWaiter#POLL_MILLIS} ms whether the
 * owner has left ({@link RootWaiter}); then it takes the roots over, adopting their pods without restarting them,
 * and serves. An owner that leaves hands its roots over to the instance that waits ({@link #handOver}).
 */
public final class LocalProvider {
    /** The name of the instance when the configuration names none. */
    static final String DEFAULT_NAME = "local";

    // How long an owner that leaves waits for the instance that waits for its roots to claim them.
    private static final long HANDOVER_MILLIS = 1_000;

    private static final Logger LOG = LoggerFactory.getLogger(LocalProvider.class);

    // The keys of LocalConfiguration that only the local provider has; ProviderConfiguration checks each is declared.
    private static final String VOLUME_ROOT = "volume.root";
    private static final String VOLUME_POOL = "volume.pool";
    private static final String SANDBOX_ROOT = "sandbox.root";
    private static final String MAX_PODS = "max.pods";

    /** What the configuration says, checked before anything is made on disk. */
    private record Settings(
            String name,
            String label,
            String region,
            Path volumeRoot,
            long poolBytes,
            Path sandboxRoot,
            int maxPods,
            Clock clock) {}

    private final Settings settings;
    private final Handover handover;
    private final Object lock = new Object();
    private final List<RootLock> owned = new ArrayList<>();
    private LocalOrchestrator orchestrator;
    private LocalPods pods;
    private Consumer<Pod> pendingCallback;
    private final RootWaiter waiter;
    private boolean stopped;

    private LocalProvider(Settings settings) {
        this.settings = settings;
        this.handover = new Handover(settings.sandboxRoot());
        this.waiter = new RootWaiter(
                settings.name(),
                lock,
                handover,
                this::tryOpen,
                () -> pods != null,
                () -> waiting().orElse(""));
    }

    /**
     * Opens an instance. Every key is read and checked before anything is made on disk; then the roots are
     * checked and marked, and, if no other instance owns them, taken, the volume root reconciled and the pods an
     * earlier instance left adopted. If another owns them, the instance waits for them (see {@link #waiting}).
     *
     * @param config the configuration, whose keys {@link LocalConfiguration} declares
     * @param base the folder that relative folders are resolved against: the runtime's folder
     * @param clock the clock for creation times
     * @return the instance
     * @throws InvalidInputException if a value is invalid, naming the key, the value and what is allowed
     * @throws UnavailableException if a folder cannot be used
     */
    public static LocalProvider open(ProviderConfiguration config, Path base, Clock clock) {
        LocalProvider p = new LocalProvider(new Settings(
                config.name(),
                config.text(ProviderConfiguration.LABEL),
                config.text(ProviderConfiguration.REGION),
                config.folder(VOLUME_ROOT, base, "data/volumes"),
                config.bytes(VOLUME_POOL).orElse(0L),
                config.folder(SANDBOX_ROOT, base, "data/pods"),
                config.count(MAX_PODS),
                clock));
        if (!p.tryOpen()) {
            p.waiter.start();
        }
        return p;
    }

    // Takes both roots and opens what is in them; false, holding nothing, if another owns one of them.
    private boolean tryOpen() {
        Settings s = settings;
        RootFolder volumeRoot = root(s.volumeRoot(), "volume root", LocalStorage::root);
        RootFolder sandboxRoot = root(s.sandboxRoot(), "pod folder", LocalPods::root);
        synchronized (lock) {
            if (stopped) {
                return true;
            }
            List<RootLock> taken = new ArrayList<>();
            try {
                for (Path root : List.of(volumeRoot.path(), sandboxRoot.path())) {
                    Optional<RootLock> l = RootLock.tryTake(root);
                    if (l.isEmpty()) {
                        taken.forEach(RootLock::close);
                        return false;
                    }
                    taken.add(l.get());
                }
                LocalStorage storage = new LocalStorage(volumeRoot, s.poolBytes(), s.clock());
                LocalPods opened = new LocalPods(sandboxRoot, storage, s.clock(), s.name(), s.maxPods());
                storage.releaseUnused(opened.volumesInUse());
                orchestrator = new LocalOrchestrator(s.name(), s.label(), s.region(), storage);
                pods = opened;
                waiter.owned();
                if (pendingCallback != null) {
                    pods.notifyPods(pendingCallback);
                }
                owned.addAll(taken);
            } catch (IOException e) {
                taken.forEach(RootLock::close);
                throw new UnavailableException(
                        "the local roots " + s.volumeRoot() + " and " + s.sandboxRoot() + " cannot be used: " + e, e);
            } catch (RuntimeException e) {
                taken.forEach(RootLock::close);
                throw e;
            }
        }
        return true;
    }

    private interface Opener {
        RootFolder open(Path configured) throws IOException;
    }

    private static RootFolder root(Path configured, String what, Opener opener) {
        try {
            return opener.open(configured);
        } catch (IOException e) {
            throw new UnavailableException("the local " + what + " " + configured + " cannot be used: " + e, e);
        }
    }

    /**
     * Why the instance serves nothing yet.
     *
     * @return the reason while another instance or process owns a root; empty once this one owns them
     */
    public Optional<String> waiting() {
        synchronized (lock) {
            if (pods != null) {
                return Optional.empty();
            }
        }
        return Optional.of("another instance or process owns its data roots " + settings.volumeRoot() + " and "
                + settings.sandboxRoot() + " (an OS lock on " + RootLock.NAME
                + " in each); it takes them over within a second once that one stops");
    }

    /**
     * Runs an action once the instance owns its roots: at once if it does.
     *
     * @param action e.g. the publication's {@code serve}
     */
    public void whenOwned(Runnable action) {
        synchronized (lock) {
            if (pods == null) {
                waiter.whenOwned(action);
                return;
            }
        }
        action.run();
    }

    /**
     * Sets what to do when an owner hands the roots over to this waiting instance: it serves at once (the calls
     * wait for the roots), and is FAILED again if the owner does not leave in time ({@link RootWaiter}).
     *
     * @param serve e.g. the publication's {@code serve}
     * @param fail e.g. the publication's {@code fail}, given the reason
     */
    public void whenHandedOver(Runnable serve, Consumer<String> fail) {
        waiter.whenHandedOver(serve, fail);
    }

    /**
     * Before an owner leaves (its bundle stops): hands the roots over to an instance that waits for them, if
     * there is one, so that the registry switches to it before this one unregisters. Waits at most
     * {@value #HANDOVER_MILLIS} ms; does nothing if this instance does not own its roots.
     */
    public void handOver() {
        synchronized (lock) {
            if (pods == null || stopped) {
                return;
            }
        }
        try {
            if (handover.ask(HANDOVER_MILLIS)) {
                LOG.info("Local provider {} hands its roots over to the instance that waits for them", settings.name());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The orchestrator, with the volumes as its storage.
     *
     * @return the orchestrator
     * @throws UnavailableException while another instance owns the roots
     */
    public Orchestrator orchestrator() {
        synchronized (lock) {
            if (orchestrator == null) {
                throw new UnavailableException(waiting().orElse("not open"));
            }
            return orchestrator;
        }
    }

    /**
     * The pods.
     *
     * @return the pod provider, which also pushes notifications
     * @throws UnavailableException while another instance owns the roots
     */
    public PodProvider pods() {
        synchronized (lock) {
            if (pods == null) {
                throw new UnavailableException(waiting().orElse("not open"));
            }
            return pods;
        }
    }

    /**
     * What the component publishes: the orchestrator and the pods, or, while another instance owns the roots,
     * stand-ins that serve through them once this one does, published FAILED with the reason until then. Once
     * unregistered, the instance detaches, leaves its pods running for the next instance to adopt, and gives
     * its roots up.
     *
     * @return the services
     */
    public ProviderServices services() {
        Optional<String> reason = waiting();
        if (reason.isEmpty()) {
            return ProviderServices.of(Orchestrator.class, orchestrator)
                    .and(PodProvider.class, pods)
                    .onStop(this::detach);
        }
        return ProviderServices.of(
                        Orchestrator.class,
                        Owned.standIn(Orchestrator.class, this::openOrchestrator, this::reason, this::keep))
                .and(PodProvider.class, Owned.standIn(PodProvider.class, this::openPods, this::reason, this::keep))
                .onStop(this::detach)
                .failing(reason.get());
    }

    private Object openOrchestrator() {
        synchronized (lock) {
            waiter.awaitTakeover();
            return orchestrator;
        }
    }

    private Object openPods() {
        synchronized (lock) {
            waiter.awaitTakeover();
            return pods;
        }
    }

    private String reason() {
        return waiting().orElse("");
    }

    private void keep(Consumer<Pod> callback) {
        synchronized (lock) {
            if (pods != null) {
                pods.notifyPods(callback);
            } else {
                pendingCallback = callback;
            }
        }
    }

    /** Leaves the pods running for the next instance, stops waiting, and gives the roots up. */
    public void detach() {
        stop(false);
    }

    /** Stops every pod and the instance's threads, and gives the roots up: for tests and benchmarks. */
    public void close() {
        stop(true);
    }

    private void stop(boolean deletePods) {
        LocalPods p;
        synchronized (lock) {
            stopped = true;
            p = pods;
        }
        waiter.stop();
        try {
            if (p != null && deletePods) {
                p.close();
            } else if (p != null) {
                p.detach();
            }
        } finally {
            synchronized (lock) {
                owned.forEach(RootLock::close);
                owned.clear();
            }
        }
    }
}
