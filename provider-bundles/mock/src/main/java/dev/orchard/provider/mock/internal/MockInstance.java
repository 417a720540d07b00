package dev.orchard.provider.mock.internal;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.provider.PodNotificationQueue;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.provider.ProviderServices;
import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One mock provider instance: its storage, node, pods and orchestrator, built from a configuration and offered as
 * the services that its component publishes.
 */
final class MockInstance {
    private static final Logger LOG = LoggerFactory.getLogger(MockInstance.class);

    /** The contracts a mock instance serves, also when it is FAILED. */
    static final List<Class<?>> CONTRACTS = List.of(Orchestrator.class, PodProvider.class);

    private final MockStorage storage;
    private final MockPods pods;
    private final MockOrchestrator orchestrator;

    /**
     * Creates an instance with no volumes and no pods.
     *
     * @param name the provider name
     * @param label the orchestrator's label
     * @param region the orchestrator's region
     * @param capacity cpu, memory and pods the node offers
     * @param poolBytes the bytes all volumes together may claim
     * @param clock the clock for creation, start and log times
     * @throws InvalidInputException if the name is not a DNS-1123 label, or capacity or pool is not positive
     */
    MockInstance(String name, String label, String region, Resources capacity, long poolBytes, Clock clock) {
        MockNode node = new MockNode(name, capacity, clock);
        storage = new MockStorage(poolBytes, clock);
        orchestrator = new MockOrchestrator(name, label, region, storage);
        pods = new MockPods(
                storage,
                node,
                clock,
                new PodNotificationQueue(
                        "orchard-mock-" + name + "-notify",
                        (pod, e) -> LOG.warn("Pod notification callback of mock {} threw", name, e)));
    }

    /**
     * Builds an instance from its configuration and returns its services, as the components publish them.
     *
     * @param config the configuration; {@link MockConfiguration} declares its keys
     * @return the orchestrator and the pods (also a PodNotifier), which close the instance when they stop
     * @throws InvalidInputException naming the key whose value is not valid
     */
    static ProviderServices services(ProviderConfiguration config) {
        MockInstance mock = from(config, Clock.systemUTC());
        return ProviderServices.of(Orchestrator.class, mock.orchestrator)
                .and(PodProvider.class, mock.pods)
                .onStop(mock::close);
    }

    /**
     * Builds an instance from its configuration.
     *
     * @param config the configuration; {@link MockConfiguration} declares its keys
     * @param clock the clock for creation, start and log times
     * @return the instance
     * @throws InvalidInputException naming the key whose value is not valid
     */
    static MockInstance from(ProviderConfiguration config, Clock clock) {
        Resources capacity = new Resources(
                config.millicores("node.cpu"),
                config.bytes("node.memory")
                        .orElseThrow(() -> new InvalidInputException(
                                "configuration key node.memory must not be empty; expected a quantity such as 100Gi")),
                config.count("max.pods"));
        return new MockInstance(
                config.name(),
                config.text(ProviderConfiguration.LABEL),
                config.text(ProviderConfiguration.REGION),
                capacity,
                config.bytes("volume.pool").orElse(Long.MAX_VALUE),
                clock);
    }

    /** The orchestrator, for tests and {@link #services}. */
    MockOrchestrator orchestrator() {
        return orchestrator;
    }

    /** The storage, which the orchestrator offers. */
    MockStorage storage() {
        return storage;
    }

    /** The pods, the node's stats, logs and exec. */
    MockPods pods() {
        return pods;
    }

    /** Stops delivering pod notifications. */
    void close() {
        pods.close();
    }
}
