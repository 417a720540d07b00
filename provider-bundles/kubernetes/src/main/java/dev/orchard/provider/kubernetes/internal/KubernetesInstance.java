package dev.orchard.provider.kubernetes.internal;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.provider.ProviderServices;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.kubernetes.cluster.ClusterSettings;
import dev.orchard.provider.kubernetes.internal.node.KubernetesNode;
import dev.orchard.provider.kubernetes.internal.pods.KubernetesPods;
import dev.orchard.provider.kubernetes.internal.volumes.KubernetesStorage;
import dev.orchard.provider.kubernetes.mapping.NamespaceMapping;
import dev.orchard.provider.kubernetes.mapping.OriginLabels;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Kubernetes provider instance: its connection, storage, node, pods and orchestrator, built from a
 * configuration and offered as the services its component publishes. Closing it closes the informer and the client.
 */
final class KubernetesInstance implements AutoCloseable {
    /** The contracts an instance serves, also when it is FAILED. */
    static final List<Class<?>> CONTRACTS = List.of(Orchestrator.class, PodProvider.class);

    private static final Logger LOG = LoggerFactory.getLogger(KubernetesInstance.class);

    private final ClusterClient cluster;
    private final KubernetesPods pods;
    private final KubernetesOrchestrator orchestrator;

    /**
     * Connects an instance: builds the client and starts the pod watch, without waiting for the cluster.
     *
     * @param name the provider name
     * @param settings where the cluster is
     * @param config the rest of the configuration
     * @param clock the clock of stats and notifications
     * @throws InvalidInputException naming the key whose value is not usable
     */
    KubernetesInstance(String name, ClusterSettings settings, ProviderConfiguration config, Clock clock) {
        NamespaceMapping namespaces = new NamespaceMapping(config.text(NamespaceMapping.PREFIX_KEY));
        OriginLabels origin = new OriginLabels(name);
        String storageClass = config.text("storage.class");
        if (!storageClass.isEmpty()) {
            dev.orchard.api.naming.Names.requireDns1123Label("configuration key storage.class", storageClass);
        }
        this.cluster = new ClusterClient(settings);
        try {
            KubernetesNode node = new KubernetesNode(cluster, namespaces, name, clock);
            KubernetesStorage storage = new KubernetesStorage(cluster, namespaces, origin, storageClass);
            this.pods = new KubernetesPods(cluster, namespaces, origin, node, storage, clock);
            this.orchestrator = new KubernetesOrchestrator(
                    name,
                    config.text(ProviderConfiguration.LABEL),
                    config.text(ProviderConfiguration.REGION),
                    node,
                    storage);
            if (config.text(ProviderConfiguration.REGION).isEmpty()) {
                Thread regions = new Thread(node::refresh, "orchard-kubernetes-" + name + "-regions");
                regions.setDaemon(true);
                regions.start();
            }
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
        LOG.info("Kubernetes provider {} drives {}", name, settings.describe());
    }

    /**
     * Builds an instance from its configuration and returns its services.
     *
     * @param config the configuration; {@link KubernetesConfiguration} declares its keys
     * @param inCluster where the cluster is when the configuration names none: the pod's own, or null outside one
     * @return the orchestrator and the pods (also a PodNotifier), which close the instance when they stop
     * @throws InvalidInputException naming the key whose value is not usable
     */
    static ProviderServices services(ProviderConfiguration config, InCluster inCluster) {
        boolean configured = !config.text(ClusterSettings.KUBECONFIG).isEmpty()
                || !config.text(ClusterSettings.MASTER_URL).isEmpty();
        ClusterSettings pod = configured || inCluster == null
                ? null
                : inCluster.settings(Duration.ofMillis(config.count(ClusterSettings.REQUEST_TIMEOUT_MS)));
        ClusterSettings settings =
                pod != null ? pod : ClusterSettings.from(config, Path.of("").toAbsolutePath());
        KubernetesInstance instance = new KubernetesInstance(config.name(), settings, config, Clock.systemUTC());
        return ProviderServices.of(Orchestrator.class, instance.orchestrator)
                .and(PodProvider.class, instance.pods)
                .onStop(instance::close);
    }

    /** Where a pod finds its own cluster: its environment and its service account's folder. */
    interface InCluster {
        /**
         * The settings of the pod's cluster.
         *
         * @param requestTimeout how long one request may take
         * @return the settings, or null outside a pod
         */
        ClusterSettings settings(Duration requestTimeout);
    }

    /** The orchestrator. */
    KubernetesOrchestrator orchestrator() {
        return orchestrator;
    }

    /** The pods. */
    KubernetesPods pods() {
        return pods;
    }

    /** Stops the watch and closes the client: no thread or connection of the instance outlives this. */
    @Override
    public void close() {
        try {
            pods.close();
        } finally {
            cluster.close();
        }
    }
}
